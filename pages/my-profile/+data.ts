import type { PageContextServer } from 'vike/types';
import { myTeacherProfile } from '../../server/accounts/index.ts';

export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  return { teacher: viewer?.kind === 'teacher' ? await myTeacherProfile(viewer, deps) : null };
}

export type Data = Awaited<ReturnType<typeof data>>;
