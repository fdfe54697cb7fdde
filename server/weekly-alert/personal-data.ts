import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { weeklyAlerts } from '../../db/schema/weekly-alert.ts';

/** The weekly alerts sent to a teacher, for « Mes données » (docs/decisions/0098). */
export function weeklyAlertPersonalData(db: DbOrTx, teacherId: number) {
  return db
    .select({ semaine: weeklyAlerts.week, creneaux: weeklyAlerts.slotsCount, envoyeeLe: weeklyAlerts.sentAt })
    .from(weeklyAlerts)
    .where(eq(weeklyAlerts.teacherId, teacherId))
    .orderBy(desc(weeklyAlerts.sentAt));
}
