import type { WebhookEvent } from '../../common/partners.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyRow, companyRowById } from '../companies/index.ts';
import type { EventPayloads } from '../kernel/events.ts';
import { type MeetingFact, meetingFactsByIds } from '../meetings/index.ts';
import { regionOfDepartment } from '../permissions.ts';
import { type SlotView, slotViewById } from '../slots/index.ts';

/**
 * What a webhook's `data` carries (PRODUCT.md, Partners; docs/webhooks.md has the table): ids, dates, types,
 * counts and the company's public name; never a teacher's or a recruiter's name, e-mail or phone, nor a
 * booking's message, nor a cancellation's reason (free text). Each is built here from the views of the
 * domains that own it, field by field: nothing is passed on whole.
 */
export interface WebhookItem {
  event: WebhookEvent;
  /** The region it happens in (the company's), for the keys limited to some regions. */
  regionCode: string | null;
  data: Record<string, unknown>;
}

type CompanyPart = Pick<CompanyRow, 'id' | 'name' | 'departmentCode'>;

const companyPart = (company: CompanyPart) => ({
  companyId: company.id,
  companyName: company.name,
  departmentCode: company.departmentCode,
  regionCode: regionOfDepartment(company.departmentCode),
});

const slotPart = (slot: SlotView) => ({
  slotId: slot.id,
  startsAt: slot.startsAt,
  endsAt: slot.endsAt,
  timeZone: slot.timeZone,
  durationMinutes: slot.durationMinutes,
  meetingType: slot.meetingType,
  publicCategories: slot.publicCategories,
  subjects: slot.subjects,
  maxParticipants: slot.maxParticipants,
  seatsLeft: slot.seatsLeft,
});

const meetingPart = (meeting: MeetingFact) => ({
  meetingId: meeting.id,
  slotId: meeting.slotId,
  status: meeting.status,
  participantsCount: meeting.participantsCount,
  publicCategory: meeting.publicCategory,
  startsAt: meeting.startsAt.toISOString(),
  endsAt: meeting.endsAt.toISOString(),
  meetingType: meeting.meetingType,
});

async function slotItem(
  db: DbOrTx,
  event: WebhookEvent,
  slotId: number,
  now: Date,
  extra: Record<string, unknown> = {},
  shown: (slot: SlotView) => boolean = () => true,
): Promise<WebhookItem | null> {
  const slot = await slotViewById(db, slotId, now, { includeDeleted: true });
  const company = slot && shown(slot) ? await companyRowById(db, slot.companyId) : null;
  if (!slot || !company) return null;
  const place = companyPart(company);
  return { event, regionCode: place.regionCode, data: { ...slotPart(slot), ...place, ...extra } };
}

async function meetingItem(
  db: DbOrTx,
  event: WebhookEvent,
  meetingId: number,
  now: Date,
  extra: Record<string, unknown> = {},
): Promise<WebhookItem | null> {
  const [meeting] = await meetingFactsByIds(db, [meetingId]);
  if (!meeting) return null;
  const slot = await slotViewById(db, meeting.slotId, now, { includeDeleted: true });
  const place = companyPart({
    id: meeting.companyId,
    name: meeting.companyName,
    departmentCode: meeting.companyDepartmentCode,
  });
  return {
    event,
    regionCode: place.regionCode,
    data: { ...meetingPart(meeting), ...place, seatsLeft: slot?.seatsLeft ?? 0, ...extra },
  };
}

/** Each topic the partners hear of, and what of its event they hear: none when it is not theirs to know. */
export const WEBHOOK_ITEMS: {
  [T in
    | 'slot.published'
    | 'slot.changed'
    | 'slot.deleted'
    | 'meeting.booked'
    | 'meeting.changed'
    | 'meeting.cancelled'
    | 'company.statusChanged']: (
    db: DbOrTx,
    event: EventPayloads[T],
    now: Date,
  ) => Promise<WebhookItem | null>;
} = {
  // Only a slot teachers can see: a company awaiting validation publishes slots nobody is shown yet.
  'slot.published': (db, { slotId }, now) =>
    slotItem(db, 'slot_published', slotId, now, {}, (slot) => slot.onOffer),
  'slot.changed': (db, { slotId, moved }, now) =>
    slotItem(db, 'slot_changed', slotId, now, { moved: moved !== null }),
  'slot.deleted': (db, { slotId }, now) => slotItem(db, 'slot_deleted', slotId, now),
  'meeting.booked': (db, { meetingId }, now) => meetingItem(db, 'meeting_booked', meetingId, now),
  // What its company cares about changed (the group's size, its public), or the line gave it seats; not the
  // teacher's own filing of it in their groups.
  'meeting.changed': (db, { meetingId, changes, fromLine }, now) =>
    changes.length > 0 || fromLine
      ? meetingItem(db, 'meeting_changed', meetingId, now)
      : Promise.resolve(null),
  'meeting.cancelled': (db, { meetingId, cancelledBy, cause }, now) =>
    meetingItem(db, 'meeting_cancelled', meetingId, now, { cancelledBy, cause }),
  'company.statusChanged': async (db, { companyId, to }) => {
    if (to !== 'validated') return null;
    const company = await companyRowById(db, companyId);
    if (!company) return null;
    const place = companyPart(company);
    return {
      event: 'company_validated',
      regionCode: place.regionCode,
      data: {
        ...place,
        city: company.city,
        sector: company.sector,
        validatedAt: (company.validatedAt ?? company.createdAt).toISOString(),
      },
    };
  },
};
