import type { PageContextServer } from 'vike/types';
import { zoneName } from '../../../common/format.ts';
import { utcToZonedWallClock } from '../../../common/time.ts';
import { EMPTY_SLOT_VALUES, type SlotFormProps } from '../../../islands/slots/SlotForm.tsx';
import { lastSpeakerOf, myCompanyDepartmentCode, myCompanyTimeZone } from '../../../server/slots/index.ts';
import { teamSpeakersFor } from '../../../server/teams/index.ts';
import { hasBuiltInRoom } from '../../../server/video/index.ts';
import { postedSlotForm } from '../slot-form-post.ts';

export async function data(pageContext: PageContextServer): Promise<{ form: SlotFormProps }> {
  const { viewer, deps } = pageContext;
  const [timeZone, lastSpeaker, departmentCode] = await Promise.all([
    myCompanyTimeZone(viewer, deps),
    lastSpeakerOf(viewer, deps),
    myCompanyDepartmentCode(viewer, deps),
  ]);
  const now = deps.clock.now();
  const videoRoomAvailable = hasBuiltInRoom(deps);
  const posted = await postedSlotForm(pageContext, { videoRoomAvailable, slot: null });
  return {
    form: {
      slot: null,
      // The company often sends the same person: the last slot's speaker, else the recruiter, easy to change.
      initial: {
        ...EMPTY_SLOT_VALUES,
        speaker: lastSpeaker ?? {
          ...EMPTY_SLOT_VALUES.speaker,
          name: viewer?.lastName ?? '',
          firstname: viewer?.firstName ?? '',
        },
      },
      today: utcToZonedWallClock(now, timeZone).date,
      zoneName: zoneName(now, timeZone),
      videoRoomAvailable,
      departmentCode,
      team: await teamSpeakersFor(viewer, deps),
      ...(posted && {
        initial: posted.values,
        errors: posted.errors,
        alert: posted.alert,
        typedPlace: posted.typedPlace,
      }),
    },
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
