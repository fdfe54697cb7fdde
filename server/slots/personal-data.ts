import { and, desc, eq, sql } from 'drizzle-orm';
import { MEETING_TYPE_LABELS } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { slots } from '../../db/schema/slots.ts';

/**
 * The slots of a company that name this address as their speaker's, for a recruiter's « Mes données »
 * (docs/decisions/0098): the speaker's name, phone and role as published.
 */
export async function speakerPersonalData(db: DbOrTx, companyId: number, email: string) {
  const rows = await db
    .select()
    .from(slots)
    .where(and(eq(slots.companyId, companyId), sql`lower(${slots.speakerEmail}) = ${email}`))
    .orderBy(desc(slots.startsAt));
  return rows.map((slot) => ({
    creneau: slot.id,
    type: MEETING_TYPE_LABELS[slot.meetingType],
    debut: slot.startsAt,
    intervenant: `${slot.speakerFirstname} ${slot.speakerName}`,
    email: slot.speakerEmail,
    telephone: slot.speakerPhone,
    fonction: slot.speakerRole,
  }));
}
