import { type CompanyLookup, CompanyLookupUnavailable } from '../../kernel/ports/company-lookup.ts';
import { createLocalCompanyLookup } from './local.ts';
import {
  createRechercheEntreprisesLookup,
  type RechercheEntreprisesOptions,
} from './recherche-entreprises.ts';

export { createLocalCompanyLookup } from './local.ts';
export {
  createRechercheEntreprisesLookup,
  RECHERCHE_ENTREPRISES_URL,
  type RechercheEntreprisesOptions,
} from './recherche-entreprises.ts';

export interface CompanyLookupOptions extends RechercheEntreprisesOptions {
  provider: 'api' | 'local';
  /** Told each time the API could not answer and the local lookup stood in (to log it). */
  onUnavailable?: (error: CompanyLookupUnavailable) => void;
}

/**
 * 'api' asks the register and, when it cannot answer, stands in with the local lookup: sign-up must never
 * fail because prefilling did; the company then types its identity in.
 */
export function createCompanyLookup(options: CompanyLookupOptions): CompanyLookup {
  const local = createLocalCompanyLookup();
  if (options.provider === 'local') return local;
  const api = createRechercheEntreprisesLookup(options);
  return {
    verify: (siret) => api.find(siret),
    async find(siret) {
      try {
        return await api.find(siret);
      } catch (error) {
        if (!(error instanceof CompanyLookupUnavailable)) throw error;
        options.onUnavailable?.(error);
        return local.find(siret);
      }
    },
  };
}
