import { z } from 'zod';
import { AppError } from '../../kernel/errors.ts';
import {
  type JobOffer,
  type NewRecruiter,
  type RecruitmentSite,
  RecruitmentSiteUnavailable,
  type TokenResponse,
} from '../../kernel/ports/recruitment-site.ts';

/**
 * A recruitment site reached over HTTP: OAuth2 password and refresh grants on `/oauth/token` (RFC 6749,
 * client credentials in the form), recruiter creation and job offers under `/api`. Any answer outside the
 * contract, a network error or a timeout is `RecruitmentSiteUnavailable`.
 */
export interface HttpRecruitmentSiteOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 3_000;

/** OAuth2 errors that blame our configuration rather than the user's credentials or token. */
const CLIENT_ERRORS = new Set(['invalid_client', 'unauthorized_client', 'unsupported_grant_type']);

const tokenBody = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  refresh_token: z.string().min(1),
});

const meBody = z.object({ email: z.string().min(1) });

const jobOffersBody = z.array(
  z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    title: z.string(),
    contractType: z.string().nullish(),
    location: z.string().nullish(),
    url: z.string().nullish(),
    publishedAt: z.string().nullish(),
  }),
);

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Unread bodies are cancelled so the connection goes back to the pool. */
async function discard(response: Response): Promise<void> {
  if (!response.bodyUsed) await response.body?.cancel().catch(() => undefined);
}

async function unavailable(response: Response): Promise<RecruitmentSiteUnavailable> {
  await discard(response);
  return new RecruitmentSiteUnavailable(`The recruitment site answered ${response.status}`, {
    status: response.status,
  });
}

async function readJson<S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> {
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new RecruitmentSiteUnavailable('The recruitment site answered outside its contract', {
      status: response.status,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** 400/401 on the token endpoint: the grant is refused, unless the site refuses us as a client. */
async function isRefusedGrant(response: Response): Promise<boolean> {
  if (response.status !== 400 && response.status !== 401) return false;
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return !(typeof body?.error === 'string' && CLIENT_ERRORS.has(body.error));
}

export function createHttpRecruitmentSite(options: HttpRecruitmentSiteOptions): RecruitmentSite {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const clientAuthorization = `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`;

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new RecruitmentSiteUnavailable(`The recruitment site could not be reached: ${String(error)}`, {
        cause: error,
      });
    }
  }

  function bearer(accessToken: string | undefined): Record<string, string> {
    return accessToken ? { authorization: `Bearer ${accessToken}` } : {};
  }

  async function grant(
    params: Record<string, string>,
    refusal: 'wrong_credentials' | 'UNAUTHENTICATED',
  ): Promise<TokenResponse> {
    const response = await call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        ...params,
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }),
    });
    if (response.ok) {
      const body = await readJson(response, tokenBody);
      return { accessToken: body.access_token, expiresIn: body.expires_in, refreshToken: body.refresh_token };
    }
    if (await isRefusedGrant(response)) throw new AppError(refusal);
    throw await unavailable(response);
  }

  return {
    login(email, password) {
      return grant({ grant_type: 'password', username: email, password }, 'wrong_credentials');
    },

    refresh(refreshToken) {
      return grant({ grant_type: 'refresh_token', refresh_token: refreshToken }, 'UNAUTHENTICATED');
    },

    async revoke(refreshToken) {
      const response = await call('/oauth/revoke', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          token: refreshToken,
          token_type_hint: 'refresh_token',
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }),
      });
      await discard(response);
      if (!response.ok) throw await unavailable(response);
    },

    // OAuth2 has no call to end every token of an account: the platform refuses them itself (refreshToken).
    async revokeAll() {},

    async createRecruiter(input: NewRecruiter) {
      const response = await call('/api/recruiters', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: clientAuthorization },
        body: JSON.stringify(input),
      });
      await discard(response);
      if (response.status === 409) throw new AppError('cannot_create_ir_recruiter');
      if (!response.ok) throw await unavailable(response);
    },

    async verifyAccessToken(accessToken) {
      const response = await call('/api/me', {
        headers: { accept: 'application/json', ...bearer(accessToken) },
      });
      if (response.status === 401 || response.status === 403) {
        await discard(response);
        return null;
      }
      if (!response.ok) throw await unavailable(response);
      return { email: (await readJson(response, meBody)).email };
    },

    // A site that does not know the company has no offers for it; any other failure (an expired token
    // included) is an outage for the company page, which then says the offers are unavailable.
    async jobOffers({ companySiret, accessToken }): Promise<JobOffer[]> {
      const path = `/api/companies/${encodeURIComponent(companySiret)}/job-offers`;
      const response = await call(path, { headers: { accept: 'application/json', ...bearer(accessToken) } });
      if (response.status === 404) {
        await discard(response);
        return [];
      }
      if (!response.ok) throw await unavailable(response);
      const offers = await readJson(response, jobOffersBody);
      return offers.map((offer) => ({
        id: offer.id,
        title: offer.title,
        contractType: offer.contractType ?? null,
        location: offer.location ?? null,
        url: offer.url ?? null,
        publishedAt: toDate(offer.publishedAt),
      }));
    },
  };
}
