import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginSchema } from '../../common/accounts.ts';
import { ROUTES } from '../../common/routes.ts';
import { startSession } from '../../server/accounts/index.ts';
import { logInCompany } from '../../server/companies/index.ts';
import { AppError } from '../../server/kernel/errors.ts';
import { formPostOf, refusalOf, validFormOf } from '../layout/form-post.ts';
import { throwLoginRefusal } from '../layout/login-post.ts';

type TokenResponse = Awaited<ReturnType<typeof logInCompany>>['tokens'];

/**
 * The recruitment site's tokens of a login, handed to the success screen (docs/decisions/0058): read there
 * once, on the server, and given to the island that keeps them for the session keeper (RecruiterTokens).
 * Never readable by a script, sent only to that page, gone after a few minutes.
 */
const HANDOFF_COOKIE = 'recruitment_handoff';
const HANDOFF_MAX_AGE_S = 300;

/**
 * The refusals retyping cannot fix get a screen of their own (spec: "company login, with success and
 * failure screens"); a wrong password or too many tries stay on the form, to try again at once.
 */
export const COMPANY_LOGIN_FAILURE_SCREENS = [
  'company_not_found',
  'wrong_credentials',
  'cannot_create_ir_recruiter',
  'cst_not_authorized',
  'other_error',
] as const;
export type CompanyLoginFailure = (typeof COMPANY_LOGIN_FAILURE_SCREENS)[number];

/** The failures sent to their screen: a wrong password stays on the form (its screen is for a link). */
const SCREEN_CODES = new Set<string>(
  COMPANY_LOGIN_FAILURE_SCREENS.filter((code) => code !== 'wrong_credentials'),
);

/**
 * The failure screen of a code; for a company not active, which case it is (`cas`: pending, refused,
 * archived) and the refusal's reason when the operators gave one (`motif`); for a department, that it has
 * closed (`cas=ferme`).
 */
export function companyLoginFailurePath(code: CompanyLoginFailure, extensions: Record<string, unknown> = {}) {
  const search = new URLSearchParams({ error: code });
  if (typeof extensions.companyStatus === 'string') search.set('cas', extensions.companyStatus);
  if (typeof extensions.statusReason === 'string' && extensions.statusReason) {
    search.set('motif', extensions.statusReason);
  }
  if (extensions.departmentClosed === true) search.set('cas', 'ferme');
  return `${ROUTES.loginCompanySuccess}?${search}`;
}

/**
 * A recruiter's login posted as a plain HTML form (issue 22; a light form since issue 36), by the same use
 * case as `loginCompany`: the session cookie, the tokens handed to the success screen, then that screen
 * (`successPath`). A refusal with a screen of its own goes to that screen; any other keeps the e-mail, never
 * the password. Null for a GET.
 */
export async function postedCompanyLogin(pageContext: PageContextServer, successPath: string) {
  const post = await formPostOf(pageContext);
  if (!post) return null;
  const c = pageContext.runtime.hono;
  let screen: string | null = null;
  const refusal = await refusalOf(post, async () => {
    const { email, password } = await validFormOf(pageContext, loginSchema);
    try {
      const { user, tokens } = await logInCompany(
        { email, password, clientIp: c.get('clientIp') },
        pageContext.deps,
      );
      await startSession(c, user.id);
      handOffTokens(pageContext, tokens);
    } catch (error) {
      if (error instanceof AppError && SCREEN_CODES.has(error.code)) {
        screen = companyLoginFailurePath(error.code as CompanyLoginFailure, error.extensions);
        return;
      }
      throwLoginRefusal(error);
    }
  });
  if (screen) throw redirect(screen);
  if (!refusal) throw redirect(successPath);
  return { values: { email: refusal.values.email ?? '' }, errors: refusal.errors, alert: refusal.alert };
}

export type PostedCompanyLogin = Awaited<ReturnType<typeof postedCompanyLogin>>;

function handOffTokens(pageContext: PageContextServer, tokens: TokenResponse) {
  const c = pageContext.runtime.hono;
  const receivedAt = pageContext.deps.clock.now().getTime();
  setCookie(c, HANDOFF_COOKIE, JSON.stringify({ ...tokens, receivedAt }), {
    httpOnly: true,
    sameSite: 'Strict',
    secure: !pageContext.deps.config.isLocalhost,
    path: ROUTES.loginCompanySuccess,
    maxAge: HANDOFF_MAX_AGE_S,
  });
}

/**
 * The tokens a plain login handed over, read once (the cookie goes): what is left of the access token's life
 * is counted here, on the server's clock, so the browser's clock cannot shorten or stretch it. Null when
 * there is none (the page is seen again).
 */
export function handedOffTokens(pageContext: PageContextServer): TokenResponse | null {
  const c = pageContext.runtime.hono;
  const raw = getCookie(c, HANDOFF_COOKIE);
  if (raw === undefined) return null;
  // Set on Hono's own response, which Vike's answer takes its cookies from once it exists.
  void c.res;
  deleteCookie(c, HANDOFF_COOKIE, { path: ROUTES.loginCompanySuccess });
  try {
    const { accessToken, refreshToken, expiresIn, receivedAt } = JSON.parse(raw);
    if (typeof accessToken !== 'string' || typeof refreshToken !== 'string') return null;
    const elapsed = Math.floor((pageContext.deps.clock.now().getTime() - Number(receivedAt)) / 1000);
    const left = Number(expiresIn) - Math.max(0, elapsed);
    return Number.isFinite(left) && left > 0 ? { accessToken, refreshToken, expiresIn: left } : null;
  } catch {
    return null;
  }
}
