export { findPublishedArticle, listFaqEntries } from './queries.ts';
