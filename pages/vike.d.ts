import type { Deps } from '../server/kernel/context.ts';
import type { Viewer } from '../server/kernel/viewer.ts';

/** Who may open a page: anyone, any logged-in user, or one kind of user. */
export type PageAccess = 'public' | 'user' | 'teacher' | 'recruiter' | 'admin';

declare global {
  namespace Vike {
    interface Server {
      server: 'hono';
    }
    interface Config {
      access?: PageAccess;
      /** False on the routes the spec marks "no menu". */
      menu?: boolean;
      /**
       * False on a page that ships no script at all, not even the service worker's registration (the
       * public check of an attestation, docs/decisions/0046).
       */
      scripts?: boolean;
    }
    interface PageContext {
      /** Set on the server before rendering; pages are HTML-only, so it is never needed in the browser. */
      viewer: Viewer | null;
    }
    interface PageContextServer {
      deps: Deps;
    }
  }
}
