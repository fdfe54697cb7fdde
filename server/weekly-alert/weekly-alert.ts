import { MEETING_TYPE_LABELS, type MeetingType, type Sector } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { searchToUrl } from '../../common/search.ts';
import { addDays, dayOfWeek, mondayOf, utcToZonedWallClock, zonedWallClockToUtc } from '../../common/time.ts';
import type { Db } from '../../db/client.ts';
import { weeklyAlerts } from '../../db/schema/weekly-alert.ts';
import {
  teachersWithWeeklyMail,
  type WeeklyMailTeacher,
  weeklyMailUnsubscribeUrl,
} from '../accounts/index.ts';
import { companyRowsByIds } from '../companies/index.ts';
import { jobLabelsOfCompanies } from '../jobs/index.ts';
import type { Deps } from '../kernel/context.ts';
import { type AddressedMail, enqueueMails } from '../mail/index.ts';
import { boundingBox, criteriaOf, haversineKm, jobKey, meetsCriteria } from '../search/index.ts';
import { openSlotViewsPublishedBetween } from '../slots/index.ts';
import { type WeeklyAlertMail, weeklyAlertMails } from './mails.ts';

/**
 * The weekly alert (PRODUCT.md, Weekly alert; docs/decisions/0039): every Monday at 08:00 Europe/Paris,
 * each teacher with the weekly-mail flag gets one e-mail listing the slots published in the 7 days before
 * that match their criteria within 50 km of their reference address, soonest first. No match, no e-mail;
 * never two for the same teacher and week.
 *
 * In a bounded number of queries, whatever the number of teachers: the week's candidate slots once (with
 * their company's place, sector and jobs), then the flagged teachers a page at a time, matched in memory
 * (a grid of companies, then the exact distance); each page's e-mails and their `weekly_alerts` rows are
 * written in one transaction.
 */
const WEEKLY_ALERT_RADIUS_KM = 50;
/** The e-mail lists this many slots at most; the others are one click away in the search. */
const WEEKLY_ALERT_MAX_SLOTS = 20;
/** Teachers read, matched and written per transaction. */
const WEEKLY_ALERT_PAGE_SIZE = 200;
/** The zone of "Monday 08:00", for every teacher (overseas ones included). */
const WEEKLY_ALERT_TIME_ZONE = 'Europe/Paris';
const SEND_TIME = '08:00';
const JOB_IDS_PER_QUERY = 500;

export interface AlertWeek {
  /** ISO week, `2026-W48`: what `weekly_alerts` says was sent. */
  week: string;
  /** Slots created in [from, to) are listed. */
  from: Date;
  to: Date;
}

/** The ISO-8601 week of a calendar date, `YYYY-Www` (the week's Thursday says the year). */
export function isoWeekOf(date: string): string {
  const thursday = addDays(mondayOf(date), 3);
  const year = Number(thursday.slice(0, 4));
  const dayOfYear = (Date.parse(thursday) - Date.UTC(year, 0, 1)) / 86_400_000;
  return `${year}-W${String(Math.floor(dayOfYear / 7) + 1).padStart(2, '0')}`;
}

/**
 * The week a run sends. Scheduled: only on Monday at or after 08:00 in Paris (the cron fires at 06:00 and
 * 07:00 UTC, one of which is 08:00 in summer or in winter), the slots created between the previous Monday
 * 08:00 and this one, so that the weeks follow each other without gap nor overlap; null otherwise. By hand
 * (`npm run jobs -- weekly-alert`): any time, the 7 × 24 hours before now, in the week of now.
 */
export function alertWeekAt(now: Date, manual: boolean): AlertWeek | null {
  const { date, time } = utcToZonedWallClock(now, WEEKLY_ALERT_TIME_ZONE);
  if (manual) return { week: isoWeekOf(date), from: new Date(now.getTime() - 7 * 86_400_000), to: now };
  if (dayOfWeek(date) !== 1 || time < SEND_TIME) return null;
  return {
    week: isoWeekOf(date),
    from: zonedWallClockToUtc(addDays(date, -7), SEND_TIME, WEEKLY_ALERT_TIME_ZONE),
    to: zonedWallClockToUtc(date, SEND_TIME, WEEKLY_ALERT_TIME_ZONE),
  };
}

interface CandidateSlot {
  id: number;
  startsAt: number;
  timeZone: string;
  meetingType: MeetingType;
  /** What the e-mail says of it, computed once for every teacher it is listed to. */
  startsAtIso: string;
  /** The Monday of its week in its zone: the company page's week to open. */
  monday: string;
}

interface CandidateCompany {
  id: number;
  name: string;
  sector: Sector;
  city: string | null;
  lat: number;
  lng: number;
  jobKeys: string[];
  /** Soonest first. */
  slots: CandidateSlot[];
}

/**
 * The slots a teacher could book that were published in the week (the open-slot rule of the slots domain:
 * not deleted, to come, seats left, its company validated in an open department), by company, with the
 * company's place and jobs: one query for the slots (`slots_created_idx`), one for their companies, one per
 * 500 companies for the jobs. A company not on the map is left out: no distance can be measured to it.
 */
async function candidateCompanies(db: Db, week: AlertWeek, now: Date): Promise<CandidateCompany[]> {
  const published = await openSlotViewsPublishedBetween(db, week, now);
  const companyRows = await companyRowsByIds(db, [...new Set(published.map((slot) => slot.companyId))]);
  const byId = new Map<number, CandidateCompany>();
  for (const row of companyRows) {
    if (row.lat === null || row.lng === null) continue;
    byId.set(row.id, {
      id: row.id,
      name: row.name,
      sector: row.sector,
      city: row.city,
      lat: row.lat,
      lng: row.lng,
      jobKeys: [],
      slots: [],
    });
  }
  for (const slot of published) {
    byId.get(slot.companyId)?.slots.push({
      id: slot.id,
      startsAt: Date.parse(slot.startsAt),
      timeZone: slot.timeZone,
      meetingType: slot.meetingType,
      startsAtIso: slot.startsAt,
      monday: mondayOf(slot.date),
    });
  }
  const ids = [...byId.keys()];
  for (let start = 0; start < ids.length; start += JOB_IDS_PER_QUERY) {
    const labels = await jobLabelsOfCompanies(db, ids.slice(start, start + JOB_IDS_PER_QUERY));
    for (const [companyId, jobLabels] of labels) {
      const company = byId.get(companyId);
      if (company) company.jobKeys = jobLabels.map(jobKey);
    }
  }
  return [...byId.values()];
}

/** Companies by cell of one degree: a 50 km box spans two cells at most each way, in mainland France. */
function gridOf(companies: CandidateCompany[]) {
  const cells = new Map<string, CandidateCompany[]>();
  const key = (latCell: number, lngCell: number) => `${latCell}:${lngCell}`;
  for (const company of companies) {
    const cell = key(Math.floor(company.lat), Math.floor(company.lng));
    const list = cells.get(cell);
    if (list) list.push(company);
    else cells.set(cell, [company]);
  }
  return {
    /** The companies within `radiusKm` of the point, with their distance. */
    near(point: { lat: number; lng: number }, radiusKm: number) {
      const box = boundingBox(point, radiusKm);
      const found: { company: CandidateCompany; distanceKm: number }[] = [];
      for (let latCell = Math.floor(box.minLat); latCell <= Math.floor(box.maxLat); latCell++) {
        for (let lngCell = Math.floor(box.minLng); lngCell <= Math.floor(box.maxLng); lngCell++) {
          for (const company of cells.get(key(latCell, lngCell)) ?? []) {
            if (company.lat < box.minLat || company.lat > box.maxLat) continue;
            if (company.lng < box.minLng || company.lng > box.maxLng) continue;
            const distanceKm = haversineKm(point, company);
            if (distanceKm <= radiusKm) found.push({ company, distanceKm });
          }
        }
      }
      return found;
    },
  };
}

type Grid = ReturnType<typeof gridOf>;

/** The teacher's e-mail, or null when nothing matches (or they have no reference address). */
function alertOf(teacher: WeeklyMailTeacher, grid: Grid, deps: Deps): AddressedMail<WeeklyAlertMail> | null {
  if (!teacher.point) return null;
  const criteria = criteriaOf(teacher);
  const near = grid
    .near(teacher.point, WEEKLY_ALERT_RADIUS_KM)
    .filter(({ company }) => meetsCriteria(criteria, company));
  let total = 0;
  // Each company's slots are soonest first: its first 20 are all that can be among the first 20.
  const firsts: { company: CandidateCompany; distanceKm: number; slot: CandidateSlot }[] = [];
  for (const { company, distanceKm } of near) {
    total += company.slots.length;
    for (const slot of company.slots.slice(0, WEEKLY_ALERT_MAX_SLOTS))
      firsts.push({ company, distanceKm, slot });
  }
  if (total === 0) return null;
  const listed = firsts
    .sort((a, b) => a.slot.startsAt - b.slot.startsAt || a.slot.id - b.slot.id)
    .slice(0, WEEKLY_ALERT_MAX_SLOTS);
  const publicUrl = deps.config.PUBLIC_URL;
  const data: WeeklyAlertMail = {
    firstName: teacher.firstName,
    slots: listed.map(({ company, distanceKm, slot }) => ({
      companyName: company.name,
      startsAt: slot.startsAtIso,
      timeZone: slot.timeZone,
      meetingTypeLabel: MEETING_TYPE_LABELS[slot.meetingType],
      distanceKm: Math.round(distanceKm),
      city: company.city,
      url: `${publicUrl}${ROUTES.companyDetails}?id=${company.id}&semaine=${slot.monday}&creneau=${slot.id}#semaine`,
    })),
    moreCount: total - listed.length,
    searchUrl: `${publicUrl}${ROUTES.searchCompanies}?${searchToUrl({
      near: teacher.point,
      placeLabel: 'Mon adresse de référence',
      radiusKm: WEEKLY_ALERT_RADIUS_KM,
      withAvailableSlots: true,
      sort: 'nextSlot',
    })}`,
    unsubscribeUrl: weeklyMailUnsubscribeUrl(deps.config, teacher.id),
  };
  return { to: teacher.email, data };
}

export interface WeeklyAlertReport extends Record<string, number> {
  /** Candidate slots of the week. */
  slots: number;
  /** Teachers with the flag, read. */
  teachers: number;
  /** E-mails queued by this run. */
  sent: number;
  /** Teachers with matches who had this week's e-mail already. */
  alreadySent: number;
  /** Teachers whose page could not be written (logged; the next run sends theirs). */
  failed: number;
}

export interface WeeklyAlertOptions {
  /** `npm run jobs -- weekly-alert`: no Monday-08:00 check, the week counted back from now. */
  manual?: boolean;
  pageSize?: number;
}

/**
 * Sends this week's alerts (see `alertWeekAt` for when). A page whose transaction fails is logged and
 * counted; the others go on, and a rerun sends only what was not sent.
 */
export async function sendWeeklyAlerts(
  deps: Deps,
  options: WeeklyAlertOptions = {},
): Promise<WeeklyAlertReport> {
  const now = deps.clock.now();
  const report: WeeklyAlertReport = { slots: 0, teachers: 0, sent: 0, alreadySent: 0, failed: 0 };
  const week = alertWeekAt(now, options.manual ?? false);
  if (!week) return report;
  const companies = await candidateCompanies(deps.db, week, now);
  report.slots = companies.reduce((sum, company) => sum + company.slots.length, 0);
  if (companies.length === 0) return report;
  const grid = gridOf(companies);
  const pageSize = options.pageSize ?? WEEKLY_ALERT_PAGE_SIZE;
  let afterId = 0;
  for (;;) {
    const teachers = await teachersWithWeeklyMail(deps.db, afterId, pageSize);
    if (teachers.length === 0) break;
    afterId = teachers[teachers.length - 1]?.id ?? afterId;
    report.teachers += teachers.length;
    const alerts = teachers.flatMap((teacher) => {
      const mail = alertOf(teacher, grid, deps);
      return mail ? [{ teacherId: teacher.id, mail }] : [];
    });
    if (alerts.length === 0) continue;
    try {
      const sent = await deps.db.transaction(async (tx) => {
        // Only the rows written now are this run's: a teacher already sent this week's is left out.
        const written = await tx
          .insert(weeklyAlerts)
          .values(
            alerts.map(({ teacherId, mail }) => ({
              teacherId,
              week: week.week,
              slotsCount: mail.data.slots.length + mail.data.moreCount,
              sentAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ teacherId: weeklyAlerts.teacherId });
        const fresh = new Set(written.map((row) => row.teacherId));
        await enqueueMails(
          tx,
          weeklyAlertMails.weeklyAlert,
          alerts.filter(({ teacherId }) => fresh.has(teacherId)).map(({ mail }) => mail),
          now,
        );
        return fresh.size;
      });
      report.sent += sent;
      report.alreadySent += alerts.length - sent;
    } catch (error) {
      report.failed += alerts.length;
      deps.log.error('weekly alerts not queued', {
        job: 'weekly-alert',
        week: week.week,
        teachers: alerts.map(({ teacherId }) => teacherId).join(','),
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return report;
}
