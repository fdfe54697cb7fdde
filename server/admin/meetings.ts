import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { listMeetings } from '../meetings/index.ts';
import { type MeetingsFilterInput, meetingFilterFor } from './list-filters.ts';

export interface AdminMeetingFilter extends MeetingsFilterInput {
  page: number;
  pageSize: number;
}

/** The meetings of the operator's area, by period, department, type and status, latest first. */
export function adminMeetings(viewer: Viewer | null, input: AdminMeetingFilter, deps: Deps) {
  return listMeetings(
    deps.db,
    { ...meetingFilterFor(viewer, input), page: input.page, pageSize: input.pageSize },
    deps.clock.now(),
  );
}
