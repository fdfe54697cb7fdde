export { companyNews, faqFor, publishedArticle } from './queries.ts';
