import { plural } from '../../common/format.ts';
import { operatorsOfRegion } from '../accounts/index.ts';
import { recordAudit } from '../admin/index.ts';
import { pendingByTopic, requeue, setAsideRows } from '../events/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { isNationalAdmin } from '../permissions.ts';
import { type JobRunView, jobRunViews } from './job-runs.ts';

/**
 * How long the oldest row may wait before the backlog is said to fall behind (PRODUCT.md, Fourth wave): the
 * e-mails of a booking leave within seconds; a quarter of an hour means the delivery has stopped.
 */
export const BACKLOG_ALARM_MS = 15 * 60_000;

/** The set-aside rows an operator sees at once (the latest first). */
const FAILED_SHOWN = 100;

export interface TopicBacklog {
  topic: string;
  pending: number;
  oldestPendingAt: Date | null;
}

/** A row set aside after its last try (or at once, for good): an event's subscriber, or an e-mail. */
export interface FailedDelivery {
  id: number;
  topic: string;
  /** The subscriber; null for an e-mail. */
  subscriber: string | null;
  error: string;
  attempts: number;
  createdAt: Date;
  lastAttemptAt: Date | null;
  /** An e-mail's template and recipient's domain, to tell them apart without showing who. */
  about: string | null;
}

export interface Operations {
  backlog: TopicBacklog[];
  failed: FailedDelivery[];
  jobs: JobRunView[];
  /** The file database's size; null on Turso, which does not say. */
  databaseBytes: number | null;
  /** null without a mail transport (e-mails wait in the outbox; the API says false). */
  mailTransportOk: boolean | null;
  /** null without LiveKit configured. */
  videoServerOk: boolean | null;
}

/** The national administrators alone; anyone else is told nothing exists (API.md, Fourth wave). */
function requireOperationsViewer(viewer: Viewer | null): Viewer {
  if (!viewer || !isNationalAdmin(viewer)) throw new AppError('NOT_FOUND');
  return viewer;
}

function aboutOf(topic: string, payload: Record<string, unknown>): string | null {
  if (topic !== 'mail') return null;
  const domain = String(payload.to ?? '').split('@')[1] ?? '';
  return `${String(payload.template ?? '?')}${domain ? ` → …@${domain}` : ''}`;
}

async function databaseBytes(deps: Deps): Promise<number | null> {
  try {
    const { rows } = await deps.db.client.execute(
      'SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()',
    );
    const bytes = Number(rows[0]?.bytes);
    return Number.isFinite(bytes) && bytes > 0 ? bytes : null;
  } catch {
    return null;
  }
}

async function videoServerOk(deps: Deps): Promise<boolean | null> {
  if (!deps.videoRooms) return null;
  try {
    await deps.videoRooms.check();
    return true;
  } catch {
    return false;
  }
}

/** The oldest row still waiting, whatever its topic; null when none waits. */
function oldestPending(backlog: TopicBacklog[]): Date | null {
  const instants = backlog.flatMap((topic) =>
    topic.oldestPendingAt ? [topic.oldestPendingAt.getTime()] : [],
  );
  return instants.length > 0 ? new Date(Math.min(...instants)) : null;
}

/** What the backlog's age says, in French, when its oldest row waits for more than 15 minutes; else null. */
export async function backlogProblem(deps: Deps, now: Date): Promise<string | null> {
  const oldest = oldestPending(await pendingByTopic(deps.db));
  if (!oldest || now.getTime() - oldest.getTime() <= BACKLOG_ALARM_MS) return null;
  const minutes = Math.floor((now.getTime() - oldest.getTime()) / 60_000);
  return `Le plus ancien envoi en attente attend depuis ${plural(minutes, 'minute')}.`;
}

/**
 * `/admin/operations` and `operations { … }` (issue 34): what waits, what was set aside, each job's runs, the
 * database's size, and whether mail and video answer. The outside services are asked at once, in parallel.
 */
export async function operationsOverview(viewer: Viewer | null, deps: Deps): Promise<Operations> {
  requireOperationsViewer(viewer);
  const now = deps.clock.now();
  const [backlog, failedRows, jobs, bytes, mail, video] = await Promise.all([
    pendingByTopic(deps.db),
    setAsideRows(deps.db, FAILED_SHOWN),
    jobRunViews(deps.db, deps.schedule, now),
    databaseBytes(deps),
    deps.checkMailTransport(),
    videoServerOk(deps),
  ]);
  return {
    backlog,
    failed: failedRows.map((row) => ({
      id: row.id,
      topic: row.topic,
      subscriber: row.topic === 'mail' ? null : row.subscriber,
      error: row.lastError ?? '',
      attempts: row.attempts,
      createdAt: row.createdAt,
      lastAttemptAt: row.lastAttemptAt,
      about: aboutOf(row.topic, row.payload),
    })),
    jobs,
    databaseBytes: bytes,
    mailTransportOk: mail,
    videoServerOk: video,
  };
}

/**
 * « Relancer » (`retryFailedDelivery`): a row set aside goes back in the queue, due now, with its tries
 * counted anew, and the outbox is woken; audited. NOT_FOUND for a row that is not set aside, or for anyone
 * but a national administrator.
 */
export async function retryFailedDelivery(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<true> {
  const admin = requireOperationsViewer(viewer);
  const now = deps.clock.now();
  const retried = await deps.db.transaction(async (tx) => {
    if (!(await requeue(tx, input.id, now))) return false;
    await recordAudit(tx, admin, { action: 'delivery.retried', target: `#${input.id}` }, now);
    return true;
  });
  if (!retried) throw new AppError('NOT_FOUND');
  return true;
}

/** Who an operations alarm goes to: the national administrators. */
export function nationalAdministrators(deps: Deps) {
  return operatorsOfRegion(deps.db, null);
}
