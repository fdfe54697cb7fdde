import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { fieldErrors } from '../../../common/accounts.ts';
import { BOOKING_CHANGE_MESSAGES, bookingChangeSchema } from '../../../common/slots.ts';
import {
  CHANGE_BOOKING_INTENT,
  type ChangeBookingProps,
  type ChangeOutcome,
  type ChangeValues,
  changedUrl,
  changeRefusalOf,
  changeValuesOf,
} from '../../../islands/meetings/ChangeBooking.tsx';
import { AppError } from '../../../server/kernel/errors.ts';
import { changeBooking } from '../../../server/meetings/index.ts';
import { slotViewById } from '../../../server/slots/index.ts';
import { lineRequestOfBooking } from '../../../server/waitlist/index.ts';
import { formPostOf } from '../../layout/form-post.ts';
import { meetingDetailsData } from '../../layout/meetings-data.ts';
import { meetingGroupChoice } from '../../my-groups/meeting-group-data.ts';
import { plainTransport } from './transport-post.ts';

/** The form's fields as posted: strings, whatever else the body holds. */
function postedValues(fields: Record<string, string>): ChangeValues {
  const text = (name: string) => fields[name] ?? '';
  return {
    participantsCount: text('participantsCount'),
    accompanyingAdultName: text('accompanyingAdultName'),
    accompanyingAdultPhone: text('accompanyingAdultPhone'),
    message: text('message'),
    waitlistIfFull: text('waitlistIfFull') === 'true' ? 'true' : 'false',
  };
}

/**
 * « Modifier ma réservation » posted without JavaScript (PRODUCT.md, HTML first): the change through the same
 * use case as the API; once made, a redirect to the page (`?modification=`), else the refusal with the
 * values kept. Null when the request is not that post.
 */
async function postedChange(pageContext: PageContextServer): Promise<ChangeBookingProps['posted']> {
  const post = await formPostOf(pageContext);
  // The page's other form (its group, `intent=assignGroup`) is read by meetingGroupChoice.
  if (post?.intent !== CHANGE_BOOKING_INTENT) return null;
  const id = Number(pageContext.urlParsed.search.id);
  const values = postedValues(post.fields);
  const parsed = bookingChangeSchema.safeParse(values);
  if (!parsed.success) {
    return { values, refusal: { errors: fieldErrors(parsed.error), alert: null, full: false } };
  }
  let outcome: ChangeOutcome;
  try {
    const done = await changeBooking(pageContext.viewer, { id, change: parsed.data }, pageContext.deps);
    outcome = done.unchanged ? 'inchangee' : done.waitlisted > 0 ? 'attente' : 'ok';
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'NOT_FOUND') throw error;
    return { values, refusal: changeRefusalOf(error.code, error.message, error.extensions) };
  }
  throw redirect(changedUrl(id, outcome), 302);
}

function noticeOf(outcome: string | undefined, extra: number): string | null {
  if (outcome === 'ok') return BOOKING_CHANGE_MESSAGES.changed;
  if (outcome === 'inchangee') return BOOKING_CHANGE_MESSAGES.nothingChanged;
  if (outcome === 'attente') return BOOKING_CHANGE_MESSAGES.waitlisted(extra);
  return null;
}

/**
 * The teacher's meeting (the shared details), with what « Modifier ma réservation » needs while the booking
 * can still change: the seats left on the slot, the line's request, a refused post's values and errors.
 */
export async function data(pageContext: PageContextServer) {
  const posted = await postedChange(pageContext).catch((error) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw render(404);
    throw error;
  });
  const details = await meetingDetailsData(pageContext);
  const { meeting } = details;
  const { deps } = pageContext;
  const now = deps.clock.now();
  // A refused post shows its refusal even once the booking can no longer change (it started meanwhile).
  const changeable = posted !== null || meeting.canChange;
  let change: Omit<ChangeBookingProps, 'meetingId'> | null = null;
  if (changeable) {
    const [slot, lineRequest] = await Promise.all([
      slotViewById(deps.db, meeting.slotId, now),
      lineRequestOfBooking(deps.db, meeting.id),
    ]);
    change = {
      current: changeValuesOf(meeting),
      seatsLeft: slot?.seatsLeft ?? 0,
      maxParticipants: slot?.maxParticipants ?? meeting.participantsCount,
      posted,
      notice: noticeOf(pageContext.urlParsed.search.modification, lineRequest?.extra ?? 0),
      lineRequest,
    };
  }
  return {
    ...details,
    change,
    groupChoice: await meetingGroupChoice(pageContext, details.meeting),
    transportPlain: await plainTransport(pageContext),
  };
}
export type Data = Awaited<ReturnType<typeof data>>;
