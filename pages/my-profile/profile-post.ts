import type { PageContextServer } from 'vike/types';
import { contactBlockFor, nameBlock, teacherProfileBlocks } from '../../common/accounts.ts';
import { teacherDocumentSchema } from '../../common/documents.ts';
import type { PlainBlocks } from '../../islands/accounts/profile/useBlockForm.ts';
import { postedAddress } from '../../islands/address-post.ts';
import type { PlainDocuments } from '../../islands/companies/VisitDocuments.tsx';
import {
  changePassword,
  startSession,
  updateContact,
  updateCriteria,
  updateEstablishment,
  updateName,
  updatePreferences,
  updatePublicProfile,
  withRecruitmentTokenOfPassword,
} from '../../server/accounts/index.ts';
import { addTeacherDocument, removeTeacherDocument } from '../../server/documents/index.ts';
import { parseInput } from '../../server/kernel/validation.ts';
import { type BlockSave, plainBlocks } from '../layout/block-post.ts';
import { plainDocuments } from '../layout/documents-post.ts';
import type { FormPost } from '../layout/form-post.ts';

const textsOf = (names: string[]) => (post: FormPost) =>
  Object.fromEntries(names.map((name) => [name, post.fields[name] ?? '']));

/**
 * A use case as the API's caller runs it: a recruiter's with the recruitment site's token, got with the
 * current password, since a page without script does not hold it (decision 0090); anyone else's as is.
 */
function onSiteOf(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const clientIp: string = pageContext.runtime.hono.get('clientIp');
  return <T>(currentPassword: string | undefined, act: (recruitmentToken?: string) => Promise<T>) =>
    viewer?.kind === 'recruiter'
      ? withRecruitmentTokenOfPassword(
          viewer,
          { currentPassword: currentPassword ?? '', clientIp },
          deps,
          act,
        )
      : act();
}

/**
 * The password block (every profile, and the operators' « Mon compte ») posted without JavaScript: the
 * API's `changeMyPassword`, the caller's own session started again as the API does.
 */
export function passwordBlock(pageContext: PageContextServer): BlockSave {
  const { viewer, deps } = pageContext;
  const c = pageContext.runtime.hono;
  const onSite = onSiteOf(pageContext);
  return {
    input: textsOf(['currentPassword', 'newPassword']),
    async save(input) {
      const parsed = parseInput(teacherProfileBlocks.password, input);
      await onSite(parsed.currentPassword, (recruitmentToken) =>
        changePassword(viewer, { ...parsed, clientIp: c.get('clientIp'), recruitmentToken }, deps),
      );
      // Every session of the account ended: the caller's own goes on, as with the API.
      if (viewer) await startSession(c, viewer.id);
    },
  };
}

/**
 * « Mon profil » posted without JavaScript (issue 36): each block of the teacher's or the recruiter's
 * profile (islands/accounts/profile/) through the same schema and use case as its GraphQL mutation
 * (server/accounts/profile-graphql.ts), every message at once. `currentEmail` is the account's: a new one
 * asks for the password. A recruiter's e-mail, phone and password act on the recruitment site, whose token a
 * page without script does not hold: the current password proves them to the site instead (decision 0090).
 */
export function plainProfile(pageContext: PageContextServer, currentEmail: string): Promise<PlainBlocks> {
  const { viewer, deps } = pageContext;
  const c = pageContext.runtime.hono;
  const clientIp: string = c.get('clientIp');
  const recruiter = viewer?.kind === 'recruiter';
  const onSite = onSiteOf(pageContext);
  const contact: BlockSave = {
    input: textsOf(['email', 'phone', 'currentPassword']),
    save(input) {
      const parsed = parseInput(contactBlockFor(currentEmail, recruiter), input);
      return onSite(parsed.currentPassword, (recruitmentToken) =>
        updateContact(viewer, { ...parsed, clientIp, recruitmentToken }, deps),
      );
    },
  };
  const password = passwordBlock(pageContext);
  if (recruiter) {
    return plainBlocks(pageContext, {
      identite: {
        input: textsOf(['firstName', 'lastName']),
        save: (input) => updateName(viewer, parseInput(nameBlock, input), deps),
      },
      coordonnees: contact,
      'mot-de-passe': password,
    });
  }
  return plainBlocks(pageContext, {
    'profil-public': {
      input: textsOf(['firstName', 'lastName', 'description']),
      save: (input) => updatePublicProfile(viewer, parseInput(teacherProfileBlocks.public, input), deps),
    },
    'informations-privees': contact,
    'mot-de-passe': password,
    etablissement: {
      input: (post) => ({
        ...textsOf(['name', 'type'])(post),
        address: postedAddress(post.fields, 'establishmentAddress'),
        schoolLevels: post.lists.schoolLevels ?? [],
      }),
      save: (input) =>
        updateEstablishment(viewer, parseInput(teacherProfileBlocks.establishment, input), deps),
    },
    criteres: {
      input: (post) => ({ sectors: post.lists.sectors ?? [], jobs: post.lists.jobs ?? [] }),
      save: (input) => updateCriteria(viewer, parseInput(teacherProfileBlocks.criteria, input), deps),
    },
    preferences: {
      input: (post) => ({
        useEstablishmentAddress: 'useEstablishmentAddress' in post.fields,
        referenceAddress: postedAddress(post.fields, 'referenceAddress'),
        weeklyMail: 'weeklyMail' in post.fields,
      }),
      save: (input) => updatePreferences(viewer, parseInput(teacherProfileBlocks.preferences, input), deps),
    },
  });
}

/** « Mes documents » posted without JavaScript: the API's uploadTeacherDocument and removeTeacherDocument. */
export function plainTeacherDocuments(pageContext: PageContextServer): Promise<PlainDocuments> {
  const { viewer, deps } = pageContext;
  return plainDocuments(pageContext, 'mes-documents', {
    add: (input) => addTeacherDocument(viewer, parseInput(teacherDocumentSchema, input), deps),
    remove: (input) => removeTeacherDocument(viewer, input, deps),
  });
}
