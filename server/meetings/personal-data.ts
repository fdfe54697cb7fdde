import { desc, eq, inArray, or } from 'drizzle-orm';
import { MEETING_TYPE_LABELS, PUBLIC_CATEGORY_LABELS } from '../../common/constants.ts';
import { MEETING_STATUS_LABELS } from '../../common/slots.ts';
import type { DbOrTx } from '../../db/client.ts';
import { meetingFacts, meetings } from '../../db/schema/meetings.ts';

/**
 * A teacher's bookings for « Mes données » (docs/decisions/0098): each with its company, time, place, group
 * and what the teacher wrote (the message, the accompanying adult, a cancellation's reason).
 */
export async function teacherMeetingsPersonalData(db: DbOrTx, teacherId: number) {
  const rows = await db
    .select()
    .from(meetingFacts)
    .where(eq(meetingFacts.teacherId, teacherId))
    .orderBy(desc(meetingFacts.startsAt));
  return rows.map((meeting) => ({
    id: meeting.id,
    entreprise: meeting.companyName,
    type: MEETING_TYPE_LABELS[meeting.meetingType],
    debut: meeting.startsAt,
    fin: meeting.endsAt,
    fuseauHoraire: meeting.timeZone,
    statut: MEETING_STATUS_LABELS[meeting.status],
    lieu: meeting.placeLabel,
    etablissement: meeting.establishmentName,
    participants: meeting.participantsCount,
    public: PUBLIC_CATEGORY_LABELS[meeting.publicCategory],
    groupe: meeting.groupId,
    messageALEntreprise: meeting.message,
    adulteAccompagnateur: meeting.accompanyingAdultName,
    telephoneDeLAdulteAccompagnateur: meeting.accompanyingAdultPhone,
    presenceConfirmeeLe: meeting.teacherConfirmedAt,
    annuleLe: meeting.cancelledAt,
    annuleParVous: meeting.cancelledBy === teacherId,
    motifDAnnulation: meeting.cancelReason,
    reserveLe: meeting.createdAt,
  }));
}

/**
 * What a recruiter did on their company's meetings, for « Mes données »: confirmed, cancelled (with the reason
 * they wrote), marked a group absent. The teachers' names and messages are theirs, not the recruiter's.
 */
export async function recruiterMeetingsPersonalData(db: DbOrTx, recruiterId: number) {
  const acts = await db
    .select({
      id: meetings.id,
      confirmedBy: meetings.companyConfirmedBy,
      cancelledBy: meetings.cancelledBy,
      absentMarkedBy: meetings.absentMarkedBy,
    })
    .from(meetings)
    .where(
      or(
        eq(meetings.companyConfirmedBy, recruiterId),
        eq(meetings.cancelledBy, recruiterId),
        eq(meetings.absentMarkedBy, recruiterId),
      ),
    );
  if (acts.length === 0) return [];
  const facts = await db
    .select()
    .from(meetingFacts)
    .where(
      inArray(
        meetingFacts.id,
        acts.map((act) => act.id),
      ),
    )
    .orderBy(desc(meetingFacts.startsAt));
  return facts.map((meeting) => {
    const act = acts.find((candidate) => candidate.id === meeting.id);
    return {
      id: meeting.id,
      entreprise: meeting.companyName,
      type: MEETING_TYPE_LABELS[meeting.meetingType],
      debut: meeting.startsAt,
      fuseauHoraire: meeting.timeZone,
      confirmeParVousLe: act?.confirmedBy === recruiterId ? meeting.companyConfirmedAt : null,
      annuleParVousLe: act?.cancelledBy === recruiterId ? meeting.cancelledAt : null,
      motifDAnnulation: act?.cancelledBy === recruiterId ? meeting.cancelReason : null,
      absenceSignaleeParVous: act?.absentMarkedBy === recruiterId,
    };
  });
}

/**
 * Forgetting a person (docs/decisions/0098): the free texts they wrote on meetings go — a teacher's messages
 * to companies and accompanying adults (someone else's name and phone), anyone's cancellation reasons. The
 * meetings stay, for the statistics and the attestations, which name no person.
 */
export async function eraseMeetingTextsOf(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(meetings)
    .set({ message: null, accompanyingAdultName: null, accompanyingAdultPhone: null })
    .where(eq(meetings.teacherId, userId));
  await tx.update(meetings).set({ cancelReason: null }).where(eq(meetings.cancelledBy, userId));
}

/** The ids of a teacher's bookings, whatever their state: what the rooms above the meetings key theirs on. */
export async function meetingIdsOfTeacher(db: DbOrTx, teacherId: number): Promise<number[]> {
  const rows = await db.select({ id: meetings.id }).from(meetings).where(eq(meetings.teacherId, teacherId));
  return rows.map((row) => row.id);
}
