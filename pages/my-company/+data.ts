import type { PageContextServer } from 'vike/types';
import { embedSnippets } from '../../common/embed.ts';
import { MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { pictureUrl } from '../../common/pictures.ts';
import { ROUTES } from '../../common/routes.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import { myCompany, myCompanyProfile } from '../../server/companies/index.ts';
import { myCompanyNews } from '../../server/content/index.ts';
import { companyVisitDocuments } from '../../server/documents/index.ts';
import { feedbackResultsFor } from '../../server/feedback/index.ts';
import { plainLogout } from '../layout/logout-post.ts';
import { plainCompanyProfile, plainVisitDocuments } from './company-post.ts';
import { plainNews } from './news-post.ts';

export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const logout = await plainLogout(pageContext);
  // A plain post first, so that the page shows what it saved.
  const plain = await plainCompanyProfile(pageContext);
  const documentsPlain = await plainVisitDocuments(pageContext);
  const newsPlain = await plainNews(pageContext);
  const [company, own, news] = await Promise.all([
    myCompanyProfile(viewer, deps),
    myCompany(viewer, deps),
    myCompanyNews(viewer, deps),
  ]);
  const [visitDocuments, feedback] = own
    ? await Promise.all([companyVisitDocuments(viewer, own, deps), feedbackResultsFor(viewer, {}, deps)])
    : [[], null];
  return {
    logout,
    company: company && { ...company, plain },
    companyId: own?.id ?? null,
    picture: own
      ? {
          companyName: own.name,
          pictureUrl: own.pictureDocumentId === null ? null : pictureUrl(own.pictureDocumentId),
          plain,
        }
      : null,
    news: {
      pageUrl: ROUTES.myCompany,
      plain: newsPlain,
      today: utcToZonedWallClock(deps.clock.now(), MAINLAND_TIME_ZONE).date,
      news: news.map((item) => ({
        id: String(item.id),
        title: item.title,
        summary: item.summary,
        body: item.body,
        publishedAt: (item.publishedAt ?? item.createdAt).toISOString(),
      })),
    },
    visitDocuments,
    documentsPlain,
    feedback,
    // « Nos prochaines visites » to copy, once the company is public (issue 21).
    embed: own?.status === 'validated' ? embedSnippets(deps.config.PUBLIC_URL, own) : null,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
