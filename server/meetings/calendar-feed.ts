import { and, eq, gt } from 'drizzle-orm';
import type { Hono } from 'hono';
import { meetingFacts } from '../../db/schema/meetings.ts';
import { ownerOfCalendarToken } from '../accounts/index.ts';
import { calendarFile } from '../calendar/index.ts';
import { hasBuiltInRoom } from '../kernel/config.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canSeeMeeting } from '../permissions.ts';
import { meetingCalendarEvent } from './calendar-events.ts';
import { meetingRows } from './mails.ts';

/** How far back a feed goes: calendar apps keep what they already have. */
const FEED_HISTORY_MS = 90 * 24 * 3_600_000;

/** The meetings a calendar shows: a teacher's own, a recruiter's company's; cancelled ones as cancelled. */
const ownedBy = (owner: { kind: string; id: number; companyId: number | null }) =>
  owner.kind === 'teacher'
    ? eq(meetingFacts.teacherId, owner.id)
    : eq(meetingFacts.companyId, owner.companyId ?? 0);

const audienceOf = (kind: string) => (kind === 'teacher' ? 'teacher' : 'company');

/** One meeting as an .ics file, for its teacher or its company; null for anyone else (a 404). */
export async function meetingCalendarFile(viewer: Viewer | null, id: number, deps: Deps) {
  if (viewer?.kind !== 'teacher' && viewer?.kind !== 'recruiter') return null;
  const [meeting] = await meetingRows(deps.db, eq(meetingFacts.id, id));
  if (!meeting || !canSeeMeeting(viewer, meeting)) return null;
  const event = meetingCalendarEvent(
    meeting,
    audienceOf(viewer.kind),
    deps.config.PUBLIC_URL,
    deps.clock.now(),
  );
  return calendarFile([event], { method: 'PUBLISH' });
}

/** The private feed of the user whose token this is (the last 90 days and what comes); null if revoked. */
export async function calendarFeedFile(token: string, deps: Deps) {
  const owner = await ownerOfCalendarToken(deps.db, token);
  if (!owner) return null;
  const now = deps.clock.now();
  const rows = await meetingRows(
    deps.db,
    and(ownedBy(owner), gt(meetingFacts.endsAt, new Date(now.getTime() - FEED_HISTORY_MS))),
  );
  return calendarFile(
    rows.map((row) =>
      meetingCalendarEvent(row, audienceOf(owner.kind), deps.config.PUBLIC_URL, now, hasBuiltInRoom(deps)),
    ),
    { name: 'Passerelle Industrie — mes rendez-vous', method: 'PUBLISH' },
  );
}

/**
 * GET /calendar/meetings/{id}.ics — one meeting, for its teacher or its company (session cookie);
 * GET /calendar/feed/{token}.ics — the user's private feed, for calendar apps (the secret is the URL).
 */
export function mountCalendarRoutes(app: Hono<AppEnv>): void {
  app.get('/calendar/meetings/:file{[0-9]+\\.ics}', async (c) => {
    // An operator has no meetings of their own to put in a calendar.
    if (!c.var.viewer || c.var.viewer.kind === 'admin') {
      return c.text('Connectez-vous pour télécharger ce rendez-vous.', 401);
    }
    const id = Number.parseInt(c.req.param('file'), 10);
    const body = await meetingCalendarFile(c.var.viewer, id, c.var.deps);
    if (body === null) return c.text('Ce rendez-vous n’existe pas.', 404);
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="rendez-vous-${id}.ics"`,
      'Cache-Control': 'private, no-store',
    });
  });

  app.get('/calendar/feed/:file{[A-Za-z0-9_-]+\\.ics}', async (c) => {
    const body = await calendarFeedFile(c.req.param('file').replace(/\.ics$/, ''), c.var.deps);
    if (body === null) return c.text('Ce lien de calendrier a été révoqué ou n’existe pas.', 404);
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, max-age=300',
    });
  });
}
