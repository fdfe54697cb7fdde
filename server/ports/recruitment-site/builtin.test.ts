import { eq } from 'drizzle-orm';
import { decode, sign } from 'hono/jwt';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { companies, jobOffers, recruitmentTokens, users } from '../../../db/schema.ts';
import { createTestDb, type TestDb } from '../../../tests/fixtures/db.ts';
import { hashPassword, verifyPassword as watchedVerifyPassword } from '../../accounts/index.ts';
import { fixedClock } from '../../kernel/clock.ts';
import type { RecruitmentSite } from '../../kernel/ports/recruitment-site.ts';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_LIFETIME_SECONDS,
  createBuiltinRecruitmentSite,
  REFRESH_TOKEN_LIFETIME_MS,
} from './builtin.ts';
import { createRecruitmentSite } from './index.ts';

// The password check is watched (what it is given), and still done for real.
vi.mock('../../accounts/index.ts', async (importOriginal) => {
  const accounts = await importOriginal<typeof import('../../accounts/index.ts')>();
  return { ...accounts, verifyPassword: vi.fn(accounts.verifyPassword) };
});
const verifyPassword = vi.mocked(watchedVerifyPassword);
const { verifyPassword: realVerifyPassword } =
  await vi.importActual<typeof import('../../accounts/index.ts')>('../../accounts/index.ts');

const NOW = new Date('2026-03-10T09:00:00Z');
const SECRET = 'test-recruitment-site-secret-0123456789';
const PASSWORD = 'Forge-Secret-2026!';
const later = (ms: number) => new Date(NOW.getTime() + ms);

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

async function insertCompany(db: Db, siret: string) {
  const [company] = await db
    .insert(companies)
    .values({ siret, name: 'Forges de Vénissieux', nafCode: '25.62B', sector: 'metallurgy' })
    .returning();
  if (!company) throw new Error('company not inserted');
  return company;
}

async function insertPerson(db: Db, values: Partial<typeof users.$inferInsert> & { email: string }) {
  const [user] = await db
    .insert(users)
    .values({ kind: 'recruiter', firstName: 'Léa', lastName: 'Durand', ...values })
    .returning();
  if (!user) throw new Error('user not inserted');
  return user;
}

describe('the built-in recruitment site', () => {
  let t: TestDb;
  let clock: ReturnType<typeof fixedClock>;
  let site: RecruitmentSite;
  let recruiter: typeof users.$inferSelect;

  beforeEach(async () => {
    t = await createTestDb();
    clock = fixedClock(NOW);
    site = createRecruitmentSite({ adapter: 'builtin', db: t.db, clock, jwtSecret: SECRET });
    const company = await insertCompany(t.db, '51234567900017');
    recruiter = await insertPerson(t.db, {
      email: 'lea.durand@forges.fr',
      passwordHash,
      companyId: company.id,
    });
  });
  afterEach(() => t.close());

  const tokenRows = () =>
    t.db.select().from(recruitmentTokens).where(eq(recruitmentTokens.userId, recruiter.id));

  describe('login', () => {
    it('issues a one-hour access token and a refresh token stored only as its hash', async () => {
      const tokens = await site.login(' Lea.Durand@Forges.fr ', PASSWORD);
      expect(tokens.expiresIn).toBe(3600);
      expect(tokens.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const rows = await tokenRows();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.refreshTokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.refreshTokenHash).not.toContain(tokens.refreshToken);
      expect(rows[0]?.expiresAt).toEqual(later(REFRESH_TOKEN_LIFETIME_MS));
      expect(rows[0]?.usedAt).toBeNull();
    });

    it('signs an HS256 JWT with the user id, the e-mail and an expiry one hour from now', async () => {
      const { accessToken } = await site.login('lea.durand@forges.fr', PASSWORD);
      const { header, payload } = decode(accessToken);
      expect(header.alg).toBe('HS256');
      const issuedAt = NOW.getTime() / 1000;
      expect(payload).toEqual({
        sub: String(recruiter.id),
        email: 'lea.durand@forges.fr',
        aud: ACCESS_TOKEN_AUDIENCE,
        iat: issuedAt,
        exp: issuedAt + ACCESS_TOKEN_LIFETIME_SECONDS,
      });
    });

    it('refuses a wrong password, an unknown e-mail, a teacher and a recruiter without a password', async () => {
      await insertPerson(t.db, { kind: 'teacher', email: 'prof@college.fr', passwordHash });
      await insertPerson(t.db, { email: 'outside@forges.fr', passwordHash: null });
      for (const [email, password] of [
        ['lea.durand@forges.fr', 'Wrong-Secret-2026!'],
        ['nobody@forges.fr', PASSWORD],
        ['prof@college.fr', PASSWORD],
        ['outside@forges.fr', PASSWORD],
      ] as const) {
        await expect(site.login(email, password)).rejects.toMatchObject({
          code: 'wrong_credentials',
          message: 'Identifiants incorrects',
        });
      }
      expect(await t.db.select().from(recruitmentTokens)).toHaveLength(0);
    });

    it('checks a password as costly for an unknown e-mail as for a wrong password', async () => {
      const checked = async (email: string) => {
        verifyPassword.mockClear();
        await expect(site.login(email, 'Wrong-Secret-2026!')).rejects.toMatchObject({
          code: 'wrong_credentials',
        });
        expect(verifyPassword).toHaveBeenCalledTimes(1);
        const [hash, password] = verifyPassword.mock.calls[0] ?? [];
        expect(password).toBe('Wrong-Secret-2026!');
        return hash ?? '';
      };
      // scrypt$N$r$p$salt$key: the same cost parameters make the same work, whatever the salt and key.
      const cost = (hash: string) => {
        const parts = hash.split('$');
        expect(parts).toHaveLength(6);
        return parts.slice(0, 4);
      };
      const known = await checked('lea.durand@forges.fr');
      const unknown = await checked('nobody@forges.fr');
      expect(known).toBe(passwordHash);
      expect(unknown).not.toBe(known);
      expect(cost(unknown)).toEqual(cost(known));
      await expect(realVerifyPassword(unknown, 'Wrong-Secret-2026!')).resolves.toBe(false);
    });

    it('drops the refresh tokens that have expired', async () => {
      await site.login('lea.durand@forges.fr', PASSWORD);
      clock.set(later(REFRESH_TOKEN_LIFETIME_MS + 1));
      await site.login('lea.durand@forges.fr', PASSWORD);
      expect(await tokenRows()).toHaveLength(1);
    });
  });

  describe('verifyAccessToken', () => {
    it('knows the recruiter until the hour is over, by the injected clock', async () => {
      const { accessToken } = await site.login('lea.durand@forges.fr', PASSWORD);
      expect(await site.verifyAccessToken(accessToken)).toEqual({ email: 'lea.durand@forges.fr' });
      clock.set(later(3599_000));
      expect(await site.verifyAccessToken(accessToken)).toEqual({ email: 'lea.durand@forges.fr' });
      clock.set(later(3600_000));
      expect(await site.verifyAccessToken(accessToken)).toBeNull();
    });

    it('refuses a tampered token, another key, another audience and garbage', async () => {
      const { accessToken } = await site.login('lea.durand@forges.fr', PASSWORD);
      const [header, , signature] = accessToken.split('.');
      const forged = btoa(JSON.stringify({ sub: '1', email: 'boss@forges.fr', exp: 4102444800 }))
        .replace(/=+$/, '')
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
      const exp = NOW.getTime() / 1000 + 600;
      const payload = { sub: '1', email: 'x@forges.fr', aud: ACCESS_TOKEN_AUDIENCE, exp };
      const otherKey = await sign(payload, 'another-secret-of-at-least-32-characters', 'HS256');
      const otherAudience = await sign({ ...payload, aud: 'somewhere-else' }, SECRET, 'HS256');
      for (const token of [`${header}.${forged}.${signature}`, otherKey, otherAudience, 'not-a-jwt', '']) {
        expect(await site.verifyAccessToken(token)).toBeNull();
      }
    });
  });

  describe('refresh', () => {
    it('rotates: a new pair, the old refresh token marked used', async () => {
      const first = await site.login('lea.durand@forges.fr', PASSWORD);
      clock.set(later(50 * 60_000));
      const second = await site.refresh(first.refreshToken);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(second.accessToken).not.toBe(first.accessToken);
      expect(second.expiresIn).toBe(3600);
      expect(decode(second.accessToken).payload.exp).toBe(later(110 * 60_000).getTime() / 1000);
      const rows = await tokenRows();
      expect(rows.map((row) => row.usedAt)).toEqual([later(50 * 60_000), null]);
      const third = await site.refresh(second.refreshToken);
      expect(await site.verifyAccessToken(third.accessToken)).toEqual({ email: 'lea.durand@forges.fr' });
    });

    it('revokes every refresh token of the user when one is presented twice', async () => {
      const otherDevice = await site.login('lea.durand@forges.fr', PASSWORD);
      const first = await site.login('lea.durand@forges.fr', PASSWORD);
      const second = await site.refresh(first.refreshToken);
      await expect(site.refresh(first.refreshToken)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Vous avez été déconnecté. Veuillez vous reconnecter.',
      });
      await expect(site.refresh(second.refreshToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      await expect(site.refresh(otherDevice.refreshToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(await tokenRows()).toHaveLength(0);
    });

    it('lets only one of two simultaneous refreshes with the same token through', async () => {
      const { refreshToken } = await site.login('lea.durand@forges.fr', PASSWORD);
      const results = await Promise.allSettled([site.refresh(refreshToken), site.refresh(refreshToken)]);
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    });

    it('refuses an expired or unknown refresh token', async () => {
      const { refreshToken } = await site.login('lea.durand@forges.fr', PASSWORD);
      clock.set(later(REFRESH_TOKEN_LIFETIME_MS));
      await expect(site.refresh(refreshToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      await expect(site.refresh('unknown-token')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('refuses once the recruiter is anonymised', async () => {
      const { refreshToken } = await site.login('lea.durand@forges.fr', PASSWORD);
      await t.db.update(users).set({ anonymizedAt: NOW }).where(eq(users.id, recruiter.id));
      await expect(site.refresh(refreshToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    });
  });

  it('creates no recruiter: the platform sign-up already wrote the account', async () => {
    await site.createRecruiter({
      email: 'new@forges.fr',
      password: PASSWORD,
      firstName: 'Noé',
      lastName: 'Petit',
      companySiret: '51234567900017',
    });
    expect(await t.db.select().from(users).where(eq(users.email, 'new@forges.fr'))).toHaveLength(0);
  });

  it("lists the company's stored offers, newest first", async () => {
    const [company] = await t.db.select().from(companies);
    const other = await insertCompany(t.db, '82345678500018');
    const offer = (companyId: number, externalId: string, publishedAt: Date | null) => ({
      companyId,
      externalId,
      title: `Offre ${externalId}`,
      contractType: 'CDI',
      location: 'Vénissieux',
      url: `https://emploi.example.fr/${externalId}`,
      publishedAt,
      fetchedAt: NOW,
    });
    await t.db
      .insert(jobOffers)
      .values([
        offer(company?.id ?? 0, 'a-1', new Date('2026-02-01T00:00:00Z')),
        offer(company?.id ?? 0, 'a-2', new Date('2026-03-01T00:00:00Z')),
        offer(other.id, 'b-1', NOW),
      ]);
    const offers = await site.jobOffers({ companySiret: '512 345 679 00017' });
    expect(offers.map((o) => o.id)).toEqual(['a-2', 'a-1']);
    expect(offers[0]).toEqual({
      id: 'a-2',
      title: 'Offre a-2',
      contractType: 'CDI',
      location: 'Vénissieux',
      url: 'https://emploi.example.fr/a-2',
      publishedAt: new Date('2026-03-01T00:00:00Z'),
    });
    expect(await site.jobOffers({ companySiret: '90123456700013' })).toEqual([]);
  });

  it('refuses a short JWT secret', () => {
    expect(() => createBuiltinRecruitmentSite({ db: t.db, clock, jwtSecret: 'short' })).toThrow(/32/);
  });
});
