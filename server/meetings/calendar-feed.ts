import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { meetings, slots, users } from '../../db/schema.ts';
import { randomToken, sha256Hex } from '../accounts/index.ts';
import { calendarFile } from '../calendar/index.ts';
import type { AppEnv } from '../http/context.ts';
import { meetingCalendarEvent } from './calendar-events.ts';
import { meetingRows } from './mails.ts';

/** How far back a feed goes: calendar apps keep what they already have. */
const FEED_HISTORY_MS = 90 * 24 * 3_600_000;

export const CALENDAR_ROUTES = {
  meeting: (id: number) => `/calendar/meetings/${id}.ics`,
  feed: (token: string) => `/calendar/feed/${token}.ics`,
};

/**
 * A new private feed URL for the user; the previous one stops working. Only the token's hash is kept, so
 * the URL is shown once, when it is made.
 */
export async function createCalendarFeed(db: Db, userId: number, publicUrl: string): Promise<string> {
  const token = randomToken();
  await db
    .update(users)
    .set({ calendarTokenHash: sha256Hex(token) })
    .where(eq(users.id, userId));
  return `${publicUrl}${CALENDAR_ROUTES.feed(token)}`;
}

export async function revokeCalendarFeed(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ calendarTokenHash: null }).where(eq(users.id, userId));
}

export async function hasCalendarFeed(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ hash: users.calendarTokenHash }).from(users).where(eq(users.id, userId));
  return Boolean(row?.hash);
}

/** The meetings a calendar shows: a teacher's own, a recruiter's company's; cancelled ones as cancelled. */
const ownedBy = (owner: { teacherId: number } | { companyId: number }) =>
  'teacherId' in owner ? eq(meetings.teacherId, owner.teacherId) : eq(slots.companyId, owner.companyId);

/**
 * GET /calendar/meetings/{id}.ics — one meeting, for its teacher or its company (session cookie);
 * GET /calendar/feed/{token}.ics — the user's private feed, for calendar apps (the secret is the URL).
 */
export function mountCalendarRoutes(app: Hono<AppEnv>): void {
  app.get('/calendar/meetings/:file{[0-9]+\\.ics}', async (c) => {
    const viewer = c.var.viewer;
    if (!viewer || viewer.kind === 'admin')
      return c.text('Connectez-vous pour télécharger ce rendez-vous.', 401);
    const { db, clock, config } = c.var.deps;
    const id = Number.parseInt(c.req.param('file'), 10);
    const owner = viewer.kind === 'teacher' ? { teacherId: viewer.id } : { companyId: viewer.companyId ?? 0 };
    const [meeting] = await meetingRows(db, and(eq(meetings.id, id), ownedBy(owner)));
    if (!meeting) return c.text("Ce rendez-vous n'existe pas.", 404);
    const audience = viewer.kind === 'teacher' ? 'teacher' : 'company';
    const body = calendarFile([meetingCalendarEvent(meeting, audience, config.PUBLIC_URL, clock.now())], {
      method: 'PUBLISH',
    });
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="rendez-vous-${id}.ics"`,
      'Cache-Control': 'private, no-store',
    });
  });

  app.get('/calendar/feed/:file{[A-Za-z0-9_-]+\\.ics}', async (c) => {
    const { db, clock, config } = c.var.deps;
    const token = c.req.param('file').replace(/\.ics$/, '');
    const [user] = await db
      .select({ id: users.id, kind: users.kind, companyId: users.companyId })
      .from(users)
      .where(and(eq(users.calendarTokenHash, sha256Hex(token)), isNull(users.anonymizedAt)));
    if (!user || user.kind === 'admin')
      return c.text('Ce lien de calendrier a été révoqué ou n’existe pas.', 404);
    const now = clock.now();
    const owner = user.kind === 'teacher' ? { teacherId: user.id } : { companyId: user.companyId ?? 0 };
    const audience = user.kind === 'teacher' ? 'teacher' : 'company';
    const rows = await meetingRows(
      db,
      and(ownedBy(owner), gt(slots.endsAt, new Date(now.getTime() - FEED_HISTORY_MS))),
    );
    const body = calendarFile(
      rows.map((row) => meetingCalendarEvent(row, audience, config.PUBLIC_URL, now)),
      { name: 'Passerelle Industrie — mes rendez-vous', method: 'PUBLISH' },
    );
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, max-age=300',
    });
  });
}
