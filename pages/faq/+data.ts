import type { PageContextServer } from 'vike/types';
import { listFaqEntries } from '../../server/content/index.ts';

export async function data(pageContext: PageContextServer) {
  return { entries: await listFaqEntries(pageContext.deps.db, pageContext.viewer?.kind ?? null) };
}

export type Data = Awaited<ReturnType<typeof data>>;
