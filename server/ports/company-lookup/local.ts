import type { CompanyLookup } from '../../kernel/ports/company-lookup.ts';

/**
 * The lookup used without network access, or when the register is down: it knows no company, so the
 * form is simply not prefilled. Whether the number itself is valid is the sign-up schema's concern.
 */
export function createLocalCompanyLookup(): CompanyLookup {
  return { find: async () => null };
}
