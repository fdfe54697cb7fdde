import type { PageContextServer } from 'vike/types';
import { myRecruiterProfile, myTeacherProfile } from '../../server/accounts/index.ts';
import { documentItems, teacherDocumentsFor } from '../../server/documents/index.ts';
import { plainLogout } from '../layout/logout-post.ts';
import { plainDeletion } from './deletion-post.ts';
import { plainProfile, plainTeacherDocuments } from './profile-post.ts';

/**
 * « Mon profil ». A block posted without JavaScript is read once the profile is (its e-mail tells whether
 * the post changes it): saved, the browser comes back by a redirect and reads it again; refused, nothing
 * changed.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const logout = await plainLogout(pageContext);
  if (viewer?.kind === 'teacher') {
    // Gone on success: the browser opens the landing page.
    const deletion = await plainDeletion(pageContext);
    const documentsPlain = await plainTeacherDocuments(pageContext);
    const [teacher, documents] = await Promise.all([
      myTeacherProfile(viewer, deps),
      teacherDocumentsFor(viewer, viewer.id, deps),
    ]);
    const plain = teacher && (await plainProfile(pageContext, teacher.email));
    return {
      logout,
      teacher: teacher && { ...teacher, plain },
      documents: documentItems(documents),
      documentsPlain,
      deletion,
      recruiter: null,
    };
  }
  if (viewer?.kind === 'recruiter') {
    const recruiter = await myRecruiterProfile(viewer, deps);
    const plain = await plainProfile(pageContext, recruiter.email);
    return {
      logout,
      teacher: null,
      documents: [],
      documentsPlain: null,
      deletion: null,
      recruiter: { ...recruiter, plain },
    };
  }
  return { logout, teacher: null, documents: [], documentsPlain: null, deletion: null, recruiter: null };
}

export type Data = Awaited<ReturnType<typeof data>>;
