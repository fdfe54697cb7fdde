import { desc, gt } from 'drizzle-orm';
import { plural } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { operationAlarms } from '../../db/schema/operations.ts';
import { setAsideSince } from '../events/index.ts';
import type { Deps } from '../kernel/context.ts';
import { enqueueMails } from '../mail/index.ts';
import { operationsMails } from './mails.ts';
import { backlogProblem, nationalAdministrators } from './overview.ts';

/** At most one alarm an hour (PRODUCT.md, Fourth wave): an outage is told once, not every five minutes. */
export const ALARM_EVERY_MS = 60 * 60_000;

/** What is wrong now, in French; empty when nothing is. `since`: the last alarm, for what was set aside after it. */
export async function problemsOf(deps: Deps, since: Date | null, now: Date): Promise<string[]> {
  const reasons: string[] = [];
  const backlog = await backlogProblem(deps, now);
  if (backlog) reasons.push(backlog);
  const setAside = await setAsideSince(deps.db, since ?? new Date(now.getTime() - ALARM_EVERY_MS));
  if (setAside > 0) {
    reasons.push(
      `${plural(setAside, 'envoi a été mis', 'envois ont été mis')} de côté après ${setAside > 1 ? 'leurs' : 'ses'} derniers essais.`,
    );
  }
  return reasons;
}

/**
 * The `operations-alarm` job (every five minutes): e-mails the national administrators when the backlog's
 * oldest row waits for more than 15 minutes or a delivery was set aside since the last alarm, at most once
 * an hour. The alarm goes through the outbox too: when mail itself is down, /readyz says it.
 */
export async function sendOperationsAlarm(deps: Deps): Promise<Record<string, number>> {
  const now = deps.clock.now();
  const [last] = await deps.db
    .select({ sentAt: operationAlarms.sentAt })
    .from(operationAlarms)
    .orderBy(desc(operationAlarms.sentAt))
    .limit(1);
  if (last && now.getTime() - last.sentAt.getTime() < ALARM_EVERY_MS) return { sent: 0 };
  const reasons = await problemsOf(deps, last?.sentAt ?? null, now);
  if (reasons.length === 0) return { sent: 0 };
  const recipients = await nationalAdministrators(deps);
  const url = new URL(ROUTES.adminOperations, deps.config.PUBLIC_URL).toString();
  await deps.db.transaction(async (tx) => {
    // The one alarm of the hour, even when two runs meet: the second finds the first's row.
    const [recent] = await tx
      .select({ id: operationAlarms.id })
      .from(operationAlarms)
      .where(gt(operationAlarms.sentAt, new Date(now.getTime() - ALARM_EVERY_MS)))
      .limit(1);
    if (recent) return;
    await tx.insert(operationAlarms).values({ sentAt: now, reasons });
    await enqueueMails(
      tx,
      operationsMails.operationsAlarm,
      recipients.map((admin) => ({
        to: admin.email,
        data: { firstName: admin.firstName ?? '', reasons, url },
      })),
      now,
    );
  });
  return { sent: recipients.length };
}
