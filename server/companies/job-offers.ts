import type { Deps } from '../kernel/context.ts';
import type { JobOffer } from '../kernel/ports/recruitment-site.ts';
import type { CompanyRow } from './queries.ts';

export interface JobOffers {
  /** The recruitment site could not be reached: show "offers unavailable", the rest of the page stands. */
  unavailable: boolean;
  items: JobOffer[];
}

/** The company's job offers from the recruitment site, latest first; its failure is a value, not an error. */
export async function companyJobOffers(company: CompanyRow, deps: Deps): Promise<JobOffers> {
  try {
    const offers = await deps.recruitmentSite.jobOffers({ companySiret: company.siret });
    const items = [...offers].sort(
      (a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0),
    );
    return { unavailable: false, items };
  } catch {
    return { unavailable: true, items: [] };
  }
}
