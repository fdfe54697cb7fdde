import type { PageContextServer } from 'vike/types';
import { faqFor } from '../../server/content/index.ts';

export async function data(pageContext: PageContextServer) {
  return { entries: await faqFor(pageContext.viewer, pageContext.deps) };
}

export type Data = Awaited<ReturnType<typeof data>>;
