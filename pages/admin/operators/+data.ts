import type { PageContextServer } from 'vike/types';
import { OPERATOR_INTENTS, OPERATOR_NOTICES, reinvited } from '../../../islands/admin/OperatorsManager.tsx';
import {
  inviteOperator,
  inviteOperatorSchema,
  operators,
  regionChoices,
  removeOperator,
} from '../../../server/admin/index.ts';
import { AppError, invalidInput } from '../../../server/kernel/errors.ts';
import { idInput, parseInput } from '../../../server/kernel/validation.ts';
import type { FormPost } from '../../layout/form-post.ts';
import { adminPost } from '../admin-post.ts';
import { choiceOf, NOTICE_ID, pageOf } from '../page-input.ts';

/**
 * Who operates the platform (national administrators only). Inviting, inviting again and removing are
 * plain posts first (issue 36): the API's use cases with their schemas, the removal asked first as a step,
 * then the page saying what was done (`?fait=`, `?renvoyee=`); an address already used is said under its
 * field, as the island says it.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const invite = async (post: FormPost) => {
    try {
      await inviteOperator(viewer, parseInput(inviteOperatorSchema, post.fields), deps);
    } catch (error) {
      if (error instanceof AppError && error.code === 'email_already_exists') {
        throw invalidInput({ email: error.message });
      }
      throw error;
    }
  };
  const doneAt = (query: string) => `${urlParsed.pathname}?${query}#${NOTICE_ID}`;
  const plain = await adminPost(pageContext, {
    [OPERATOR_INTENTS.invite]: {
      async run(post) {
        await invite(post);
        return doneAt('fait=invitation');
      },
    },
    [OPERATOR_INTENTS.reinvite]: {
      async run(post) {
        await invite(post);
        return doneAt(`renvoyee=${post.fields.id}`);
      },
    },
    [OPERATOR_INTENTS.remove]: {
      asks: () => true,
      async run(post) {
        await removeOperator(viewer, parseInput(idInput, post.fields), deps);
        return doneAt('fait=retrait');
      },
    },
  });
  const list = await pageOf(() => operators(viewer, deps));
  const done = choiceOf(urlParsed.search.fait, ['invitation', 'retrait'] as const);
  const reinvitedTo = list.find((operator) => String(operator.id) === urlParsed.search.renvoyee);
  return {
    operators: list.map((operator) => ({
      id: String(operator.id),
      email: operator.email,
      regionCode: operator.regionCode,
      regionName: operator.regionName,
      pending: operator.pending,
      self: operator.id === viewer?.id,
    })),
    regions: regionChoices(),
    plain,
    notice: done ? OPERATOR_NOTICES[done] : reinvitedTo ? reinvited(reinvitedTo.email) : null,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
