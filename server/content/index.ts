export { createCompanyNews, deleteCompanyNews, myCompanyNews, updateCompanyNews } from './news.ts';
export { articleFor, companyNews, faqFor } from './queries.ts';
