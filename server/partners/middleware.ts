import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PARTNER_KEY_PREFIX } from '../../common/partners.ts';
import { bearerToken, PRIVATE_NO_STORE } from '../http/session.ts';
import type { AppEnv } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { partnerOfSecret } from './keys.ts';

/**
 * Knows which partner is calling, before the session middleware (issue 37): a bearer token starting with
 * `pk_` is a partner key, never tried as a session. A live key sets `partner` and counts against its own limit
 * (RATE_LIMITS.partnerKey: over it, 429 with `Retry-After` and `rate_limited` with `retryAfter`); an unknown or
 * revoked one is answered 401 `invalid_partner_key` whatever the path. Any other request has no partner.
 * What a key may read is decided by `partnerRefusal` (access.ts), at /graphql.
 */
export const partnerMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('partner', null);
  const token = bearerToken(c.req.header('authorization'));
  if (!token?.startsWith(PARTNER_KEY_PREFIX)) return next();
  const { deps } = c.var;
  const partner = await partnerOfSecret(token, deps);
  if (!partner) {
    return refused(c, 401, new AppError('invalid_partner_key'), {
      'WWW-Authenticate': 'Bearer error="invalid_token"',
    });
  }
  try {
    await deps.rateLimiter.consume([`partner:${partner.id}`], RATE_LIMITS.partnerKey, deps.clock.now());
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'rate_limited')) throw error;
    return refused(c, 429, error, { 'Retry-After': String(error.extensions.retryAfter) });
  }
  c.set('partner', partner);
  await next();
  // What a key reads depends on the key: no shared cache may keep it for another.
  c.res.headers.set('Cache-Control', PRIVATE_NO_STORE);
};

/** The refusal as the API answers its errors: a code from the catalogue and its French message. */
function refused(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  error: AppError,
  headers: Record<string, string>,
): Response {
  const body = {
    errors: [{ message: error.message, extensions: { code: error.code, ...error.extensions } }],
  };
  return c.json(body, status, { ...headers, 'Cache-Control': PRIVATE_NO_STORE });
}
