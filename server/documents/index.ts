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
export { documentsPersonalData } from './personal-data.ts';
export { setCompanyPicture } from './pictures.ts';
export { mountDocumentRoutes } from './routes.ts';
export { slotDocumentsFor } from './slot-documents.ts';
export {
  addTeacherDocument,
  removeAllTeacherDocuments,
  removeTeacherDocument,
  teacherDocumentsFor,
} from './teacher-documents.ts';
export {
  addVisitDocument,
  companyVisitDocuments,
  documentItems,
  removeVisitDocument,
} from './visit-documents.ts';
