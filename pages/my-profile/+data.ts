import type { PageContextServer } from 'vike/types';
import { myRecruiterProfile, myTeacherProfile } from '../../server/accounts/index.ts';
import { documentItems, teacherDocumentsFor } from '../../server/documents/index.ts';

export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  if (viewer?.kind === 'teacher') {
    const [teacher, documents] = await Promise.all([
      myTeacherProfile(viewer, deps),
      teacherDocumentsFor(viewer, viewer.id, deps),
    ]);
    return { teacher, documents: documentItems(documents), recruiter: null };
  }
  if (viewer?.kind === 'recruiter') {
    return { teacher: null, documents: [], recruiter: await myRecruiterProfile(viewer, deps) };
  }
  return { teacher: null, documents: [], recruiter: null };
}

export type Data = Awaited<ReturnType<typeof data>>;
