import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { PARTNER_KEY_PREFIX } from '../../common/partners.ts';
import {
  bearerToken,
  clearSessionCookie,
  PRIVATE_NO_STORE,
  SESSION_COOKIE,
  setSessionCookie,
} from '../http/session.ts';
import type { AppEnv } from '../kernel/context.ts';
import { createSession, generateSessionToken, invalidateSession, validateSessionToken } from './sessions.ts';
import { recordLogin } from './team.ts';

/**
 * Knows who is calling before any page or resolver runs: the session cookie, or a bearer token for API
 * clients. Whatever a session sees, or an answer that sets the cookie, is `private, no-store`. A partner key
 * (`pk_…`, server/partners/) is never tried as a session, and a request made with one has no viewer, whatever
 * cookie comes with it.
 */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('viewer', null);
  const bearer = bearerToken(c.req.header('authorization'));
  if (bearer?.startsWith(PARTNER_KEY_PREFIX)) return next();
  const cookieToken = getCookie(c, SESSION_COOKIE);
  const token = bearer ?? cookieToken;
  if (token) {
    const { db, clock } = c.var.deps;
    const user = await validateSessionToken(db, token, clock.now());
    if (user) {
      const { expiresAt, renewed, ...viewer } = user;
      c.set('viewer', viewer);
      if (renewed && token === cookieToken) setSessionCookie(c, token, expiresAt);
    } else if (token === cookieToken) {
      clearSessionCookie(c);
    }
  }
  const loggedIn = c.var.viewer !== null;
  await next();
  if (loggedIn || c.res.headers.has('set-cookie')) c.res.headers.set('Cache-Control', PRIVATE_NO_STORE);
};

/** Opens a session for a user who just proved who they are: cookie for the browser, token for API clients. */
export async function startSession(c: Context<AppEnv>, userId: number): Promise<string> {
  const token = generateSessionToken();
  const now = c.var.deps.clock.now();
  const session = await createSession(c.var.deps.db, token, userId, now);
  await recordLogin(c.var.deps.db, userId, now);
  setSessionCookie(c, token, session.expiresAt);
  return token;
}

/** Ends the caller's session, on the server and in the browser. */
export async function endSession(c: Context<AppEnv>): Promise<void> {
  const viewer = c.var.viewer;
  if (viewer) await invalidateSession(c.var.deps.db, viewer.sessionId);
  clearSessionCookie(c);
  c.set('viewer', null);
}
