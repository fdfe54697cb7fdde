import type { PageContextServer } from 'vike/types';
import { pictureUrl } from '../../common/pictures.ts';
import type { CompanyCardData } from '../../islands/discovery/CompanyCard.tsx';
import { myFavoriteCards } from '../../server/search/index.ts';
import { plainFavorite } from '../layout/favorite-post.ts';

/** The teacher's starred companies, latest starred first, each with its slots open in the next 15 days. */
export async function data(pageContext: PageContextServer): Promise<{ companies: CompanyCardData[] }> {
  await plainFavorite(pageContext);
  const cards = await myFavoriteCards(pageContext.viewer, pageContext.deps);
  return {
    companies: cards.map(({ company, availableSlotsCount }) => ({
      id: company.id,
      name: company.name,
      sector: company.sector,
      city: company.city,
      pictureUrl: company.pictureDocumentId ? pictureUrl(company.pictureDocumentId) : null,
      availableSlotsCount,
    })),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
