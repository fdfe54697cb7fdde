import { useState } from 'react';
import { ROUTES } from '../../common/routes.ts';
import { logOutOnServer } from '../graphql.ts';
import { endBrowserSession } from '../session-store.ts';
import { Button } from '../ui/Button.tsx';

/**
 * Ends the session on the server (which clears the cookie), forgets the recruitment-site tokens kept in
 * the browser (spec: logout clears every stored token) and the pages the service worker kept, then leaves
 * for the login page.
 */
export function LogoutButton() {
  const [pending, setPending] = useState(false);
  async function logout() {
    setPending(true);
    try {
      await logOutOnServer();
    } catch {
      // The browser's side of the session ends all the same; the error would only reach the console.
    }
    await endBrowserSession();
    window.location.assign(ROUTES.loginTeacher);
  }
  return (
    <Button variant="outline" loading={pending} onClick={logout}>
      Se déconnecter
    </Button>
  );
}
