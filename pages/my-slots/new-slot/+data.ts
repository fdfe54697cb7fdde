import type { PageContextServer } from 'vike/types';
import { zoneName } from '../../../common/format.ts';
import { utcToZonedWallClock } from '../../../common/time.ts';
import { EMPTY_SLOT_VALUES, type SlotFormProps } from '../../../islands/slots/SlotForm.tsx';
import { myCompanyTimeZone } from '../../../server/slots/index.ts';
import { hasBuiltInRoom } from '../../../server/video/index.ts';

export async function data(pageContext: PageContextServer): Promise<{ form: SlotFormProps }> {
  const { viewer, deps } = pageContext;
  const timeZone = await myCompanyTimeZone(viewer, deps);
  const now = deps.clock.now();
  return {
    form: {
      slot: null,
      // The recruiter often welcomes the group: their name is a start, easy to change.
      initial: {
        ...EMPTY_SLOT_VALUES,
        speaker: {
          ...EMPTY_SLOT_VALUES.speaker,
          name: viewer?.lastName ?? '',
          firstname: viewer?.firstName ?? '',
        },
      },
      today: utcToZonedWallClock(now, timeZone).date,
      zoneName: zoneName(now, timeZone),
      videoRoomAvailable: hasBuiltInRoom(deps),
    },
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
