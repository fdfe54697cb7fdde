import type { MeetingType } from '../../common/constants.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { listMeetings } from '../meetings/index.ts';
import { operatorArea, requireKind } from '../permissions.ts';

export interface AdminMeetingFilter {
  from?: Date | null | undefined;
  to?: Date | null | undefined;
  departmentCode?: string | null | undefined;
  meetingType?: MeetingType | null | undefined;
  status?: 'upcoming' | 'done' | 'cancelled' | 'absent' | null | undefined;
  page: number;
  pageSize: number;
}

/** The meetings of the operator's area, by period, department, type and status, latest first. */
export function adminMeetings(viewer: Viewer | null, input: AdminMeetingFilter, deps: Deps) {
  const operator = requireKind(viewer, 'admin');
  return listMeetings(
    deps.db,
    {
      from: input.from ?? undefined,
      to: input.to ?? undefined,
      departmentCodes: operatorArea(operator, input.departmentCode),
      meetingType: input.meetingType ?? undefined,
      status: input.status ?? undefined,
      page: input.page,
      pageSize: input.pageSize,
    },
    deps.clock.now(),
  );
}
