export { createCompanyNews, deleteCompanyNews, myCompanyNews, updateCompanyNews } from './news.ts';
export {
  type ArticleRow,
  type ArticleValues,
  allFaqEntries,
  allPlatformArticles,
  articleFor,
  companyNews,
  deleteFaqEntry,
  deletePlatformArticle,
  type FaqEntryRow,
  type FaqEntryValues,
  faqFor,
  findPlatformArticle,
  publishedArticles,
  saveFaqEntry,
  savePlatformArticle,
} from './queries.ts';
