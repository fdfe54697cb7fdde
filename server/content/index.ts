export {
  type ArticleRow,
  type ArticleValues,
  allPlatformArticles,
  articleFor,
  companyNews,
  deletePlatformArticle,
  findPlatformArticle,
  publishedArticles,
  savePlatformArticle,
} from './articles.ts';
export {
  allFaqEntries,
  deleteFaqEntry,
  type FaqEntryRow,
  type FaqEntryValues,
  faqFor,
  saveFaqEntry,
} from './faq.ts';
export { createCompanyNews, deleteCompanyNews, myCompanyNews, updateCompanyNews } from './news.ts';
