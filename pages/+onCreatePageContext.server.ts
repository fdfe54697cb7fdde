import type { PageContextServer } from 'vike/types';

/** Hands the Hono request's dependencies and viewer to the pages, guards and data hooks. */
export function onCreatePageContext(pageContext: PageContextServer) {
  const c = pageContext.runtime.hono;
  pageContext.viewer = c.get('viewer');
  pageContext.deps = c.get('deps');
  pageContext.cspNonce = c.get('secureHeadersNonce') ?? null;
}
