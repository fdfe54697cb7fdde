export { mountFeedbackExport } from './csv.ts';
export {
  type FeedbackPage,
  type FeedbackState,
  type FeedbackView,
  feedbackPageFor,
  meetingDetailsWithFeedback,
  meetingsAwaitingFeedback,
  meetingsWithFeedback,
  submitFeedback,
} from './feedback.ts';
export { sendFeedbackInvitations, sendFeedbackReminders } from './invitations.ts';
export { eraseFeedbackTextsOf, feedbackPersonalData } from './personal-data.ts';
export {
  type FeedbackItemView,
  type FeedbackResults,
  feedbackOverviewFor,
  feedbackResultsFor,
  satisfactionOfHeld,
} from './report.ts';
