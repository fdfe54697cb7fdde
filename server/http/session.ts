import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../kernel/context.ts';

export const SESSION_COOKIE = 'session';

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: !c.var.deps.config.isLocalhost,
    path: '/',
    expires: expiresAt,
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
