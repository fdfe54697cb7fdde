import type { PageContextServer } from 'vike/types';
import { meetingDetailsData } from '../../layout/meetings-data.ts';
import { meetingGroupChoice } from '../../my-groups/meeting-group-data.ts';

/** The meeting's details (the same as the company's side), and its group: the teacher files it from here. */
export async function data(pageContext: PageContextServer) {
  const details = await meetingDetailsData(pageContext);
  return { ...details, groupChoice: await meetingGroupChoice(pageContext, details.meeting) };
}

export type Data = Awaited<ReturnType<typeof data>>;
