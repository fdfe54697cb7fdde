import { eq } from 'drizzle-orm';
import type { CompanySignUp } from '../../common/companies.ts';
import { departmentOfZipcode } from '../../common/territory.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { findUserByEmail, hashPassword, insertRecruiter, operatorsOfRegion } from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Subscriber } from '../kernel/events.ts';
import type { CompanyAddress } from '../kernel/ports/company-lookup.ts';
import { type AddressSuggestion, type Geocoder, GeocoderUnavailable } from '../kernel/ports/geocoding.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { enqueueMail } from '../mail/index.ts';
import { regionOfDepartment } from '../permissions.ts';
import { closedDepartmentAmong } from '../territory/index.ts';
import { companyMails } from './mails.ts';
import type { CompanyRow } from './queries.ts';

/** Which unique index a failed insert ran into: two sign-ups raced past the checks. */
function uniqueViolationOn(error: unknown): 'siret' | 'email' | null {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : '';
  if (!/UNIQUE constraint failed/i.test(text)) return null;
  if (/companies\.siret/.test(text)) return 'siret';
  return /users\.email/.test(text) ? 'email' : null;
}

async function isRegistered(db: DbOrTx, siret: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.siret, siret))
    .limit(1);
  return Boolean(row);
}

/**
 * A company signs up (7 steps, checked again here as a whole). The chosen department and the one of
 * the company's address must both be open; the SIRET and the e-mail must be new. The recruiter is
 * created on the recruitment site first, so that a refusal there writes nothing here; then the company
 * (pending until an administrator validates it), its recruiter and the e-mail are written together.
 */
export async function signUpCompany(
  input: CompanySignUp & { clientIp: string },
  deps: Deps,
): Promise<CompanyRow> {
  const { db } = deps;
  const now = deps.clock.now();
  await deps.rateLimiter.consume([`signup:ip:${input.clientIp}`], RATE_LIMITS.signUp, now);
  const companyDepartment = departmentOfZipcode(input.address.zipcode) ?? input.departmentCode;
  const closed = await closedDepartmentAmong(db, [input.departmentCode, companyDepartment]);
  if (closed) throw new AppError('wrong_department', { extensions: { departmentCode: closed } });
  if (await isRegistered(db, input.siret)) throw new AppError('company_already_exists');
  if (await findUserByEmail(db, input.user.email)) throw new AppError('email_already_exists');

  await deps.recruitmentSite.createRecruiter({
    email: input.user.email,
    password: input.password,
    firstName: input.user.firstName,
    lastName: input.user.lastName,
    companySiret: input.siret,
  });

  const passwordHash = await hashPassword(input.password);
  const { user } = input;
  try {
    return await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          siret: input.siret,
          name: input.name,
          status: 'pending',
          nafCode: input.nafCode,
          sector: input.sector,
          phone: input.phone,
          ...input.address,
          departmentCode: companyDepartment,
          contactName: `${user.firstName} ${user.lastName}`,
          contactEmail: user.email,
          contactPhone: user.phone ?? null,
          createdAt: now,
        })
        .returning();
      if (!company) throw new Error('company not inserted');
      await insertRecruiter(tx, {
        email: user.email,
        passwordHash,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone ?? null,
        departmentCode: companyDepartment,
        companyId: company.id,
        // The company's first recruiter is its team's admin (PRODUCT.md, Teams).
        teamRole: 'admin',
        createdAt: now,
      });
      await enqueueMail(
        tx,
        companyMails.companySignupReceived,
        {
          to: user.email,
          data: { firstName: user.firstName, companyName: company.name },
        },
        now,
      );
      await deps.events.publish(tx, 'company.signedUp', { companyId: company.id }, now);
      return company;
    });
  } catch (error) {
    const violated = uniqueViolationOn(error);
    if (violated === 'siret') throw new AppError('company_already_exists');
    if (violated === 'email') throw new AppError('email_already_exists');
    throw error;
  }
}

export interface CompanyIdentityPrefill {
  siret: string;
  name: string | null;
  nafCode: string | null;
  address: CompanyAddress | null;
  alreadyRegistered: boolean;
}

/**
 * What the wizard can fill in from a SIRET: the register's identity (nothing when the company is unknown
 * or the register cannot answer), and whether a company already signed up with it. The register gives
 * some addresses without a point: the geocoder places them, at worst at their commune.
 */
export async function prefillCompanyIdentity(
  input: { siret: string; clientIp: string },
  deps: Deps,
): Promise<CompanyIdentityPrefill> {
  const { siret } = input;
  // The register allows 7 requests/s for the whole platform.
  await deps.rateLimiter.consume(
    [`company-identity:ip:${input.clientIp}`],
    RATE_LIMITS.companyIdentity,
    deps.clock.now(),
  );
  const [alreadyRegistered, identity] = await Promise.all([
    isRegistered(deps.db, siret),
    deps.companyLookup.find(siret),
  ]);
  const address = identity?.address ? await located(deps.geocoder, identity.address) : null;
  return {
    siret,
    name: identity?.name ?? null,
    nafCode: identity?.nafCode ?? null,
    address,
    alreadyRegistered,
  };
}

async function located(geocoder: Geocoder, address: CompanyAddress): Promise<CompanyAddress> {
  if (address.lat !== undefined && address.lng !== undefined) return address;
  try {
    const [match] = await geocoder.search(address.label, { limit: 1, type: 'address' });
    const point =
      match?.zipcode === address.zipcode ? match : (await searchCommunes(geocoder, address.zipcode))[0];
    return point ? { ...address, lat: point.lat, lng: point.lng } : address;
  } catch (error) {
    if (error instanceof GeocoderUnavailable) return address;
    throw error;
  }
}

const MAX_COMMUNES = 20;

/**
 * The geocoder files a commune with several postcodes under its first one: when none carries the
 * postcode asked, the communes it found in that postcode's department are the candidates.
 */
async function searchCommunes(geocoder: Geocoder, postcode: string): Promise<AddressSuggestion[]> {
  const communes = await geocoder.search(postcode, { type: 'municipality', limit: MAX_COMMUNES });
  const exact = communes.filter((commune) => commune.zipcode === postcode);
  if (exact.length > 0) return exact;
  const department = departmentOfZipcode(postcode);
  return communes.filter((commune) => commune.departmentCode === department);
}

/**
 * The communes a postcode serves, each placed at its centre: where a company that cannot find its
 * address among the suggestions is located. An outage answers `geocoding_unavailable`.
 */
export async function communesOfPostcode(
  input: { postcode: string; clientIp: string },
  deps: Deps,
): Promise<AddressSuggestion[]> {
  await deps.rateLimiter.consume(
    [`geocoding:ip:${input.clientIp}`],
    RATE_LIMITS.addressSuggestions,
    deps.clock.now(),
  );
  try {
    return await searchCommunes(deps.geocoder, input.postcode);
  } catch (error) {
    if (error instanceof GeocoderUnavailable) throw new AppError('geocoding_unavailable');
    throw error;
  }
}

/**
 * `company.signedUp` → the operators learn of it at once (issue 21), not by chance: the region's, else the
 * national administrators. After commit: the sign-up never waits for it.
 */
export const mailOperatorsOfSignUp: Subscriber<'company.signedUp'> = {
  name: 'companies.mailOperatorsOfSignUp',
  runs: 'afterCommit',
  async handle(tx, events, context) {
    for (const { companyId } of events) {
      const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
      if (company?.status !== 'pending') continue;
      for (const operator of await operatorsOfRegion(tx, regionOfDepartment(company.departmentCode))) {
        await enqueueMail(
          tx,
          companyMails.companySignedUp,
          {
            to: operator.email,
            data: {
              firstName: operator.firstName,
              companyName: company.name,
              city: company.city,
              departmentCode: company.departmentCode,
              recruiterName: company.contactName ?? '',
              url: `${context.publicUrl}/admin/companies/${company.id}`,
            },
          },
          context.now,
        );
      }
    }
  },
};

/** A register's address with its point, as a place a form takes; null without one (it is then to be typed). */
export function placedAddress(
  address:
    | { label: string; zipcode: string; city: string; lat?: number | null; lng?: number | null }
    | null
    | undefined,
): { label: string; zipcode: string; city: string; lat: number; lng: number } | null {
  if (address?.lat == null || address.lng == null) return null;
  const { label, zipcode, city, lat, lng } = address;
  return { label, zipcode, city, lat, lng };
}
