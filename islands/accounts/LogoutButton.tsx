import { type FormEvent, useState } from 'react';
import { ROUTES } from '../../common/routes.ts';
import { logOutOnServer } from '../graphql.ts';
import { endBrowserSession } from '../session-store.ts';
import { Button } from '../ui/Button.tsx';

/** The logout form's `intent`: posted to its page without JavaScript (pages/layout/logout-post.ts). */
export const LOGOUT_INTENT = 'logout';

export interface LogoutButtonProps {
  /**
   * The session was opened with ProConnect: once this browser's side is gone, the form is posted to its page,
   * whose answer leads through ProConnect's logout (its session ends too, docs/decisions/0095).
   */
  endsProConnect?: boolean;
}

/**
 * Ends the session on the server (which clears the cookie), forgets the recruitment-site tokens kept in
 * the browser (spec: logout clears every stored token) and the pages the service worker kept, then leaves
 * for the login page. Before its script runs, a plain form posted to the page: the server ends the
 * session and opens the home page.
 */
export function LogoutButton({ endsProConnect = false }: LogoutButtonProps) {
  const [pending, setPending] = useState(false);
  async function logout(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    if (endsProConnect) {
      await endBrowserSession();
      form.submit();
      return;
    }
    try {
      await logOutOnServer();
    } catch {
      // The browser's side of the session ends all the same; the error would only reach the console.
    }
    await endBrowserSession();
    window.location.assign(ROUTES.loginTeacher);
  }
  return (
    <form method="post" onSubmit={logout}>
      <input type="hidden" name="intent" value={LOGOUT_INTENT} />
      <Button type="submit" variant="outline" loading={pending}>
        Se déconnecter
      </Button>
    </form>
  );
}
