import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  PROCONNECT_FOR,
  PROCONNECT_REFUSAL_PARAM,
  PROCONNECT_ROUTES,
  type ProConnectFor,
  type ProConnectRefusal,
} from '../../common/proconnect.ts';
import { LOGIN_OF, nextPathFor, ROUTES, sameSitePath, withNext } from '../../common/routes.ts';
import { endSession, sessionIdOf, startSession } from '../accounts/index.ts';
import type { AppEnv } from '../kernel/context.ts';
import { IdentityProviderUnavailable, IdentityRefused } from '../kernel/ports/identity-provider.ts';
import { sealText, unsealText } from '../kernel/seal.ts';
import { arrivalOf } from './arrival.ts';
import { PREFILL_PARAM, sealedPrefill } from './prefill.ts';
import { insertProConnectSession } from './queries.ts';

/**
 * A login's checks (state, nonce, PKCE verifier), where it goes after and which login it started from, kept
 * between `GET /auth/proconnect` and its callback in a cookie only this platform can read (sealed), sent only
 * to these routes, for ten minutes, and read once.
 */
const FLOW_COOKIE = 'proconnect_flow';
const FLOW_LIFETIME_S = 600;

const flowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  next: z.string().nullable(),
  from: z.enum(PROCONNECT_FOR),
  startedAt: z.number(),
});
type Flow = z.infer<typeof flowSchema>;

type Ctx = Context<AppEnv>;

/**
 * ProConnect's login (API.md, Identities; docs/decisions/0095): `GET /auth/proconnect?next=…&pour=…` sends the
 * browser to ProConnect, its callback logs in, refuses on the login page in French, or opens the sign-up
 * that fits, prefilled; ProConnect's logout comes back to the landing page. Not found without ProConnect.
 */
export function mountProConnect(app: Hono<AppEnv>): void {
  app.get(PROCONNECT_ROUTES.start, startLogin);
  app.get(PROCONNECT_ROUTES.callback, finishLogin);
  app.get(PROCONNECT_ROUTES.loggedOut, (c) => c.redirect(ROUTES.landing));
}

async function startLogin(c: Ctx) {
  const { deps, viewer } = c.var;
  const provider = deps.identityProvider;
  if (!provider) return c.notFound();
  const from = loginOfParam(c.req.query('pour'));
  const next = sameSitePath(c.req.query('next'));
  if (viewer) return c.redirect(nextPathFor(viewer.kind, next));
  let started: Awaited<ReturnType<typeof provider.start>>;
  try {
    started = await provider.start({ redirectUri: callbackUri(c) });
  } catch (error) {
    if (!(error instanceof IdentityProviderUnavailable)) throw error;
    deps.log.warn('ProConnect unavailable', { requestId: c.var.requestId, error: String(error.cause) });
    return c.redirect(refusalPath(from, 'unavailable', next));
  }
  const flow: Flow = { ...started.checks, next, from, startedAt: deps.clock.now().getTime() };
  setCookie(c, FLOW_COOKIE, await sealText(deps.config.JWT_SECRET, 'proconnect-flow', JSON.stringify(flow)), {
    httpOnly: true,
    // Sent with ProConnect's redirect back, a top-level navigation from its site.
    sameSite: 'Lax',
    secure: !deps.config.isLocalhost,
    path: PROCONNECT_ROUTES.start,
    maxAge: FLOW_LIFETIME_S,
  });
  return c.redirect(started.url.href);
}

async function finishLogin(c: Ctx) {
  const { deps } = c.var;
  const provider = deps.identityProvider;
  if (!provider) return c.notFound();
  const flow = await flowOf(c);
  deleteCookie(c, FLOW_COOKIE, { path: PROCONNECT_ROUTES.start });
  if (!flow) return refuse(c, 'teacher', 'state', null);

  let answer: Awaited<ReturnType<typeof provider.finish>>;
  try {
    answer = await provider.finish({
      callbackUrl: new URL(c.req.url),
      redirectUri: callbackUri(c),
      checks: flow,
    });
  } catch (error) {
    if (error instanceof IdentityRefused) return refuse(c, flow.from, error.reason, flow.next, error.cause);
    if (error instanceof IdentityProviderUnavailable) {
      return refuse(c, flow.from, 'unavailable', flow.next, error.cause);
    }
    throw error;
  }

  const outcome = await arrivalOf(answer.identity, flow.from, deps);
  if (outcome.kind === 'refused') return refuse(c, flow.from, outcome.refusal, flow.next);
  if (outcome.kind === 'signUp') {
    const page = outcome.prefill.wizard === 'teacher' ? ROUTES.signUpTeacher : ROUTES.signUpCompany;
    const sealed = await sealedPrefill(outcome.prefill, deps);
    return c.redirect(`${page}?${new URLSearchParams({ [PREFILL_PARAM]: sealed })}`);
  }
  if (c.var.viewer) await endSession(c);
  const token = await startSession(c, outcome.userId);
  const idToken = await sealText(deps.config.JWT_SECRET, 'proconnect-id-token', answer.idToken);
  await insertProConnectSession(deps.db, sessionIdOf(token), idToken);
  if (outcome.userKind === 'recruiter') return c.redirect(withNext(ROUTES.loginCompanySuccess, flow.next));
  return c.redirect(nextPathFor(outcome.userKind, flow.next));
}

const loginOfParam = (value: string | undefined): ProConnectFor =>
  PROCONNECT_FOR.find((kind) => kind === value) ?? 'teacher';

/** The callback's address as registered with ProConnect: this platform's public one, whatever proxy is between. */
const callbackUri = (c: Ctx) => `${c.var.deps.config.PUBLIC_URL}${PROCONNECT_ROUTES.callback}`;

/** The login's flow from its cookie: null when absent, not sealed here, or started too long ago. */
async function flowOf(c: Ctx): Promise<Flow | null> {
  const { config, clock } = c.var.deps;
  const sealed = getCookie(c, FLOW_COOKIE);
  const text = sealed ? await unsealText(config.JWT_SECRET, 'proconnect-flow', sealed) : null;
  if (!text) return null;
  try {
    const parsed = flowSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const age = clock.now().getTime() - parsed.data.startedAt;
    return age >= 0 && age <= FLOW_LIFETIME_S * 1000 ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The login page the button was on, saying why in French (`?proconnect=`), keeping where they were going. */
function refusalPath(from: ProConnectFor, refusal: ProConnectRefusal, next: string | null): string {
  const search = new URLSearchParams({ [PROCONNECT_REFUSAL_PARAM]: refusal });
  if (next) search.set('next', next);
  return `${LOGIN_OF[from]}?${search}`;
}

function refuse(
  c: Ctx,
  from: ProConnectFor,
  refusal: ProConnectRefusal,
  next: string | null,
  cause?: unknown,
) {
  c.var.deps.log.info('ProConnect login refused', {
    requestId: c.var.requestId,
    refusal,
    ...(cause !== undefined && { cause: String(cause) }),
  });
  return c.redirect(refusalPath(from, refusal, next));
}
