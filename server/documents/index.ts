export { mountDocumentRoutes } from './routes.ts';
export { slotDocumentsFor } from './slot-documents.ts';
export { removeAllTeacherDocuments, teacherDocumentsFor } from './teacher-documents.ts';
export { companyVisitDocuments, documentItems } from './visit-documents.ts';
