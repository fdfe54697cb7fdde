import { checkNewCompaniesInDirectory } from '../companies/index.ts';
import { sendFeedbackInvitations, sendFeedbackReminders } from '../feedback/index.ts';
import type { Deps } from '../kernel/context.ts';
import { sendMeetingReminders } from '../meetings/index.ts';
import { recordJobEnd, recordJobStart, sendOperationsAlarm } from '../operations/index.ts';
import { fetchWebhookPoster } from '../ports/webhooks/fetch.ts';
import { runRetention } from '../privacy/index.ts';
import { deleteUnconfirmedJoinRequests } from '../teams/index.ts';
import { runWaitlistOffers } from '../waitlist/index.ts';
import { sendDueWebhooks } from '../webhooks/index.ts';
import { sendWeeklyAlerts } from '../weekly-alert/index.ts';

/**
 * Scheduled work (ARCHITECTURE.md: a job is one function, run by the in-process scheduler on Node, by Cron
 * Triggers on Workers, by `npm run jobs -- <name>` by hand). Every job is idempotent: a rerun, or a crash
 * halfway then a rerun, sends nothing twice. What a job queues in the outbox is delivered by the delivery
 * loop (the `outbox` job, or the outbox woken after the run).
 */
export interface ScheduledJob {
  /** What `npm run jobs -- <name>` calls it. */
  name: string;
  /**
   * When it runs: five fields in UTC (Cron Triggers know no other zone; a job that must happen at a local
   * time checks that time itself). wrangler.toml's `crons` list these (server/scheduled.test.ts checks).
   * Days of the week by name (MON…SUN): Cloudflare and croner number them differently.
   */
  cron: string;
  /** Does the work due now; returns what it did, for the logs and the command's report. */
  run(deps: Deps, options: JobOptions): Promise<Record<string, number>>;
}

export interface JobOptions {
  /**
   * Run by hand (`npm run jobs -- <name>`), not by a scheduler: a job that checks a local time itself
   * (the weekly alert's Monday 08:00) does its work now instead.
   */
  manual: boolean;
}

/** Delivers what is due in the outbox (events to their subscribers, e-mails with their retries). */
const outbox: ScheduledJob = {
  name: 'outbox',
  cron: '* * * * *',
  async run(deps) {
    await deps.outbox.wake();
    return {};
  },
};

/** Invites the teachers of the meetings just done to the satisfaction questionnaire (at :05 past each hour). */
const feedbackInvitationsJob: ScheduledJob = {
  name: 'feedback-invitations',
  cron: '5 * * * *',
  run: sendFeedbackInvitations,
};

/** The one reminder, three days after the invitation, to those who have not answered (at :35 past each hour). */
const feedbackRemindersJob: ScheduledJob = {
  name: 'feedback-reminders',
  cron: '35 * * * *',
  run: sendFeedbackReminders,
};

/**
 * Both sides' reminders, three days and one day before each meeting (docs/decisions/0040), at :05 past
 * each hour with the invitations: each is sent once, whatever the schedule.
 */
const meetingRemindersJob: ScheduledJob = {
  name: 'meeting-reminders',
  cron: '5 * * * *',
  run: sendMeetingReminders,
};

/**
 * The weekly alert, Monday 08:00 Europe/Paris: the cron fires at 06:00 and 07:00 UTC (08:00 in Paris in
 * summer, then in winter) and the job acts only from 08:00 Paris time; the other run finds the week sent.
 * By hand it sends now, counting the week back from now (docs/decisions/0039).
 */
const weeklyAlertJob: ScheduledJob = {
  name: 'weekly-alert',
  cron: '0 6,7 * * MON',
  run: sendWeeklyAlerts,
};

/**
 * Waitlist offers not answered within 24 hours lapse and pass to the next in line; free seats of a slot
 * with a line are offered (docs/decisions/0041). Every minute, with the outbox.
 */
const waitlistOffersJob: ScheduledJob = {
  name: 'waitlist-offers',
  cron: '* * * * *',
  run: runWaitlistOffers,
};

/**
 * New companies' SIRET asked of the company directory for the operators' validation card, a few a minute
 * (docs/decisions/0053): sign-up never waits for the directory.
 */
const directoryChecksJob: ScheduledJob = {
  name: 'directory-checks',
  cron: '* * * * *',
  run: checkNewCompaniesInDirectory,
};

/**
 * The national administrators' alarm (issue 34): an e-mail when the outbox's oldest row waits for more than
 * 15 minutes or a delivery was set aside, at most once an hour. Every minute with the outbox: a fifth cron
 * would spend one of the account's few Cron Triggers on a query of two indexed counts.
 */
const operationsAlarmJob: ScheduledJob = {
  name: 'operations-alarm',
  cron: '* * * * *',
  run: sendOperationsAlarm,
};

/**
 * The partners' webhooks that are due: retries above all (a new one leaves as soon as the outbox's run that
 * queued it ends). Every minute, with the outbox; `npm run jobs -- webhooks` by hand (docs/decisions/0097).
 */
const webhooksJob: ScheduledJob = {
  name: 'webhooks',
  cron: '* * * * *',
  async run(deps) {
    const report = await sendDueWebhooks({ ...deps, poster: fetchWebhookPoster });
    return { ...report };
  },
};

/**
 * Requests to join a team whose confirmation link was never opened, deleted once its 48 hours are over with
 * the password they hold (docs/decisions/0099). At :35 past each hour, with the feedback reminders.
 */
const joinRequestsJob: ScheduledJob = {
  name: 'join-requests',
  cron: '35 * * * *',
  run: deleteUnconfirmedJoinRequests,
};

/**
 * Accounts unused for two years (docs/decisions/0098): warned at 23 months, anonymised at 24. Once a day, at
 * 07:35 UTC: it rides the feedback reminders' hourly cron and acts in that hour only (Cron Triggers are few).
 */
const retentionJob: ScheduledJob = {
  name: 'retention',
  cron: '35 * * * *',
  run: runRetention,
};

/** Every job of the platform, the one list the schedulers and the command read. */
export const JOBS: readonly ScheduledJob[] = [
  // Before the outbox on their shared cron: a Cron Trigger runs them in this order, so offers go out at once.
  waitlistOffersJob,
  outbox,
  webhooksJob,
  feedbackInvitationsJob,
  feedbackRemindersJob,
  meetingRemindersJob,
  weeklyAlertJob,
  directoryChecksJob,
  operationsAlarmJob,
  joinRequestsJob,
  retentionJob,
];

export class UnknownJob extends Error {}

/**
 * Runs one job now, by name (as a scheduler does, unless `manual`); the logs say what it did, and the
 * operators' page when it started and how it ended (`job_runs`). A job that throws is recorded as failed and
 * its error thrown again.
 */
export async function runJob(
  name: string,
  deps: Deps,
  jobs: readonly ScheduledJob[] = JOBS,
  options: JobOptions = { manual: false },
): Promise<Record<string, number>> {
  const job = jobs.find((candidate) => candidate.name === name);
  if (!job) throw new UnknownJob(`No job "${name}": ${jobs.map((known) => known.name).join(', ')}`);
  const started = performance.now();
  await recordJobStart(deps.db, name, deps.clock.now());
  let report: Record<string, number>;
  try {
    report = await job.run(deps, options);
  } catch (error) {
    await recordJobEnd(deps.db, name, { error: String(error) }, deps.clock.now()).catch(() => {});
    throw error;
  }
  await recordJobEnd(deps.db, name, { error: null }, deps.clock.now());
  deps.log.info('job done', { job: name, ...report, durationMs: Math.round(performance.now() - started) });
  return report;
}

/**
 * Workers' scheduler: a Cron Trigger names its cron (`controller.cron`); every job on that cron runs, one
 * after the other, with the deps of this invocation. A job that fails does not stop the others; the run
 * then throws, so that Cloudflare counts the invocation as failed. Returns each job's report, by name.
 */
export async function runJobsOfCron(
  cron: string,
  deps: Deps,
  jobs: readonly ScheduledJob[] = JOBS,
): Promise<Record<string, Record<string, number>>> {
  const reports: Record<string, Record<string, number>> = {};
  const due = jobs.filter((job) => job.cron === cron);
  if (due.length === 0) deps.log.warn('no job for this cron', { cron });
  const failures: unknown[] = [];
  for (const job of due) {
    try {
      reports[job.name] = await runJob(job.name, deps, jobs);
    } catch (error) {
      deps.log.error('job failed', { job: job.name, error: String(error) });
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} job(s) failed on ${cron}`);
  return reports;
}
