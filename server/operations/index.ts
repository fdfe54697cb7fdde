export { ALARM_EVERY_MS, sendOperationsAlarm } from './alarms.ts';
export { type JobRunView, recordJobEnd, recordJobStart } from './job-runs.ts';
export { operationsMails } from './mails.ts';
export {
  BACKLOG_ALARM_MS,
  type FailedDelivery,
  type Operations,
  operationsOverview,
  retryFailedDelivery,
  type TopicBacklog,
} from './overview.ts';
export { mountReadiness } from './readiness.ts';
