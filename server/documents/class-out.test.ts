import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  classGroups,
  companyJobs,
  establishments,
  jobs,
  meetings,
  transportRequests,
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
import { pdfText } from '../../tests/fixtures/pdf.ts';
import { folded } from '../../tests/fixtures/text.ts';
import { publicAttestation } from './class-out.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let teacherToken: string;
let recruiterToken: string;
let meetingId: number;
let code: string;
const START = new Date('2026-03-20T08:00:00Z');
const AFTER = new Date('2026-03-20T10:00:00Z');

beforeEach(async () => {
  t = await createTestApp({ now: TEST_NOW });
  const company = await insertCompany(t.db, {
    name: 'Forges de Vénissieux',
    phone: '04 78 00 00 00',
    contactName: 'Cécile Noël',
    contactPhone: '06 11 22 33 44',
    contactEmail: 'cecile@forges.example',
    label: '3 rue de l’Église, 69200 Vénissieux',
  });
  const [job1, job2] = await t.db
    .insert(jobs)
    .values([{ label: 'Soudeur / soudeuse' }, { label: 'Chaudronnier / chaudronnière' }])
    .returning();
  await t.db.insert(companyJobs).values([
    { companyId: company.id, jobId: job1?.id ?? 0 },
    { companyId: company.id, jobId: job2?.id ?? 0 },
  ]);
  const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
  const [establishment] = await t.db
    .insert(establishments)
    .values({ name: 'Collège Françoise Dolto', type: 'Collège', label: '8 allée des Écoles, 69008 Lyon' })
    .returning();
  const teacher = await insertUser(t.db, {
    kind: 'teacher',
    firstName: 'Inès',
    lastName: 'Bérard',
    phone: '06 98 76 54 32',
    establishmentId: establishment?.id ?? null,
  });
  teacherToken = await loginAs(t.db, teacher.id);
  recruiterToken = await loginAs(t.db, recruiter.id);
  const slot = await insertSlot(t.db, company.id, START, {
    durationMinutes: 90,
    placeLabel: '3 rue de l’Église, 69200 Vénissieux',
    placeLat: 45.6975,
    placeLng: 4.8867,
    speakerFirstname: 'Jérôme',
    speakerName: 'Façon',
    speakerRole: 'Responsable d’atelier',
  });
  const [group] = await t.db
    .insert(classGroups)
    .values({ teacherId: teacher.id, name: '4e « Hêtres »', schoolYear: '2025-2026' })
    .returning();
  const meeting = await insertMeeting(t.db, slot.id, teacher.id, {
    participantsCount: 3,
    publicCategory: 'middleSchool',
    establishmentId: establishment?.id ?? null,
    accompanyingAdultName: 'Noémie Leçon',
    accompanyingAdultPhone: '06 55 44 33 22',
    groupId: group?.id ?? null,
    charterAcceptedAt: new Date('2026-03-02T13:30:00Z'),
  });
  meetingId = meeting.id;
  await t.db.insert(transportRequests).values({
    meetingId,
    groupSize: 3,
    departureLabel: '8 allée des Écoles, 69008 Lyon',
    status: 'accepted',
    createdAt: new Date('2026-03-04T10:00:00Z'),
    answer: 'Un car de la Région vous prendra à 8 h 15 devant le collège.',
    answeredAt: new Date('2026-03-05T09:00:00Z'),
  });
  const [row] = await t.db
    .select({ code: meetings.attestationCode })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  code = row?.code ?? '';
});
afterEach(() => t.close());

const get = (path: string, token?: string) =>
  t.app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function pdf(kind: string, token = teacherToken) {
  const response = await get(`/meetings/${meetingId}/${kind}.pdf`, token);
  expect(response.status, kind).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

describe('a booked visit’s documents', () => {
  it('prints the fiche de sortie with its facts, accents and French quotes', async () => {
    const [page, more] = await pdf('fiche-de-sortie');
    expect(more).toBeUndefined();
    for (const fact of [
      'Fiche de sortie',
      'Visite — Forges de Vénissieux, à l’attention du chef d’établissement',
      'Collège Françoise Dolto — 8 allée des Écoles, 69008 Lyon',
      '4e « Hêtres »',
      'Collégiens',
      '3 participants, adultes accompagnateurs compris',
      'Noémie Leçon — 06 55 44 33 22',
      'vendredi 20 mars 2026',
      '09:00 – 10:30',
      '1 h 30',
      '3 rue de l’Église, 69200 Vénissieux',
      'Cécile Noël — 06 11 22 33 44 — cecile@forges.example',
      'Jérôme Façon — Responsable d’atelier',
      'Demande d’aide au transport du mercredi 4 mars 2026 (départ : 8 allée des Écoles, 69008 Lyon, 3 participants) — acceptée.',
      'Un car de la Région vous prendra à 8 h 15 devant le collège.',
      'Acceptée par Inès Bérard le lundi 2 mars 2026 à 14:30',
      'Visa du chef d’établissement',
      'Page 1 sur 1',
    ]) {
      expect(page).toContain(folded(fact));
    }
    // A web address longer than its column is cut across lines: read back without the cuts.
    expect(page?.replace(/ /g, '')).toContain(
      'https://www.openstreetmap.org/?mlat=45.69750&mlon=4.88670#map=17/45.69750/4.88670',
    );
  });

  it('prints one parents’ authorisation page per participant, name left blank', async () => {
    const pages = await pdf('autorisation-parentale');
    expect(pages).toHaveLength(3);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('Autorisation parentale de sortie');
      expect(page).toContain('responsable légal(e) de l’élève ……');
      expect(page).toContain('vendredi 20 mars 2026');
      expect(page).toContain('Inès Bérard — 06 98 76 54 32');
      expect(page).toContain('Signature du responsable légal');
      expect(page).toContain(`Page ${i + 1} sur 3`);
    }
  });

  it('prints the day’s ticket: arrival, address, phones, speaker and the checklist of the side asking', async () => {
    const [teacherTicket] = await pdf('billet');
    expect(teacherTicket).toContain('08:50 (début à 09:00, fin à 10:30)');
    expect(teacherTicket).toContain('04 78 00 00 00');
    expect(teacherTicket).toContain('Jérôme Façon');
    expect(teacherTicket).toContain('Une pièce d’identité pour chaque adulte accompagnateur.');
    const [companyTicket] = await pdf('billet', recruiterToken);
    expect(companyTicket).toContain('Prévenir l’accueil ou le poste de garde de l’arrivée du groupe.');
  });

  it('answers 404 to anyone but the meeting’s teacher and company, and for a document it has not', async () => {
    const company = await insertCompany(t.db);
    const otherRecruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
    const otherTeacher = await insertUser(t.db, { kind: 'teacher' });
    const admin = await insertUser(t.db, { kind: 'admin' });
    for (const kind of ['fiche-de-sortie', 'autorisation-parentale', 'billet']) {
      const path = `/meetings/${meetingId}/${kind}.pdf`;
      expect((await get(path)).status, `${kind} logged out`).toBe(404);
      expect((await get(path, await loginAs(t.db, otherTeacher.id))).status).toBe(404);
      expect((await get(path, await loginAs(t.db, otherRecruiter.id))).status).toBe(404);
      expect((await get(path, await loginAs(t.db, admin.id))).status).toBe(404);
      expect((await get(path, recruiterToken)).status).toBe(200);
    }
    expect((await get(`/meetings/${meetingId}/inconnu.pdf`, teacherToken)).status).toBe(404);
    await t.db.update(meetings).set({ status: 'cancelled' }).where(eq(meetings.id, meetingId));
    expect((await get(`/meetings/${meetingId}/billet.pdf`, teacherToken)).status).toBe(404);
  });
});

const post = (path: string, fields: Record<string, string>, origin = 'http://localhost:3000') =>
  t.app.request(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${teacherToken}`, origin },
    body: new URLSearchParams(fields),
  });

async function postedPdf(kind: string, fields: Record<string, string>) {
  const response = await post(`/meetings/${meetingId}/${kind}.pdf`, fields);
  expect(response.status, kind).toBe(200);
  return pdfText(new Uint8Array(await response.arrayBuffer()));
}

describe('the documents for the field (docs/decisions/0081)', () => {
  it('give the fiche the journey: times left to fill by hand, and the accepted transport help as the means', async () => {
    const [page] = await pdf('fiche-de-sortie');
    expect(page).toContain('Le trajet');
    expect(page).toContain('Départ de l’établissement ………');
    expect(page).toContain('Retour à l’établissement ………');
    expect(page).toContain(
      folded('Moyen de transport Aide au transport acceptée (départ : 8 allée des Écoles, 69008 Lyon)'),
    );
  });

  it('write the times typed at print time into the fiche and the authorisation, and ignore what is not a time', async () => {
    const [fiche] = await postedPdf('fiche-de-sortie', { depart: '08:15', retour: '12:30' });
    expect(fiche).toContain('Départ de l’établissement 08:15');
    expect(fiche).toContain('Retour à l’établissement 12:30');
    const [authorisation] = await postedPdf('autorisation-parentale', { depart: '08:15', retour: 'midi' });
    expect(authorisation).toContain('Départ de l’établissement 08:15');
    expect(authorisation).toContain('Retour à l’établissement ………');
  });

  it('leave the means to fill by hand without an accepted transport help', async () => {
    await t.db.update(transportRequests).set({ status: 'pending' });
    const [pending] = await pdf('fiche-de-sortie');
    expect(pending).toContain('Moyen de transport ………');
    expect(pending).toContain('— en attente de réponse.');
    await t.db.delete(transportRequests);
    const [none] = await pdf('fiche-de-sortie');
    expect(none).toContain('Moyen de transport ………');
    expect(none).toContain('Aucune demande d’aide au transport.');
  });

  it('print one authorisation per pupil named at print time, the name written in, and log none of them', async () => {
    const pages = await postedPdf('autorisation-parentale', {
      eleves: 'Léa Martin\r\n\r\n  Yanis Benali  \n',
    });
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('responsable légal(e) de l’élève Léa Martin, autorise');
    expect(pages[1]).toContain('responsable légal(e) de l’élève Yanis Benali, autorise');
    expect(pages[1]).toContain('Page 2 sur 2');
    expect(JSON.stringify(t.logs)).not.toContain('Martin');
    expect(JSON.stringify(t.logs)).toContain(`/meetings/${meetingId}/autorisation-parentale.pdf`);
  });

  it('refuse a post from another site', async () => {
    const response = await post(
      `/meetings/${meetingId}/autorisation-parentale.pdf`,
      { eleves: 'Léa' },
      'https://ailleurs.example',
    );
    expect(response.status).toBe(403);
  });

  it('write French phone numbers in pairs', async () => {
    await t.db
      .update(meetings)
      .set({ accompanyingAdultPhone: '0740138085' })
      .where(eq(meetings.id, meetingId));
    const [fiche] = await pdf('fiche-de-sortie');
    expect(fiche).toContain('Noémie Leçon — 07 40 13 80 85');
    expect(fiche).not.toContain('0740138085');
  });
});

describe('the attestation', () => {
  const ATTESTATION_CODE = `query ($id: ID!) { meeting(id: $id) { attestationCode } }`;

  it('exists once the meeting is held, for its two sides, with its code and its URL', async () => {
    expect((await get(`/meetings/${meetingId}/attestation.pdf`, teacherToken)).status).toBe(404);
    t.clock.set(AFTER);
    const [page] = await pdf('attestation');
    for (const fact of [
      'Attestation de participation',
      'Forges de Vénissieux — Métallurgie',
      'vendredi 20 mars 2026',
      '1 h 30',
      'Visite',
      'Collège Françoise Dolto',
      '3 participants — Collégiens',
      'Chaudronnier / chaudronnière, Soudeur / soudeuse',
      code,
      `http://localhost:3000/attestation/${code}`,
    ]) {
      expect(page).toContain(fact);
    }
    expect((await get(`/meetings/${meetingId}/attestation.pdf`, recruiterToken)).status).toBe(200);
    const otherTeacher = await insertUser(t.db, { kind: 'teacher' });
    expect(
      (await get(`/meetings/${meetingId}/attestation.pdf`, await loginAs(t.db, otherTeacher.id))).status,
    ).toBe(404);
  });

  it('is not for a group the company marked absent', async () => {
    t.clock.set(AFTER);
    await t.db.update(meetings).set({ absentAt: AFTER }).where(eq(meetings.id, meetingId));
    expect((await get(`/meetings/${meetingId}/attestation.pdf`, teacherToken)).status).toBe(404);
    expect(await publicAttestation({ code, clientIp: '192.0.2.1' }, t.deps)).toBeNull();
  });

  it('gives its code in GraphQL to the two sides once held: null before, and for the operators', async () => {
    const asked = async (token: string) =>
      (
        await t.graphql<{ meeting: { attestationCode: string | null } }>(
          ATTESTATION_CODE,
          { id: meetingId },
          { token },
        )
      ).data?.meeting.attestationCode;
    expect(await asked(teacherToken)).toBeNull();
    t.clock.set(AFTER);
    expect(await asked(teacherToken)).toBe(code);
    expect(await asked(recruiterToken)).toBe(code);
    const admin = await insertUser(t.db, { kind: 'admin' });
    expect(await asked(await loginAs(t.db, admin.id, AFTER))).toBeNull();
  });

  it('is checked by anyone from its code, in any case; an altered or unknown code, or before held, is none', async () => {
    const check = (value: string) => publicAttestation({ code: value, clientIp: '192.0.2.1' }, t.deps);
    expect(await check(code)).toBeNull();
    t.clock.set(AFTER);
    const found = await check(code.toLowerCase());
    expect(found?.companyName).toBe('Forges de Vénissieux');
    const text = JSON.stringify(found);
    expect(text).toContain('Collège Françoise Dolto');
    expect(text).toContain('Chaudronnier / chaudronnière, Soudeur / soudeuse');
    for (const name of ['Inès', 'Bérard', 'Jérôme', 'Cécile', 'Noémie']) expect(text).not.toContain(name);
    const altered = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    expect(await check(altered)).toBeNull();
    expect(await check('0123456789ABCDEF')).toBeNull();
    expect(await check('pas-un-code')).toBeNull();
  });

  it('limits the checks from one address', async () => {
    t.clock.set(AFTER);
    for (let i = 0; i < 30; i++) await publicAttestation({ code, clientIp: '192.0.2.9' }, t.deps);
    await expect(publicAttestation({ code, clientIp: '192.0.2.9' }, t.deps)).rejects.toMatchObject({
      code: 'rate_limited',
    });
    expect(await publicAttestation({ code, clientIp: '192.0.2.10' }, t.deps)).not.toBeNull();
  });
});

describe('a classroom intervention’s documents', () => {
  it('has a fiche and a ticket at the establishment, with no transport, and no parents’ authorisation', async () => {
    await t.db.update(meetings).set({ status: 'cancelled' }).where(eq(meetings.id, meetingId));
    const [meeting] = await t.db.select().from(meetings).where(eq(meetings.id, meetingId));
    const company = await insertCompany(t.db, { name: 'Atelier Lumière' });
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
    const slot = await insertSlot(t.db, company.id, START, {
      meetingType: 'ClassroomIntervention',
      placeLat: 45.1,
      placeLng: 4.1,
    });
    const intervention = await insertMeeting(t.db, slot.id, meeting?.teacherId ?? 0, {
      establishmentId: meeting?.establishmentId ?? null,
    });
    meetingId = intervention.id;
    const [page] = await pdf('fiche-de-sortie', await loginAs(t.db, recruiter.id));
    expect(page).toContain('Intervention — Atelier Lumière');
    expect(page).toContain('Adresse Collège Françoise Dolto, 8 allée des Écoles, 69008 Lyon');
    expect(page).toContain(folded('Sans objet : la rencontre a lieu dans l’établissement.'));
    expect(page?.replace(/ /g, '')).toContain(
      'https://www.openstreetmap.org/search?query=Coll%C3%A8ge%20Fran%C3%A7oise%20Dolto',
    );
    expect((await get(`/meetings/${meetingId}/autorisation-parentale.pdf`, teacherToken)).status).toBe(404);
    expect((await get(`/meetings/${meetingId}/billet.pdf`, teacherToken)).status).toBe(200);
  });
});
