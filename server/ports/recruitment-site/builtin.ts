import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { sign, verify } from 'hono/jwt';
import { normalizeSiret } from '../../../common/siret.ts';
import type { Db } from '../../../db/client.ts';
import { recruitmentTokens, users } from '../../../db/schema/accounts.ts';
import { companies, jobOffers } from '../../../db/schema/companies.ts';
import { verifyPassword } from '../../accounts/index.ts';
import type { Clock } from '../../kernel/clock.ts';
import { AppError } from '../../kernel/errors.ts';
import type { JobOffer, RecruitmentSite, TokenResponse } from '../../kernel/ports/recruitment-site.ts';

/**
 * The default recruitment site is this platform: its accounts are the recruiter users and their scrypt
 * hashes. Access tokens are HS256 JWTs (hono/jwt runs on Node and Workers); refresh tokens are random,
 * stored as SHA-256, and rotate: each is good for one refresh, and one presented twice means it leaked,
 * so every refresh token of that user is revoked.
 */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 3_600_000;
/** Keeps these tokens from being accepted where another JWT signed with the same secret is expected. */
export const ACCESS_TOKEN_AUDIENCE = 'passerelle-industrie/recruitment-site';
const MIN_SECRET_LENGTH = 32;

/**
 * The scrypt hash of a random password nobody knows: checking it when the e-mail matches no recruiter
 * costs as long as a real check, so the answer's timing does not tell which e-mails have an account.
 */
const DUMMY_PASSWORD_HASH =
  'scrypt$16384$8$1$axq0sMsEe8t6XwiO//Ni5w==$0E23VXwSZ1dIfnYDEvYVLLbUv68PT2upc0RcEghuDRvW5KV6D7AKmHw9NcdZ+rIb80g1VPAQrsSBeVEXMgKT0g==';

export interface BuiltinRecruitmentSiteOptions {
  db: Db;
  clock: Clock;
  /** HS256 key, 32 characters at least. */
  jwtSecret: string;
}

interface Account {
  id: number;
  email: string;
}

function newRefreshToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

function hashRefreshToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

const toSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createBuiltinRecruitmentSite(options: BuiltinRecruitmentSiteOptions): RecruitmentSite {
  const { db, clock, jwtSecret } = options;
  if (jwtSecret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The recruitment site's JWT secret needs ${MIN_SECRET_LENGTH} characters at least`);
  }

  async function findRecruiter(email: string) {
    const [user] = await db
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(
        and(
          eq(users.email, email.trim().toLowerCase()),
          eq(users.kind, 'recruiter'),
          isNull(users.anonymizedAt),
        ),
      )
      .limit(1);
    return user ?? null;
  }

  function signAccessToken(account: Account, now: Date): Promise<string> {
    const iat = toSeconds(now);
    return sign(
      {
        sub: String(account.id),
        email: account.email,
        aud: ACCESS_TOKEN_AUDIENCE,
        iat,
        exp: iat + ACCESS_TOKEN_LIFETIME_SECONDS,
      },
      jwtSecret,
      'HS256',
    );
  }

  async function issueTokens(account: Account, now: Date): Promise<TokenResponse> {
    const refreshToken = newRefreshToken();
    await db.insert(recruitmentTokens).values({
      userId: account.id,
      refreshTokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_LIFETIME_MS),
      createdAt: now,
    });
    return {
      accessToken: await signAccessToken(account, now),
      expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS,
      refreshToken,
    };
  }

  async function pruneExpiredTokens(userId: number, now: Date): Promise<void> {
    await db
      .delete(recruitmentTokens)
      .where(and(eq(recruitmentTokens.userId, userId), lt(recruitmentTokens.expiresAt, now)));
  }

  /** A refresh token presented twice was copied: every session of its user on the site ends. */
  async function revokeAfterReuse(userId: number): Promise<never> {
    await db.delete(recruitmentTokens).where(eq(recruitmentTokens.userId, userId));
    throw new AppError('UNAUTHENTICATED');
  }

  async function findRefreshToken(refreshToken: string) {
    const [row] = await db
      .select({
        id: recruitmentTokens.id,
        userId: recruitmentTokens.userId,
        expiresAt: recruitmentTokens.expiresAt,
        usedAt: recruitmentTokens.usedAt,
        email: users.email,
        kind: users.kind,
        anonymizedAt: users.anonymizedAt,
      })
      .from(recruitmentTokens)
      .innerJoin(users, eq(users.id, recruitmentTokens.userId))
      .where(eq(recruitmentTokens.refreshTokenHash, hashRefreshToken(refreshToken)))
      .limit(1);
    return row ?? null;
  }

  /** False when another request used the token first: the guard makes the rotation race-free. */
  async function markUsed(tokenId: number, now: Date): Promise<boolean> {
    const result = await db
      .update(recruitmentTokens)
      .set({ usedAt: now })
      .where(and(eq(recruitmentTokens.id, tokenId), isNull(recruitmentTokens.usedAt)));
    return result.rowsAffected === 1;
  }

  return {
    async login(email, password) {
      const recruiter = await findRecruiter(email);
      const matches = await verifyPassword(recruiter?.passwordHash ?? DUMMY_PASSWORD_HASH, password);
      if (!recruiter?.passwordHash || !matches) throw new AppError('wrong_credentials');
      const now = clock.now();
      await pruneExpiredTokens(recruiter.id, now);
      return issueTokens(recruiter, now);
    },

    async refresh(refreshToken) {
      const now = clock.now();
      const row = await findRefreshToken(refreshToken);
      if (!row) throw new AppError('UNAUTHENTICATED');
      if (row.usedAt) return revokeAfterReuse(row.userId);
      if (row.expiresAt <= now || row.kind !== 'recruiter' || row.anonymizedAt) {
        throw new AppError('UNAUTHENTICATED');
      }
      if (!(await markUsed(row.id, now))) return revokeAfterReuse(row.userId);
      return issueTokens({ id: row.userId, email: row.email }, now);
    },

    async revoke(refreshToken) {
      await db
        .delete(recruitmentTokens)
        .where(eq(recruitmentTokens.refreshTokenHash, hashRefreshToken(refreshToken)));
    },

    async revokeAll(email) {
      const recruiter = await findRecruiter(email);
      if (recruiter) await db.delete(recruitmentTokens).where(eq(recruitmentTokens.userId, recruiter.id));
    },

    // The platform's own company sign-up writes the recruiter row (with its password hash), and that row
    // is this site's account: there is nothing more to create, and e-mail clashes are caught there.
    async createRecruiter() {},

    async verifyAccessToken(accessToken) {
      try {
        // Expiry is checked against the injected clock below, not hono's Date.now().
        const payload = await verify(accessToken, jwtSecret, {
          alg: 'HS256',
          aud: ACCESS_TOKEN_AUDIENCE,
          exp: false,
          nbf: false,
          iat: false,
        });
        const expired = typeof payload.exp !== 'number' || payload.exp <= toSeconds(clock.now());
        return expired || typeof payload.email !== 'string' ? null : { email: payload.email };
      } catch {
        return null;
      }
    },

    async jobOffers({ companySiret }): Promise<JobOffer[]> {
      const rows = await db
        .select({
          id: jobOffers.externalId,
          title: jobOffers.title,
          contractType: jobOffers.contractType,
          location: jobOffers.location,
          url: jobOffers.url,
          publishedAt: jobOffers.publishedAt,
        })
        .from(jobOffers)
        .innerJoin(companies, eq(companies.id, jobOffers.companyId))
        .where(eq(companies.siret, normalizeSiret(companySiret)))
        .orderBy(desc(jobOffers.publishedAt), desc(jobOffers.id));
      return rows;
    },
  };
}
