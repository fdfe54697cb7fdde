import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { z } from 'zod';
import { ROUTES } from '../../../common/routes.ts';
import { groupRecordFor } from '../../../server/classes/index.ts';
import { parseInput } from '../../../server/kernel/validation.ts';
import { assignMeetingToGroup } from '../../../server/meetings/index.ts';
import { type FormPost, type FormRefusal, formPostOf, refusalOf } from '../../layout/form-post.ts';

const meetingChoice = z.object({
  meetingId: z.coerce
    .number({ error: 'Choisissez un rendez-vous.' })
    .int()
    .positive({ error: 'Choisissez un rendez-vous.' }),
});

/** The page's forms: attach one of the year's meetings without a group, or take one out of the group. */
async function act(
  post: FormPost,
  groupId: number,
  pageContext: PageContextServer,
): Promise<FormRefusal | null> {
  const { viewer, deps } = pageContext;
  const target = post.intent === 'detach' ? (post.fields.meetingId ?? null) : null;
  const refusal = await refusalOf(
    post,
    async () => {
      const { meetingId } = parseInput(meetingChoice, post.fields);
      if (post.intent === 'attach') await assignMeetingToGroup(viewer, { meetingId, groupId }, deps);
      if (post.intent === 'detach') await assignMeetingToGroup(viewer, { meetingId, groupId: null }, deps);
    },
    target,
  );
  if (!refusal) throw redirect(`${ROUTES.myGroup(groupId)}#rencontres`);
  return refusal;
}

/**
 * A group's page (docs/decisions/0045): its meetings of its school year, its encounters and hours, the
 * sectors and jobs it discovered, and the year's meetings without a group it could take. Another
 * teacher's group, or none, is a 404 that says nothing of it.
 */
export async function data(pageContext: PageContextServer) {
  const id = Number(pageContext.routeParams.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw render(404);
  const post = await formPostOf(pageContext);
  let record: Awaited<ReturnType<typeof groupRecordFor>>;
  try {
    record = await groupRecordFor(pageContext.viewer, id, pageContext.deps);
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw render(404);
    throw error;
  }
  const refusal = post ? await act(post, id, pageContext) : null;
  const { group } = record;
  return {
    record: {
      ...record,
      group: { id: group.id, name: group.name, level: group.level, schoolYear: group.schoolYear },
    },
    refusal,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
