import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { z } from 'zod';
import { optionalGroupId, schoolYearAt } from '../../common/classes.ts';
import { ROUTES } from '../../common/routes.ts';
import { myGroups } from '../../server/classes/index.ts';
import { parseInput } from '../../server/kernel/validation.ts';
import { assignMeetingToGroup } from '../../server/meetings/index.ts';
import { formPostOf, refusalOf } from '../layout/form-post.ts';
import type { MeetingGroupChoice } from './MeetingGroupSection.tsx';

const groupChoice = z.object({ groupId: optionalGroupId });

/**
 * The teacher's details page of a meeting: its group, the groups of its school year to choose from, and the
 * plain form's post (`intent=assignGroup`), which files the meeting and comes back to the page.
 */
export async function meetingGroupChoice(
  pageContext: PageContextServer,
  meeting: { id: number; groupId: number | null; startsAt: string; timeZone: string },
): Promise<MeetingGroupChoice> {
  const { viewer, deps } = pageContext;
  const post = await formPostOf(pageContext);
  const refusal =
    post?.intent === 'assignGroup'
      ? await refusalOf(post, () =>
          assignMeetingToGroup(
            viewer,
            { meetingId: meeting.id, groupId: parseInput(groupChoice, post.fields).groupId ?? null },
            deps,
          ),
        )
      : null;
  if (post?.intent === 'assignGroup' && !refusal) {
    throw redirect(`${ROUTES.meetingDetailsTeacher}?id=${meeting.id}#groupe`);
  }
  const schoolYear = schoolYearAt(meeting.startsAt, meeting.timeZone);
  const all = await myGroups(viewer, deps);
  const current = all.find((group) => group.id === meeting.groupId);
  return {
    meetingId: meeting.id,
    schoolYear,
    current: current ? { id: current.id, name: current.name } : null,
    // The groups of its school year, and its own group whatever its year.
    groups: all
      .filter((group) => group.schoolYear === schoolYear || group.id === meeting.groupId)
      .map((group) => ({ id: group.id, name: group.name })),
    refusal,
  };
}
