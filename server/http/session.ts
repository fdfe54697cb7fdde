import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../kernel/context.ts';

export const SESSION_COOKIE = 'session';

/**
 * The session's cookie, for as long as the session lives, counted from the platform's clock (Max-Age): a date
 * (Expires) would be read against the browser's clock, and Hono refuses one more than 400 days after its own
 * (a test run playing a later day, docs/decisions/0077).
 */
export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  const maxAgeSeconds = Math.floor((expiresAt.getTime() - c.var.deps.clock.now().getTime()) / 1000);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: !c.var.deps.config.isLocalhost,
    path: '/',
    maxAge: Math.max(maxAgeSeconds, 0),
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
}

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * What every answer to a logged-in request says: no cache keeps it, neither the browser's nor the service
 * worker's (which stores nothing private or no-store). Schools share computers: after logout, nothing of
 * the session may be read back, online or offline.
 */
export const PRIVATE_NO_STORE = 'private, no-store';

/** The caller's address, for rate limits, as read when the request came in (see requestContext). */
export function clientIp(c: Context<AppEnv>): string {
  return c.var.clientIp;
}
