import { ROUTES } from '../../common/routes.ts';
import { gqlRequest } from '../graphql.ts';
import { clearSession, storeCompanyId, storeTokens, type TokenResponse } from '../session-store.ts';
import { CredentialsForm } from './LoginForm.tsx';

const LOGIN_COMPANY = /* GraphQL */ `
  mutation LoginCompany($email: String!, $password: String!) {
    loginCompany(email: $email, password: $password) {
      token
      recruitmentSite { accessToken expiresIn refreshToken }
    }
  }
`;
const MY_ID = 'query MyId { me { id } myCompany { id } }';

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
const SCREEN_CODES = new Set<string>([
  'company_not_found',
  'cannot_create_ir_recruiter',
  'cst_not_authorized',
  'other_error',
]);

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
 * Recruitment-site credentials. On success the server has set the session cookie; the site's tokens are
 * kept for the session keeper and the company id is read (spec, sections 4 and 7), then the success screen
 * (`successPath`, which may carry where to go next).
 */
export function CompanyLoginForm({
  successPath = ROUTES.loginCompanySuccess,
  posted = null,
}: {
  successPath?: string;
  /** A plain post refused by the page (pages/login-company/company-login-post.ts): the e-mail kept, the messages. */
  posted?: { values: { email: string }; errors: Record<string, string>; alert: string | null } | null;
}) {
  return (
    <CredentialsForm
      posted={posted}
      onSubmit={async (credentials) => {
        const { loginCompany } = await gqlRequest<{ loginCompany: { recruitmentSite: TokenResponse } }>(
          LOGIN_COMPANY,
          { ...credentials },
          'LoginCompany',
        );
        clearSession();
        storeTokens(loginCompany.recruitmentSite);
        try {
          const { myCompany } = await gqlRequest<{ myCompany: { id: string } | null }>(MY_ID, {}, 'MyId');
          if (myCompany) storeCompanyId(myCompany.id);
        } catch (error) {
          // Spec, section 8: the login stays valid without the company id.
          console.warn('MyId failed after the company login', error);
        }
        window.location.assign(successPath);
      }}
      onFailure={(error) => {
        if (!SCREEN_CODES.has(error.code)) return false;
        window.location.assign(companyLoginFailurePath(error.code as CompanyLoginFailure, error.extensions));
        return true;
      }}
    />
  );
}
