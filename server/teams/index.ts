export {
  acceptRecruiterInvitation,
  invitationOf,
  inviteRecruiter,
  withdrawInvitation,
} from './invitations.ts';
export {
  answerJoinRequest,
  confirmJoinRequest,
  deleteUnconfirmedJoinRequests,
  type JoinRequestLink,
  joinRequestLinkOf,
  mailJoinRequestsOnValidation,
  requestToJoinCompany,
  waitingJoinRequestCounts,
} from './join-requests.ts';
export { teamsPersonalData } from './personal-data.ts';
export { myTeam, removeRecruiter, setRecruiterRole, teamSpeakersFor } from './team.ts';
