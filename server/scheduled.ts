import { sendFeedbackInvitations, sendFeedbackReminders } from './feedback/index.ts';
import type { Deps } from './http/context.ts';

/**
 * Scheduled work (ARCHITECTURE.md: a job is one function, run by the in-process scheduler on Node, by Cron
 * Triggers on Workers, by `npm run jobs -- <name>` by hand). Every job is idempotent: a rerun, or a crash
 * halfway then a rerun, sends nothing twice. What a job queues in the outbox is delivered by the delivery
 * loop (the `outbox` job, or the mailer woken after the run).
 */
export interface ScheduledJob {
  /** What `npm run jobs -- <name>` calls it. */
  name: string;
  /** When it runs: a cron expression in UTC (Cron Triggers know no other zone); a job that must happen
   * at a local time checks that time itself. */
  cron: string;
  /** Does the work due now; returns what it did, for the logs and the command's report. */
  run(deps: Deps): Promise<Record<string, number>>;
}

/** Delivers what is due in the outbox (events to their subscribers, e-mails with their retries). */
const outbox: ScheduledJob = {
  name: 'outbox',
  cron: '* * * * *',
  async run(deps) {
    await deps.mailer.wake();
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

/** Every job of the platform, the one list the schedulers and the command read. */
export const JOBS: readonly ScheduledJob[] = [outbox, feedbackInvitationsJob, feedbackRemindersJob];

export class UnknownJob extends Error {}

/** Runs one job now, by name; the logs say what it did. */
export async function runJob(name: string, deps: Deps): Promise<Record<string, number>> {
  const job = JOBS.find((candidate) => candidate.name === name);
  if (!job) throw new UnknownJob(`No job "${name}": ${JOBS.map((known) => known.name).join(', ')}`);
  const started = performance.now();
  const report = await job.run(deps);
  deps.log.info('job done', { job: name, ...report, durationMs: Math.round(performance.now() - started) });
  return report;
}
