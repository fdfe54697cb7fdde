export { mountDocumentRoutes } from './routes.ts';
export { companyVisitDocuments } from './visit-documents.ts';
