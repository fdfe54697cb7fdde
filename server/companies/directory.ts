import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyDirectoryChecks } from '../../db/schema/companies.ts';
import type { Deps } from '../kernel/context.ts';
import { type CompanyLookup, CompanyLookupUnavailable } from '../kernel/ports/company-lookup.ts';
import type { CompanyRow } from './queries.ts';

/**
 * What the company directory said of a company's SIRET (issue 21, docs/decisions/0053): asked once after
 * sign-up (the `directory-checks` job), again when an operator asks from the validation card; kept with
 * the directory's own words, compared with the company's when the card is shown (common/company-directory.ts).
 */
export type DirectoryCheck = typeof companyDirectoryChecks.$inferSelect;

/** Whether a directory is asked at all (the local lookup asks none: the card then says so). */
export const directoryConfigured = (lookup: CompanyLookup) => lookup.verify !== undefined;

/** How long a check the directory could not answer waits before the job asks again. */
const RETRY_UNAVAILABLE_MS = 30 * 60_000;
/** How many companies one run of the job asks about: the directory allows 7 requests/s for the platform. */
const CHECKS_PER_RUN = 5;

/**
 * Asks the directory about the company's SIRET and keeps its answer (replacing an earlier one); null when
 * no directory is configured. A directory that does not answer in time is `unavailable`, never an error.
 */
export async function checkCompanyInDirectory(
  deps: Pick<Deps, 'db' | 'companyLookup' | 'clock'>,
  company: Pick<CompanyRow, 'id' | 'siret'>,
): Promise<DirectoryCheck | null> {
  const verify = deps.companyLookup.verify;
  if (!verify) return null;
  let check: Omit<DirectoryCheck, 'companyId' | 'checkedAt'>;
  try {
    const identity = await verify(company.siret);
    check = identity
      ? {
          answer: 'found',
          name: identity.name,
          addressLabel: identity.address?.label ?? null,
          zipcode: identity.address?.zipcode ?? null,
          city: identity.address?.city ?? null,
        }
      : { answer: 'notFound', name: null, addressLabel: null, zipcode: null, city: null };
  } catch (error) {
    if (!(error instanceof CompanyLookupUnavailable)) throw error;
    check = { answer: 'unavailable', name: null, addressLabel: null, zipcode: null, city: null };
  }
  const row = { ...check, companyId: company.id, checkedAt: deps.clock.now() };
  await deps.db
    .insert(companyDirectoryChecks)
    .values(row)
    .onConflictDoUpdate({ target: companyDirectoryChecks.companyId, set: row });
  return row;
}

/** The kept checks of these companies, by company. */
export async function directoryChecksOf(
  db: DbOrTx,
  companyIds: number[],
): Promise<Map<number, DirectoryCheck>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(companyDirectoryChecks)
    .where(inArray(companyDirectoryChecks.companyId, companyIds));
  return new Map(rows.map((row) => [row.companyId, row]));
}

/**
 * The `directory-checks` job (every minute): the companies awaiting validation the directory was never
 * asked about, or could not answer for half an hour, oldest first, a few per run. Idempotent: a company
 * checked is not asked again.
 */
export async function checkNewCompaniesInDirectory(deps: Deps): Promise<Record<string, number>> {
  if (!directoryConfigured(deps.companyLookup)) return { checked: 0 };
  const retryBefore = new Date(deps.clock.now().getTime() - RETRY_UNAVAILABLE_MS);
  const due = await deps.db
    .select({ id: companies.id, siret: companies.siret })
    .from(companies)
    .leftJoin(companyDirectoryChecks, eq(companyDirectoryChecks.companyId, companies.id))
    .where(
      and(
        eq(companies.status, 'pending'),
        or(
          isNull(companyDirectoryChecks.companyId),
          and(
            eq(companyDirectoryChecks.answer, 'unavailable'),
            lt(companyDirectoryChecks.checkedAt, retryBefore),
          ),
        ),
      ),
    )
    .orderBy(asc(companies.createdAt), asc(companies.id))
    .limit(CHECKS_PER_RUN);
  const counts = { checked: 0, found: 0, notFound: 0, unavailable: 0 };
  for (const company of due) {
    const check = await checkCompanyInDirectory(deps, company);
    if (!check) break;
    counts.checked += 1;
    counts[check.answer] += 1;
    // A directory that did not answer is not asked about the others in this run: they wait for the next.
    if (check.answer === 'unavailable') break;
  }
  return counts;
}
