export {
  attestationCodeFor,
  type MeetingDocument,
  type MeetingDocumentLink,
  meetingDocumentFor,
  meetingDocumentLinks,
  type PublicAttestation,
  publicAttestation,
  upcomingTicketPaths,
} from './class-out.ts';
export { mountMeetingDocumentRoutes } from './class-out-routes.ts';
export { mountDocumentRoutes } from './routes.ts';
export { slotDocumentsFor } from './slot-documents.ts';
export { removeAllTeacherDocuments, teacherDocumentsFor } from './teacher-documents.ts';
export { companyVisitDocuments, documentItems } from './visit-documents.ts';
