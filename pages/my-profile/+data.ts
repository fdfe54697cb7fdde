import type { PageContextServer } from 'vike/types';
import { myRecruiterProfile, myTeacherProfile } from '../../server/accounts/index.ts';
import { documentItems, teacherDocumentsFor } from '../../server/documents/index.ts';
import { plainLogout } from '../layout/logout-post.ts';
import { plainProfile } from './profile-post.ts';

export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  await plainLogout(pageContext);
  if (viewer?.kind === 'teacher') {
    // A plain post first, so that the page shows what it saved.
    const plain = await plainProfile(pageContext);
    const [teacher, documents] = await Promise.all([
      myTeacherProfile(viewer, deps),
      teacherDocumentsFor(viewer, viewer.id, deps),
    ]);
    return {
      teacher: teacher && { ...teacher, plain },
      documents: documentItems(documents),
      recruiter: null,
    };
  }
  if (viewer?.kind === 'recruiter') {
    const plain = await plainProfile(pageContext);
    const recruiter = await myRecruiterProfile(viewer, deps);
    return { teacher: null, documents: [], recruiter: recruiter && { ...recruiter, plain } };
  }
  return { teacher: null, documents: [], recruiter: null };
}

export type Data = Awaited<ReturnType<typeof data>>;
