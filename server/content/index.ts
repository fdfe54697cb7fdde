export { platformArticleFor } from './articles.ts';
export {
  type ArticleRow,
  type ArticleValues,
  allFaqEntries,
  allPlatformArticles,
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
