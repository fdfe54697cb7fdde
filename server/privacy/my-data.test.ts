import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  classGroups,
  companyJoinRequests,
  contactMessages,
  documents,
  emailChanges,
  establishments,
  favorites,
  feedback,
  passwordResetTokens,
  recruiterInvitations,
  retentionNotices,
  transportRequests,
  videoRoomMembers,
  waitlistEntries,
  weeklyAlerts,
} from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const PAST = new Date('2026-02-10T08:00:00Z');
const LATER = new Date('2026-04-14T07:00:00Z');

/**
 * One teacher with a row in every table « Mes données » reads, each marked with `mark` (a word found
 * nowhere else), so that the file is searched for what is theirs and for what is not.
 */
async function teacherWithData(t: TestApp, mark: string) {
  const [establishment] = await t.db
    .insert(establishments)
    .values({ name: `Lycée ${mark}`, type: 'Lycée', label: '1 rue Test 69003 Lyon', departmentCode: '69' })
    .returning();
  const teacher = await insertUser(t.db, {
    kind: 'teacher',
    email: `${mark.toLowerCase()}@exemple.fr`,
    firstName: `Prénom${mark}`,
    lastName: `Nom${mark}`,
    phone: '0611223344',
    establishmentId: establishment?.id,
    jobs: [`Métier${mark}`],
  });
  const company = await insertCompany(t.db, { name: `Entreprise${mark}` });
  const past = await insertSlot(t.db, company.id, PAST);
  const future = await insertSlot(t.db, company.id, LATER);
  const [group] = await t.db
    .insert(classGroups)
    .values({ teacherId: teacher.id, name: `Classe${mark}`, schoolYear: '2025-2026' })
    .returning();
  const held = await insertMeeting(t.db, past.id, teacher.id, {
    message: `Message${mark}`,
    accompanyingAdultName: `Adulte${mark}`,
    groupId: group?.id,
  });
  await insertMeeting(t.db, future.id, teacher.id);
  await t.db.insert(favorites).values({ teacherId: teacher.id, companyId: company.id });
  await t.db.insert(feedback).values({
    meetingId: held.id,
    organisation: 4,
    matching: 3,
    engagement: 4,
    liked: `Aimé${mark}`,
  });
  await t.db.insert(contactMessages).values({
    fromUserId: teacher.id,
    name: `Prénom${mark}`,
    email: teacher.email,
    subject: 'other',
    body: `Contact${mark}`,
  });
  await t.db.insert(documents).values({
    ownerKind: 'user',
    ownerId: teacher.id,
    purpose: 'document',
    title: `Document${mark}`,
    fileName: `fichier-${mark}.pdf`,
    mimeType: 'application/pdf',
    sizeBytes: 1000,
    storageKey: `cle-${mark}`,
  });
  await t.db.insert(waitlistEntries).values({
    slotId: future.id,
    teacherId: teacher.id,
    groupSize: 77,
    publicCategory: 'highSchool',
    status: 'left',
  });
  await t.db.insert(emailChanges).values({
    tokenHash: `hash-${mark}`,
    userId: teacher.id,
    newEmail: `nouvelle-${mark.toLowerCase()}@exemple.fr`,
    expiresAt: LATER,
  });
  await t.db
    .insert(passwordResetTokens)
    .values({ tokenHash: `reset-${mark}`, userId: teacher.id, expiresAt: LATER });
  await t.db.insert(transportRequests).values({
    meetingId: held.id,
    groupSize: 12,
    departureLabel: `Départ${mark}`,
    comment: `Transport${mark}`,
  });
  await t.db
    .insert(weeklyAlerts)
    .values({ teacherId: teacher.id, week: `2026-W0${mark.length}`, slotsCount: 3, sentAt: PAST });
  await t.db.insert(videoRoomMembers).values({ slotId: past.id, userId: teacher.id, lastSeenAt: PAST });
  await t.db.insert(retentionNotices).values({ userId: teacher.id, warnedAt: PAST });
  const token = await loginAs(t.db, teacher.id);
  return { teacher, company, token };
}

async function download(t: TestApp, token?: string) {
  return t.app.request('/my-data.json', { headers: token ? { cookie: `session=${token}` } : {} });
}

describe('« Mes données » (GET /my-data.json)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('gives a teacher everything the platform holds about them, and nothing of another teacher', async () => {
    const mine = await teacherWithData(t, 'ALPHA');
    await teacherWithData(t, 'BRAVO');
    const response = await download(t, mine.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="mes-donnees-passerelle-industrie-2026-03-10.json"',
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    const data = JSON.parse(text);
    // Each table: users, establishments, meetings (and their message), class_groups, favorites, feedback,
    // contact_messages, documents, sessions, waitlist_entries, email_changes, password_reset_tokens,
    // transport_requests, weekly_alerts, video_room_members, retention_notices.
    expect(data.profil).toMatchObject({ email: 'alpha@exemple.fr', prenom: 'PrénomALPHA', nom: 'NomALPHA' });
    expect(data.profil.metiers).toEqual(['MétierALPHA']);
    expect(data.etablissement).toMatchObject({ nom: 'Lycée ALPHA' });
    expect(data.rendezVous).toHaveLength(2);
    expect(data.rendezVous[1]).toMatchObject({
      entreprise: 'EntrepriseALPHA',
      messageALEntreprise: 'MessageALPHA',
      adulteAccompagnateur: 'AdulteALPHA',
    });
    expect(data.classes).toEqual([expect.objectContaining({ nom: 'ClasseALPHA' })]);
    expect(data.favoris).toEqual([expect.objectContaining({ entreprise: 'EntrepriseALPHA' })]);
    expect(data.questionnaires).toEqual([
      expect.objectContaining({ ceQuiAPlu: 'AiméALPHA', organisation: 4 }),
    ]);
    expect(data.messagesEnvoyes).toEqual([expect.objectContaining({ message: 'ContactALPHA' })]);
    expect(data.documents).toEqual([expect.objectContaining({ titre: 'DocumentALPHA' })]);
    expect(data.connexions.sessions).toHaveLength(1);
    expect(data.listesDAttente).toEqual([expect.objectContaining({ taille: 77 })]);
    expect(data.changementsDAdresseEmail).toEqual([
      expect.objectContaining({ nouvelleAdresse: 'nouvelle-alpha@exemple.fr' }),
    ]);
    expect(data.liensDeMotDePasse).toHaveLength(1);
    expect(data.demandesDeTransport).toEqual([expect.objectContaining({ commentaire: 'TransportALPHA' })]);
    expect(data.alertesHebdomadairesEnvoyees).toEqual([expect.objectContaining({ semaine: '2026-W05' })]);
    expect(data.salonsVideo.presences).toHaveLength(1);
    expect(data.avertissementsDInactivite).toEqual([{ envoyeLe: PAST.toISOString() }]);
    expect(data.exporteLe).toBe(TEST_NOW.toISOString());
    // Secrets are never given, only that they exist.
    expect(text).not.toMatch(/hash-|reset-|cle-ALPHA/);
    expect(text).not.toMatch(/BRAVO|bravo/);
  });

  it('gives a recruiter their account, company and role, and what they did, never a teacher’s data', async () => {
    const teacher = await teacherWithData(t, 'CHARLIE');
    const recruiter = await insertUser(t.db, {
      kind: 'recruiter',
      companyId: teacher.company.id,
      email: 'lea.martin@example.fr',
      firstName: 'Léa',
      lastName: 'Martin',
      jobTitle: 'Responsable RH',
    });
    const slot = await insertSlot(t.db, teacher.company.id, LATER, { speakerEmail: 'Lea.Martin@example.fr' });
    await insertMeeting(t.db, slot.id, teacher.teacher.id, {
      message: 'MessageCHARLIE2',
      companyConfirmedBy: recruiter.id,
      companyConfirmedAt: TEST_NOW,
    });
    await t.db.insert(companyJoinRequests).values({
      companyId: teacher.company.id,
      email: recruiter.email,
      firstName: 'Léa',
      lastName: 'Martin',
      passwordHash: 'secret-hash',
    });
    await t.db.insert(recruiterInvitations).values({
      companyId: teacher.company.id,
      email: 'autre.collegue@example.fr',
      role: 'member',
      tokenHash: 'token-hash',
      invitedBy: recruiter.id,
      expiresAt: LATER,
    });
    const response = await download(t, await loginAs(t.db, recruiter.id));
    expect(response.status).toBe(200);
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profil).toMatchObject({
      compte: 'Entreprise',
      email: 'lea.martin@example.fr',
      fonction: 'Responsable RH',
      roleDansLEquipe: 'Administrateur',
    });
    expect(data.entreprise).toMatchObject({ nom: 'EntrepriseCHARLIE', role: 'Administrateur' });
    expect(data.rendezVousTraites).toEqual([
      expect.objectContaining({ entreprise: 'EntrepriseCHARLIE', confirmeParVousLe: TEST_NOW.toISOString() }),
    ]);
    expect(data.creneauxCommeIntervenant).toHaveLength(1);
    expect(data.demandesPourRejoindreUneEntreprise).toHaveLength(1);
    expect(text).not.toMatch(/CHARLIE2|PrénomCHARLIE|charlie@|autre\.collegue|secret-hash/);
  });

  it('answers a visitor 401 in French, and an administrator 403', async () => {
    const visitor = await download(t);
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).toBe('Connectez-vous pour télécharger vos données.');
    const admin = await insertUser(t.db, { kind: 'admin' });
    expect((await download(t, await loginAs(t.db, admin.id))).status).toBe(403);
  });
});
