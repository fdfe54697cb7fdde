import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { zoneName } from '../../../common/format.ts';
import { utcToZonedWallClock } from '../../../common/time.ts';
import type { SlotFormProps } from '../../../islands/slots/SlotForm.tsx';
import { documentItems, slotDocumentsFor } from '../../../server/documents/index.ts';
import { ownSlotWithBookingsFor } from '../../../server/meetings/index.ts';
import { lacksWorkingRoom, myCompanyDepartmentCode } from '../../../server/slots/index.ts';
import { teamSpeakersFor } from '../../../server/teams/index.ts';
import { hasBuiltInRoom } from '../../../server/video/index.ts';
import { postedSlotForm } from '../slot-form-post.ts';

/**
 * The slot of `?id=`, with its form (a plain post of it is read here: postedSlotForm), if it is one of the recruiter's company's: anything else (no id, a wrong one, a
 * deleted slot, another company's) is a plain 404, which does not tell whether the slot exists.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const id = Number(urlParsed.search.id);
  const slot = Number.isSafeInteger(id) && id > 0 ? await ownSlotWithBookingsFor(viewer, id, deps) : null;
  if (!slot) throw render(404);
  const now = deps.clock.now();
  if (slot.started) return { form: null, roomMissing: false, documents: [] };
  const videoRoomAvailable = hasBuiltInRoom(deps);
  const posted = await postedSlotForm(pageContext, {
    videoRoomAvailable,
    slot: { id: slot.id, bookingsCount: slot.bookingsCount },
  });
  const form: SlotFormProps = {
    slot: { id: slot.id, seatsTaken: slot.seatsTaken, bookingsCount: slot.bookingsCount },
    initial: {
      date: slot.date,
      time: slot.time,
      durationMinutes: String(slot.durationMinutes),
      meetingType: slot.meetingType,
      publicCategories: slot.publicCategories,
      subjects: slot.subjects,
      maxParticipants: String(slot.maxParticipants),
      speaker: slot.speaker,
      description: slot.description ?? '',
      videoLink: slot.videoLink ?? '',
      otherPlace: slot.place !== null,
      place: slot.place && addressValueOf(slot.place),
    },
    today: utcToZonedWallClock(now, slot.timeZone).date,
    zoneName: zoneName(slot.startsAt, slot.timeZone),
    videoRoomAvailable,
    departmentCode: await myCompanyDepartmentCode(viewer, deps),
    team: await teamSpeakersFor(viewer, deps),
    ...(posted && {
      initial: posted.values,
      errors: posted.errors,
      alert: posted.alert,
      preview: posted.preview,
      typedPlace: posted.typedPlace,
    }),
  };
  return {
    form,
    roomMissing: lacksWorkingRoom(slot, deps),
    documents: documentItems(
      await slotDocumentsFor(viewer, { id: slot.id, companyId: viewer?.companyId ?? 0 }, deps),
    ),
  };
}

/** The form's address from a stored place: the postcode and town are read back from its label. */
function addressValueOf(place: { label: string; lat: number; lng: number }) {
  const [, zipcode = '', city = ''] = /(\d{5})\s+(.+)$/.exec(place.label) ?? [];
  return { ...place, zipcode, city };
}

export type Data = Awaited<ReturnType<typeof data>>;
