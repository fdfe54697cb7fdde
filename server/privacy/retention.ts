import { eq, inArray } from 'drizzle-orm';
import { formatParisDay } from '../../common/format.ts';
import { monthsBefore, RETENTION } from '../../common/privacy.ts';
import { ROUTES } from '../../common/routes.ts';
import type { DbOrTx } from '../../db/client.ts';
import { retentionNotices } from '../../db/schema/privacy.ts';
import {
  type DormantAccount,
  type DormantCursor,
  dormantAccounts,
  findUserById,
  recordSignOfLife,
} from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { enqueueMail } from '../mail/index.ts';
import { signLink, verifyLink } from '../signed-links.ts';
import { forgetPerson } from './forget.ts';
import { privacyMails } from './mails.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The run of the day: the job shares the hourly `35 * * * *` cron and acts at 07:35 UTC (docs/decisions/0098). */
export const RETENTION_HOUR_UTC = 7;
/** Dormant accounts read at a time. */
const PAGE = 200;

/** A warning still standing: sent after the account's last sign of life. */
const stands = (notice: { warnedAt: Date } | undefined, account: DormantAccount) =>
  notice !== undefined && notice.warnedAt.getTime() > account.lastSeenAt.getTime();

/**
 * The `retention` job (PRODUCT.md, In production; docs/decisions/0098), once a day: an account unused for 23
 * months gets one e-mail with « Garder mon compte »; one unused for 24 months, warned at least 30 days ago
 * and unused since, is forgotten (privacy's forgetPerson, as a deletion). Idempotent: a warning is recorded
 * in the transaction that queues its e-mail; a sign of life after it (a login, « Garder mon compte ») voids
 * it, and the clock starts again. By hand (`npm run jobs -- retention`) it runs whatever the hour.
 */
export async function runRetention(
  deps: Deps,
  options: { manual: boolean },
): Promise<Record<string, number>> {
  const now = deps.clock.now();
  if (!options.manual && now.getUTCHours() !== RETENTION_HOUR_UTC) return {};
  const warnBefore = monthsBefore(now, RETENTION.warnAfterMonths);
  const anonymiseBefore = monthsBefore(now, RETENTION.anonymiseAfterMonths);
  const noticeBefore = now.getTime() - RETENTION.noticeDays * DAY_MS;
  const report = { warned: 0, anonymised: 0 };
  let after: DormantCursor | null = null;
  for (;;) {
    const accounts = await dormantAccounts(deps.db, warnBefore, after, PAGE);
    const notices = await noticesOf(
      deps.db,
      accounts.map((account) => account.id),
    );
    for (const account of accounts) {
      const notice = notices.get(account.id);
      if (!stands(notice, account)) {
        await warn(account, deps);
        report.warned++;
      } else if (
        account.lastSeenAt.getTime() <= anonymiseBefore.getTime() &&
        (notice?.warnedAt.getTime() ?? now.getTime()) <= noticeBefore
      ) {
        const person = await findUserById(deps.db, account.id);
        if (!person) continue;
        await forgetPerson(person, 'unused', deps, (tx) =>
          tx
            .delete(retentionNotices)
            .where(eq(retentionNotices.userId, account.id))
            .then(() => {}),
        );
        report.anonymised++;
      }
    }
    const last = accounts.at(-1);
    if (!last || accounts.length < PAGE) break;
    after = last;
  }
  return report;
}

async function noticesOf(db: DbOrTx, userIds: number[]): Promise<Map<number, { warnedAt: Date }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(retentionNotices).where(inArray(retentionNotices.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row]));
}

/** The warning, recorded with its e-mail: the account may go 24 months after its last use, 30 days from now at the soonest. */
async function warn(account: DormantAccount, deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const due = Math.max(
    monthsBefore(account.lastSeenAt, -RETENTION.anonymiseAfterMonths).getTime(),
    now.getTime() + RETENTION.noticeDays * DAY_MS,
  );
  const token = signLink(deps.config.JWT_SECRET, { purpose: 'keep-account', subject: account.id });
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(retentionNotices)
      .values({ userId: account.id, warnedAt: now })
      .onConflictDoUpdate({ target: retentionNotices.userId, set: { warnedAt: now } });
    await enqueueMail(
      tx,
      privacyMails.retentionWarning,
      {
        to: account.email,
        data: {
          firstName: account.firstName,
          anonymisedFrom: formatParisDay(due),
          keepUrl: `${deps.config.PUBLIC_URL}${ROUTES.keepAccount(token)}`,
        },
      },
      now,
    );
  });
}

/** What the « Garder mon compte » page shows: a warning to answer, an account in use, one already gone. */
export type KeepAccountState = 'warned' | 'active' | 'gone' | 'invalid';

async function linkedAccount(token: string, deps: Deps) {
  const check = verifyLink(deps.config.JWT_SECRET, token, 'keep-account', deps.clock.now());
  return check.ok ? findUserById(deps.db, check.link.subject) : null;
}

/** The page's state, from the account and its warning: opening the link changes nothing (mail scanners open links). */
export async function keepAccountState(token: string, deps: Deps): Promise<KeepAccountState> {
  const account = await linkedAccount(token, deps);
  if (!account) return 'invalid';
  if (account.anonymizedAt) return 'gone';
  const [notice] = await deps.db
    .select()
    .from(retentionNotices)
    .where(eq(retentionNotices.userId, account.id));
  const lastSeen = (account.lastSeenAt ?? account.createdAt).getTime();
  return notice && notice.warnedAt.getTime() > lastSeen ? 'warned' : 'active';
}

/** « Garder mon compte », posted: the account counts as used now, its warning is void. Its state after. */
export async function keepAccount(token: string, deps: Deps): Promise<KeepAccountState> {
  const account = await linkedAccount(token, deps);
  if (!account) return 'invalid';
  const now = deps.clock.now();
  const kept = await deps.db.transaction(async (tx) => {
    if (!(await recordSignOfLife(tx, account.id, now))) return false;
    await tx.delete(retentionNotices).where(eq(retentionNotices.userId, account.id));
    return true;
  });
  return kept ? 'active' : 'gone';
}
