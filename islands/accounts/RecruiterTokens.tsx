import { useEffect } from 'react';
import { clearSession, storeCompanyId, storeTokens, type TokenResponse } from '../session-store.ts';

/**
 * The company login (pages/login-company/company-login-post.ts) leaves the recruitment site's tokens with the
 * success screen: once its script runs, they are kept in this browser with the company id, for the session
 * keeper and the calls that send the token. Renders nothing.
 */
export function RecruiterTokens({ tokens, companyId }: { tokens: TokenResponse; companyId: string }) {
  useEffect(() => {
    clearSession();
    storeTokens(tokens);
    storeCompanyId(companyId);
  }, [tokens, companyId]);
  return null;
}
