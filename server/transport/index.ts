export { eraseTransportCommentsOf, transportPersonalData } from './personal-data.ts';
export {
  answerTransportRequest,
  closeTransportOfCancelledMeeting,
  latestTransportRequest,
  requestTransportHelp,
  waitingTransportRequestsCount,
} from './requests.ts';
export {
  RECENT_TRANSPORT_REQUESTS,
  type TransportHelp,
  transportHelpFor,
  transportRequestsForOperators,
  transportRequestsInBatches,
} from './views.ts';
