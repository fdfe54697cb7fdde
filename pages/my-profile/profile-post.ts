import type { PageContextServer } from 'vike/types';
import { nameBlock, teacherProfileBlocks } from '../../common/accounts.ts';
import type { PlainBlocks } from '../../islands/accounts/profile/useBlockForm.ts';
import {
  changePassword,
  startSession,
  updateContact,
  updateCriteria,
  updateEstablishment,
  updateName,
  updatePreferences,
  updatePublicProfile,
} from '../../server/accounts/index.ts';
import { parseInput } from '../../server/kernel/validation.ts';
import { type BlockSave, plainBlocks } from '../layout/block-post.ts';
import type { FormPost } from '../layout/form-post.ts';
import { postedAddress } from '../layout/form-post.ts';

const textsOf = (names: string[]) => (post: FormPost) =>
  Object.fromEntries(names.map((name) => [name, post.fields[name] ?? '']));

/**
 * The password block (every profile, and the operators' « Mon compte ») posted without JavaScript: the
 * API's `changeMyPassword`, the caller's own session started again as the API does.
 */
export function passwordBlock(pageContext: PageContextServer): BlockSave {
  const { viewer, deps } = pageContext;
  const c = pageContext.runtime.hono;
  return {
    input: textsOf(['currentPassword', 'newPassword']),
    async save(input) {
      const parsed = parseInput(teacherProfileBlocks.password, input);
      await changePassword(viewer, { ...parsed, clientIp: c.get('clientIp') }, deps);
      // Every session of the account ended: the caller's own goes on, as with the API.
      if (viewer) await startSession(c, viewer.id);
    },
  };
}

/**
 * « Mon profil » posted without JavaScript (issue 36): each block of the teacher's or the recruiter's
 * profile (islands/accounts/profile/) through the same schema and use case as its GraphQL mutation
 * (server/accounts/profile-graphql.ts).
 */
export function plainProfile(pageContext: PageContextServer): Promise<PlainBlocks> {
  const { viewer, deps } = pageContext;
  const c = pageContext.runtime.hono;
  const contact: BlockSave = {
    input: textsOf(['email', 'phone', 'currentPassword']),
    save: (input) =>
      updateContact(
        viewer,
        { ...parseInput(teacherProfileBlocks.contact, input), clientIp: c.get('clientIp') },
        deps,
      ),
  };
  const password = passwordBlock(pageContext);
  if (viewer?.kind === 'recruiter') {
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
