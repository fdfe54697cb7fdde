import type { PageContextServer } from 'vike/types';
import type { CompanyCardData } from '../../islands/discovery/CompanyCard.tsx';
import { favoriteCompanies } from '../../server/search/index.ts';
import { countAvailableSlotsOfCompanies } from '../../server/slots/index.ts';

/**
 * The teacher's starred companies, latest starred first, each with its slots open in the next 15 days
 * (counted in one query).
 */
export async function data(pageContext: PageContextServer): Promise<{ companies: CompanyCardData[] }> {
  const { viewer, deps } = pageContext;
  if (viewer?.kind !== 'teacher') return { companies: [] };
  const now = deps.clock.now();
  const favorites = await favoriteCompanies(deps.db, viewer.id);
  const counts = await countAvailableSlotsOfCompanies(
    deps.db,
    favorites.map((company) => company.id),
    now,
  );
  return {
    companies: favorites.map((company) => ({
      id: company.id,
      name: company.name,
      sector: company.sector,
      city: company.city,
      availableSlotsCount: counts.get(company.id) ?? 0,
    })),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
