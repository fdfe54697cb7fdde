/**
 * Who may call what (issues 9 and 13): every query and mutation of the API, and the fields that decide on
 * their own, called by nine people — a visitor, two teachers, the recruiters of two validated companies, the
 * recruiter of a company awaiting validation, a national administrator, the regional operator of the
 * companies' region and one of another region (who must never see them) — each cell with its expected
 * outcome. The
 * table is the specification: a new operation without its row fails the first test.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articles,
  classGroups,
  companyJoinRequests,
  contactMessages,
  departments,
  documents,
  establishments,
  faqEntries,
  jobs,
  meetings,
  outbox,
  partnerKeys,
  recruiterInvitations,
  transportRequests,
  waitlistEntries,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema.ts';
import { tinyPdf, tinyPng } from '../db/seed/index.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../tests/fixtures/app.ts';
import { hashPassword, sha256Hex } from './accounts/index.ts';
import { schema } from './graphql/index.ts';
import { sealText } from './kernel/seal.ts';
import { signLink } from './signed-links.ts';

const VIEWERS = [
  'visitor',
  'teacherA',
  'teacherB',
  'recruiterA',
  'recruiterB',
  'pendingRecruiter',
  'admin',
  'operator',
  'otherOperator',
] as const;
type ViewerName = (typeof VIEWERS)[number];

/** What a cell gives: data (`ok`), a null or empty answer, or the error's code. */
type Outcome = 'ok' | 'null' | 'empty' | string;

const PASSWORD = 'Motdepasse-1';
const DAY = 86_400_000;
const LYON = {
  label: '20 place Bellecour 69002 Lyon',
  zipcode: '69002',
  city: 'Lyon',
  lat: 45.7578,
  lng: 4.832,
};

/** The people and things every cell starts from. */
interface World {
  tokens: Record<Exclude<ViewerName, 'visitor'>, string>;
  emails: Record<Exclude<ViewerName, 'visitor'>, string>;
  companyA: number;
  companyB: number;
  pendingCompany: number;
  /** Company A's webinar with an external link, booked by teacher A (meeting A, postponed). */
  webinarA: number;
  /** Company A's free visit. */
  visitA: number;
  /** The pending company's slot. */
  pendingSlot: number;
  meetingA: number;
  documentA: number;
  archivedCompany: number;
  faqEntry: number;
  article: number;
  teacherBId: number;
  otherOperatorId: number;
  /** Teacher A's user id: their identity in a video room. */
  teacherAId: number;
  /** Teacher A's meeting at company A, done yesterday. */
  doneA: number;
  /** Teacher A's confirmed visit of company A next week, without a transport request. */
  visitMeetingA: number;
  /** Teacher A's confirmed visit of company A in ten days, and its pending transport request. */
  transportMeetingA: number;
  transportA: number;
  /** Teacher A's document (teacher A booked company A). */
  teacherDocumentA: number;
  /** A document of company A's webinar. */
  slotDocumentA: number;
  /** Company A's published news item. */
  newsA: number;
  /** A reminder's « Je confirme » and « Je ne peux plus venir » of teacher A's visit next week. */
  confirmLinkA: string;
  releaseLinkA: string;
  /** Teacher A's message through the contact form (the Rhône: Auvergne-Rhône-Alpes). */
  contactA: number;
  /** Company A's full visit in twelve days, and teacher A's entry in its line, holding an offer. */
  fullA: number;
  waitlistA: number;
  /** Teacher A's group « 2nde 3 », in which the postponed webinar (meeting A) is filed. */
  groupA: number;
  /** Company A's SIRET, a member (not admin) of its team, a join request and an invitation's token (issue 21). */
  siretA: string;
  memberA: number;
  joinRequestA: number;
  invitationTokenA: string;
  /** Company A's pending invitation (the one of that token). */
  invitationA: number;
  /** An event's delivery set aside after its last try (issue 34). */
  failedDelivery: number;
  /** A partner key (issue 37). */
  partnerKey: number;
  /** A partner key's webhook delivery (issue 37): people only reach it as a national administrator. */
  webhookDelivery: string;
}

async function buildWorld(t: Awaited<ReturnType<typeof createTestApp>>): Promise<World> {
  const { db } = t;
  await db.update(departments).set({ active: true }).where(eq(departments.code, '69'));
  await db.insert(jobs).values([{ label: 'Soudeur / soudeuse', sector: 'metallurgy' }]);
  const passwordHash = await hashPassword(PASSWORD);
  const companyA = await insertCompany(db, {
    name: 'Forges A',
    phone: '0478000001',
    siret: '51234567900017',
  });
  const companyB = await insertCompany(db, {
    name: 'Usine B',
    contactOptIn: true,
    contactEmail: 'b@usine.fr',
  });
  const pending = await insertCompany(db, { name: 'Attente P', status: 'pending' });
  const school = async () =>
    (
      await db
        .insert(establishments)
        .values({ name: 'Lycée Jacquard', type: 'Lycée', ...LYON, departmentCode: '69' })
        .returning()
    )[0]?.id;
  const teacher = async (email: string) =>
    insertUser(db, {
      kind: 'teacher',
      email,
      passwordHash,
      profileType: 'teacher',
      schoolLevels: ['lycee'],
      establishmentId: await school(),
      departmentCode: '69',
    });
  const teacherA = await teacher('prof.a@lycee.fr');
  const teacherB = await teacher('prof.b@lycee.fr');
  const recruiter = (email: string, companyId: number) =>
    insertUser(db, { kind: 'recruiter', email, passwordHash, companyId, departmentCode: '69' });
  const recruiterA = await recruiter('rh@forges-a.fr', companyA.id);
  const recruiterB = await recruiter('rh@usine-b.fr', companyB.id);
  const pendingRecruiter = await recruiter('rh@attente-p.fr', pending.id);
  const admin = await insertUser(db, { kind: 'admin', email: 'ops@passerelle.fr', passwordHash });
  // The Rhône (69) is in Auvergne-Rhône-Alpes (06); Île-de-France (13) is another region.
  const operator = await insertUser(db, {
    kind: 'admin',
    email: 'cst@ara.fr',
    passwordHash,
    operatorRegion: '06',
  });
  const otherOperator = await insertUser(db, {
    kind: 'admin',
    email: 'cst@idf.fr',
    passwordHash,
    operatorRegion: '13',
  });
  const archived = await insertCompany(db, { name: 'Ancienne Z', status: 'archived' });
  const [faq] = await db
    .insert(faqEntries)
    .values({ audience: 'teacher', question: 'Comment réserver ?', answer: 'Depuis la page.', position: 1 })
    .returning();
  const [article] = await db
    .insert(articles)
    .values({ title: 'Brouillon', body: 'Texte', publishedAt: null })
    .returning();

  const soon = new Date(TEST_NOW.getTime() + 3 * DAY);
  const webinarA = await insertSlot(db, companyA.id, soon, {
    meetingType: 'Webinar',
    videoLink: 'https://visio.example.fr/salle-a',
  });
  const visitA = await insertSlot(db, companyA.id, new Date(TEST_NOW.getTime() + 5 * DAY));
  const pendingSlot = await insertSlot(db, pending.id, soon);
  const [meeting] = await db
    .insert(meetings)
    .values({
      slotId: webinarA.id,
      teacherId: teacherA.id,
      establishmentId: teacherA.establishmentId,
      status: 'reported',
      participantsCount: 2,
      publicCategory: 'highSchool',
      charterAcceptedAt: TEST_NOW,
    })
    .returning();
  await db.run(sql`UPDATE slots SET seats_taken = 2 WHERE id = ${webinarA.id}`);
  const [document] = await db
    .insert(documents)
    .values({
      ownerKind: 'company',
      ownerId: companyA.id,
      purpose: 'visitDocument',
      title: 'Plan',
      fileName: 'plan.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 10,
      storageKey: 'companies/a/plan.pdf',
    })
    .returning();
  const yesterday = await insertSlot(db, companyA.id, new Date(TEST_NOW.getTime() - DAY));
  const doneA = await insertMeeting(db, yesterday.id, teacherA.id);
  const nextWeek = await insertSlot(db, companyA.id, new Date(TEST_NOW.getTime() + 7 * DAY));
  const visitMeetingA = await insertMeeting(db, nextWeek.id, teacherA.id);
  const inTenDays = await insertSlot(db, companyA.id, new Date(TEST_NOW.getTime() + 10 * DAY));
  const transportMeetingA = await insertMeeting(db, inTenDays.id, teacherA.id);
  const [transport] = await db
    .insert(transportRequests)
    .values({ meetingId: transportMeetingA.id, groupSize: 5, departureLabel: LYON.label, status: 'pending' })
    .returning();
  const owned = async (ownerKind: 'user' | 'slot', ownerId: number, title: string) =>
    (
      await db
        .insert(documents)
        .values({
          ownerKind,
          ownerId,
          purpose: 'document',
          title,
          fileName: 'doc.pdf',
          mimeType: 'application/pdf',
          sizeBytes: 10,
          storageKey: `tests/${ownerKind}-${ownerId}.pdf`,
        })
        .returning()
    )[0]?.id ?? 0;
  const teacherDocumentA = await owned('user', teacherA.id, 'Projet');
  const slotDocumentA = await owned('slot', webinarA.id, 'Consignes');
  const [news] = await db
    .insert(articles)
    .values({ companyId: companyA.id, title: 'Portes ouvertes', body: 'Venez.', publishedAt: TEST_NOW })
    .returning();
  const [failedDelivery] = await db
    .insert(outbox)
    .values({
      topic: 'meeting.booked',
      subscriber: 'waitlist.offer',
      payload: { meetingId: 0 },
      status: 'failed',
      attempts: 5,
      lastError: 'Error: no meeting 0',
      nextAttemptAt: TEST_NOW,
    })
    .returning();
  const [partnerKey] = await db
    .insert(partnerKeys)
    .values({
      name: 'Région',
      contactEmail: 'api@region.fr',
      scopes: ['slots_read'],
      regionCodes: [],
      secretHash: sha256Hex('pk_matrice'),
    })
    .returning();
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      partnerKeyId: partnerKey?.id ?? 0,
      url: 'https://hooks.region.example/in',
      events: ['meeting_booked'],
      secretSealed: 'x',
    })
    .returning();
  await db.insert(webhookDeliveries).values({
    id: 'msg_matrix',
    endpointId: endpoint?.id ?? 0,
    event: 'meeting_booked',
    payload: '{}',
    status: 'failed',
    retryUntil: TEST_NOW,
  });
  const [contact] = await db
    .insert(contactMessages)
    .values({
      fromUserId: teacherA.id,
      name: 'Camille Martin',
      email: teacherA.email,
      subject: 'booking',
      body: 'Ma réservation a disparu.',
      departmentCode: '69',
      regionCode: '06',
    })
    .returning();
  const full = await insertSlot(db, companyA.id, new Date(TEST_NOW.getTime() + 12 * DAY), {
    maxParticipants: 4,
  });
  await db.run(sql`UPDATE slots SET seats_taken = 4, seats_held = 2 WHERE id = ${full.id}`);
  const [waitlist] = await db
    .insert(waitlistEntries)
    .values({
      slotId: full.id,
      teacherId: teacherA.id,
      groupSize: 2,
      publicCategory: 'highSchool',
      status: 'offered',
      offeredAt: TEST_NOW,
      offerExpiresAt: new Date(TEST_NOW.getTime() + DAY),
    })
    .returning();
  const [groupA] = await db
    .insert(classGroups)
    .values({ teacherId: teacherA.id, name: '2nde 3', level: '2nde', schoolYear: '2025-2026' })
    .returning();
  await db
    .update(meetings)
    .set({ groupId: groupA?.id ?? null })
    .where(eq(meetings.id, meeting?.id ?? 0));
  const memberA = await insertUser(db, {
    kind: 'recruiter',
    email: 'membre@forges-a.fr',
    passwordHash,
    companyId: companyA.id,
    departmentCode: '69',
    teamRole: 'member',
  });
  const [joinRequestA] = await db
    .insert(companyJoinRequests)
    .values({
      companyId: companyA.id,
      email: 'demande@forges-a.fr',
      firstName: 'Noé',
      lastName: 'Petit',
      passwordHash,
      passwordSealed: await sealText(t.deps.config.JWT_SECRET, 'join-request', PASSWORD),
      // Its requester opened the e-mailed link: the admins see it (docs/decisions/0099).
      confirmedAt: TEST_NOW,
    })
    .returning();
  const invitationTokenA = 'jeton-d-invitation-de-forges-a';
  const [invitationA] = await db
    .insert(recruiterInvitations)
    .values({
      companyId: companyA.id,
      email: 'invitee@forges-a.fr',
      role: 'member',
      tokenHash: sha256Hex(invitationTokenA),
      invitedBy: recruiterA.id,
      expiresAt: new Date(TEST_NOW.getTime() + 7 * DAY),
    })
    .returning();
  const people = {
    teacherA,
    teacherB,
    recruiterA,
    recruiterB,
    pendingRecruiter,
    admin,
    operator,
    otherOperator,
  };
  const tokens = {} as World['tokens'];
  const emails = {} as World['emails'];
  for (const [name, user] of Object.entries(people) as [
    keyof typeof people,
    { id: number; email: string },
  ][]) {
    tokens[name] = await loginAs(db, user.id);
    emails[name] = user.email;
  }
  return {
    tokens,
    emails,
    companyA: companyA.id,
    companyB: companyB.id,
    pendingCompany: pending.id,
    webinarA: webinarA.id,
    visitA: visitA.id,
    pendingSlot: pendingSlot.id,
    meetingA: meeting?.id ?? 0,
    documentA: document?.id ?? 0,
    archivedCompany: archived.id,
    faqEntry: faq?.id ?? 0,
    article: article?.id ?? 0,
    teacherBId: teacherB.id,
    otherOperatorId: otherOperator.id,
    teacherAId: teacherA.id,
    doneA: doneA.id,
    visitMeetingA: visitMeetingA.id,
    ...(Object.fromEntries(
      (['confirm', 'release'] as const).map((action) => [
        `${action}LinkA`,
        signLink(t.deps.config.JWT_SECRET, {
          purpose: `meeting-${action}`,
          subject: visitMeetingA.id,
          actor: teacherA.id,
          expiresAt: nextWeek.startsAt.getTime(),
        }),
      ]),
    ) as Pick<World, 'confirmLinkA' | 'releaseLinkA'>),
    transportMeetingA: transportMeetingA.id,
    transportA: transport?.id ?? 0,
    teacherDocumentA,
    slotDocumentA,
    newsA: news?.id ?? 0,
    contactA: contact?.id ?? 0,
    fullA: full.id,
    waitlistA: waitlist?.id ?? 0,
    groupA: groupA?.id ?? 0,
    siretA: companyA.siret,
    memberA: memberA.id,
    joinRequestA: joinRequestA?.id ?? 0,
    invitationTokenA,
    invitationA: invitationA?.id ?? 0,
    failedDelivery: failedDelivery?.id ?? 0,
    partnerKey: partnerKey?.id ?? 0,
    webhookDelivery: 'msg_matrix',
  };
}

interface Row {
  /** The root field the row is about (every root field must have at least one row). */
  operation: string;
  /** Several rows may exercise one operation; the name says what differs. */
  name?: string;
  query: string;
  variables?: (world: World, viewer: ViewerName) => Record<string, unknown>;
  /** The value the outcome is read from; the root field by default. */
  pick?: (data: Record<string, unknown>, world: World) => unknown;
  /** A request that changes state runs on a fresh copy of the world. */
  mutates?: boolean;
  /** Sent as a GraphQL multipart request with one file at `variables.file` (a PDF unless given). */
  upload?: boolean | (() => File);
  expect: Record<ViewerName, Outcome>;
}

/** One outcome for everybody. */
const all = (outcome: Outcome): Record<ViewerName, Outcome> =>
  Object.fromEntries(VIEWERS.map((viewer) => [viewer, outcome])) as Record<ViewerName, Outcome>;
type Cells = Partial<Record<ViewerName, Outcome>>;
/** The viewers who may, with their outcome; a visitor is UNAUTHENTICATED, anyone else FORBIDDEN. */
const allow = (...cells: Cells[]): Record<ViewerName, Outcome> => ({
  ...all('FORBIDDEN'),
  visitor: 'UNAUTHENTICATED',
  ...Object.assign({}, ...cells),
});
const teachers = (outcome: Outcome = 'ok'): Cells => ({ teacherA: outcome, teacherB: outcome });
const recruiters = (outcome: Outcome = 'ok'): Cells => ({
  recruiterA: outcome,
  recruiterB: outcome,
  pendingRecruiter: outcome,
});
/** The operators: the national administrator and the companies' region's, and the other region's. */
const operators = (ours: Outcome, theirs: Outcome): Cells => ({
  admin: ours,
  operator: ours,
  otherOperator: theirs,
});
/** Company A's own recruiter may; the other companies' are told it does not exist. */
const ownCompanyA = (): Cells => ({
  recruiterA: 'ok',
  recruiterB: 'NOT_FOUND',
  pendingRecruiter: 'NOT_FOUND',
});

const slotInput = {
  date: '2026-03-20',
  time: '09:00',
  durationMinutes: 60,
  meetingType: 'CompanyVisit',
  publicCategories: ['highSchool'],
  maxParticipants: 10,
  speaker: { name: 'Durand', firstname: 'Léa', email: 'lea@forges.fr', phone: '0612345678', role: 'Cheffe' },
};
const address = { ...LYON };
const signUpTeacher = {
  departmentCode: '69',
  firstName: 'Camille',
  lastName: 'Martin',
  email: 'nouveau@lycee.fr',
  password: 'Nouveau-mot-2',
  profileType: 'teacher',
  schoolLevels: ['college'],
  establishment: { name: 'Collège Nouveau', type: 'Collège', address },
  acceptTerms: true,
};
const signUpCompany = {
  departmentCode: '69',
  siret: '73282932000074',
  name: 'Nouvelle Usine',
  address,
  nafCode: '25.62B',
  sector: 'metallurgy',
  phone: '0478000000',
  user: { firstName: 'Inès', lastName: 'Roux', email: 'ines@nouvelle.fr' },
  password: 'Nouveau-mot-2',
  acceptTerms: true,
};
const ownEmail = (world: World, viewer: ViewerName) =>
  viewer === 'visitor' ? 'personne@exemple.fr' : world.emails[viewer];

const ROWS: Row[] = [
  // Queries
  { operation: 'me', query: '{ me { id } }', expect: { ...all('ok'), visitor: 'null' } },
  {
    operation: 'pendingCompanies',
    query: '{ pendingCompanies { id } }',
    expect: allow(operators('ok', 'empty')),
  },
  {
    operation: 'myCompany',
    query: '{ myCompany { id } }',
    expect: { ...all('null'), recruiterA: 'ok', recruiterB: 'ok', pendingRecruiter: 'ok' },
  },
  {
    operation: 'refreshToken',
    query: '{ refreshToken(refreshToken: "inventé") { accessToken } }',
    expect: all('UNAUTHENTICATED'),
  },
  {
    operation: 'companyIdentity',
    query: '{ companyIdentity(siret: "73282932000074") { siret } }',
    expect: all('ok'),
  },
  {
    operation: 'communesOfPostcode',
    query: '{ communesOfPostcode(postcode: "69002") { city } }',
    expect: all('ok'),
  },
  {
    operation: 'addressSuggestions',
    query: '{ addressSuggestions(query: "Lyon") { city } }',
    expect: all('ok'),
  },
  { operation: 'jobs', query: '{ jobs { label } }', expect: all('ok') },
  {
    operation: 'myMeetings',
    query: '{ myMeetings { id } }',
    expect: allow(teachers(), recruiters(), {
      teacherB: 'empty',
      recruiterB: 'empty',
      pendingRecruiter: 'empty',
    }),
  },
  {
    operation: 'meeting',
    query: 'query ($id: ID!) { meeting(id: $id) { id } }',
    variables: (w) => ({ id: w.meetingA }),
    expect: {
      ...all('null'),
      visitor: 'UNAUTHENTICATED',
      teacherA: 'ok',
      recruiterA: 'ok',
      ...operators('ok', 'null'),
    },
  },
  {
    operation: 'hasCalendarFeed',
    query: '{ hasCalendarFeed }',
    expect: allow(teachers(), recruiters()),
  },
  { operation: 'searchCompanies', query: '{ searchCompanies(input: {}) { total } }', expect: all('ok') },
  {
    operation: 'searchCompanies',
    name: 'the next slot’s date, for those who may see the company’s dates',
    query: '{ searchCompanies(input: {}) { items { id nextSlotAt } } }',
    pick: (data, w) =>
      (data.searchCompanies as { items: { id: string; nextSlotAt: string | null }[] }).items.find(
        (item) => item.id === String(w.companyA),
      )?.nextSlotAt ?? null,
    expect: {
      ...all('ok'),
      visitor: 'null',
      recruiterB: 'null',
      pendingRecruiter: 'null',
      otherOperator: 'null',
    },
  },
  {
    operation: 'company',
    name: 'a company awaiting validation',
    query: 'query ($id: ID!) { company(id: $id) { id name } }',
    variables: (w) => ({ id: w.pendingCompany }),
    expect: { ...all('null'), pendingRecruiter: 'ok', ...operators('ok', 'null') },
  },
  {
    operation: 'company',
    name: 'whom to reach at a company',
    query: 'query ($id: ID!) { company(id: $id) { contact { email } } }',
    variables: (w) => ({ id: w.companyA }),
    pick: (data) => (data.company as { contact: unknown }).contact,
    expect: { ...all('null'), recruiterA: 'ok', ...operators('ok', 'null') },
  },
  {
    operation: 'company',
    name: 'a company’s slots with their dates',
    query: 'query ($id: ID!) { company(id: $id) { slots { id } } }',
    variables: (w) => ({ id: w.companyA }),
    pick: (data) => (data.company as { slots: unknown }).slots,
    expect: {
      ...all('empty'),
      teacherA: 'ok',
      teacherB: 'ok',
      recruiterA: 'ok',
      ...operators('ok', 'empty'),
    },
  },
  { operation: 'myFavorites', query: '{ myFavorites { id } }', expect: allow(teachers('empty')) },
  { operation: 'suggestedCompanies', query: '{ suggestedCompanies { id } }', expect: allow(teachers()) },
  { operation: 'availableSlotsCount', query: '{ availableSlotsCount }', expect: all('ok') },
  {
    operation: 'slot',
    query: 'query ($id: ID!) { slot(id: $id) { id } }',
    variables: (w) => ({ id: w.webinarA }),
    expect: { ...all('null'), teacherA: 'ok', teacherB: 'ok', recruiterA: 'ok', ...operators('ok', 'null') },
  },
  {
    operation: 'slot',
    name: 'who booked a slot',
    query: 'query ($id: ID!) { slot(id: $id) { meetings { id } } }',
    variables: (w) => ({ id: w.webinarA }),
    pick: (data) => (data.slot as { meetings: unknown } | null)?.meetings ?? null,
    expect: {
      ...all('null'),
      teacherA: 'empty',
      teacherB: 'empty',
      recruiterA: 'ok',
      ...operators('ok', 'null'),
    },
  },
  {
    operation: 'slot',
    name: 'a webinar’s external link',
    query: 'query ($id: ID!) { slot(id: $id) { videoLink } }',
    variables: (w) => ({ id: w.webinarA }),
    pick: (data) => (data.slot as { videoLink: unknown } | null)?.videoLink ?? null,
    expect: { ...all('null'), teacherA: 'ok', recruiterA: 'ok', ...operators('ok', 'null') },
  },
  {
    operation: 'slot',
    name: 'a slot of a company awaiting validation',
    query: 'query ($id: ID!) { slot(id: $id) { id } }',
    variables: (w) => ({ id: w.pendingSlot }),
    expect: { ...all('null'), pendingRecruiter: 'ok', ...operators('ok', 'null') },
  },
  {
    operation: 'mySlots',
    query: '{ mySlots { id } }',
    expect: allow(recruiters(), { recruiterB: 'empty' }),
  },
  {
    operation: 'slotUpdatePreview',
    query:
      'query ($id: ID!, $input: SlotInput!) { slotUpdatePreview(id: $id, input: $input) { moved changes { label } } }',
    variables: (w) => ({ id: w.visitA, input: slotInput }),
    expect: allow(ownCompanyA()),
  },
  { operation: 'departments', query: '{ departments { code } }', expect: all('ok') },
  {
    operation: 'videoRoomAccess',
    query: 'query ($id: ID!) { videoRoomAccess(slotId: $id) { token } }',
    variables: (w) => ({ id: w.webinarA }),
    expect: {
      ...all('FORBIDDEN'),
      visitor: 'UNAUTHENTICATED',
      teacherA: 'video_unavailable',
      recruiterA: 'video_unavailable',
    },
  },
  {
    operation: 'connectionTestAccess',
    name: 'anyone, logged in or not: here without LiveKit (server/connection-test/access.test.ts has it with)',
    query: 'mutation { connectionTestAccess { roomName } }',
    expect: all('video_unavailable'),
  },
  {
    operation: 'videoRoomState',
    query: 'query ($id: ID!) { videoRoomState(slotId: $id) { slotId } }',
    variables: (w) => ({ id: w.webinarA }),
    expect: allow({ recruiterA: 'video_unavailable' }),
  },

  {
    operation: 'meeting',
    name: 'its transport request: its teacher and the operators of its region, not the company',
    query: 'query ($id: ID!) { meeting(id: $id) { transportRequest { status } } }',
    variables: (w) => ({ id: w.transportMeetingA }),
    pick: (data) => (data.meeting as { transportRequest: unknown } | null)?.transportRequest ?? null,
    expect: { ...all('null'), visitor: 'UNAUTHENTICATED', teacherA: 'ok', ...operators('ok', 'null') },
  },
  {
    operation: 'feedbackReport',
    query: '{ feedbackReport { count } }',
    expect: allow(recruiters(), operators('ok', 'ok')),
  },
  {
    operation: 'feedbackReport',
    name: 'one company’s',
    query: 'query ($id: ID) { feedbackReport(companyId: $id) { count } }',
    variables: (w) => ({ id: w.companyA }),
    expect: allow(ownCompanyA(), operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'transportRequests',
    query: '{ transportRequests { id } }',
    expect: allow(operators('ok', 'empty')),
  },
  {
    operation: 'myGroups',
    query: '{ myGroups { id name encountersCount hours meetings { id } } }',
    expect: allow(teachers(), { teacherB: 'empty' }),
  },
  {
    operation: 'meeting',
    name: 'its group: its teacher alone, not the company nor the operators',
    query: 'query ($id: ID!) { meeting(id: $id) { group { id name } } }',
    variables: (w) => ({ id: w.meetingA }),
    pick: (data) => (data.meeting as { group: unknown } | null)?.group ?? null,
    expect: { ...all('null'), visitor: 'UNAUTHENTICATED', teacherA: 'ok' },
  },
  {
    operation: 'myWaitlist',
    query: '{ myWaitlist { id position } }',
    expect: allow(teachers(), { teacherB: 'empty' }),
  },
  {
    operation: 'slot',
    name: 'its waitlist’s length, for whoever sees the slot; the caller’s own entry',
    query: 'query ($id: ID!) { slot(id: $id) { waitlistLength myWaitlistEntry { id } } }',
    variables: (w) => ({ id: w.fullA }),
    pick: (data) => (data.slot as { myWaitlistEntry: unknown } | null)?.myWaitlistEntry ?? null,
    expect: { ...all('null'), teacherA: 'ok' },
  },

  {
    operation: 'contactMessages',
    query: '{ contactMessages { id } }',
    expect: allow(operators('ok', 'empty')),
  },
  {
    operation: 'contactMessage',
    query: 'query ($id: ID!) { contactMessage(id: $id) { id message } }',
    variables: (w) => ({ id: w.contactA }),
    expect: allow(operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'adminCompanies',
    query: '{ adminCompanies(text: "A") { total items { id } } }',
    pick: (data) => (data.adminCompanies as { items: unknown[] }).items,
    expect: allow(operators('ok', 'empty')),
  },
  {
    operation: 'statistics',
    query: '{ statistics { bookings meetingsHeld } }',
    expect: allow(operators('ok', 'ok')),
  },
  {
    operation: 'statistics',
    name: 'the Rhône’s, refused to another region’s operator',
    query: '{ statistics(departmentCode: "69") { bookings meetingsHeld } }',
    expect: allow(operators('ok', 'BAD_USER_INPUT')),
  },
  { operation: 'operators', query: '{ operators { id } }', expect: allow({ admin: 'ok' }) },
  {
    operation: 'operations',
    name: 'the national administrators’ alone: nothing exists for anyone else',
    query: '{ operations { backlog { topic } failed { id } jobs { name } databaseBytes mailTransportOk } }',
    expect: { ...all('NOT_FOUND'), admin: 'ok' },
  },
  {
    operation: 'partnerKeys',
    name: 'the national administrators’ alone: nothing exists for anyone else',
    query: '{ partnerKeys { id name } }',
    expect: { ...all('NOT_FOUND'), admin: 'ok' },
  },
  // A partner key's reads: no person may call them, whoever they are (server/partners/partners.test.ts).
  {
    operation: 'partnerSlots',
    query: '{ partnerSlots { total } }',
    expect: { ...all('FORBIDDEN'), visitor: 'UNAUTHENTICATED' },
  },
  {
    operation: 'partnerCompanies',
    query: '{ partnerCompanies { total } }',
    expect: { ...all('FORBIDDEN'), visitor: 'UNAUTHENTICATED' },
  },
  {
    operation: 'partnerStatistics',
    query: '{ partnerStatistics { bookings } }',
    expect: { ...all('FORBIDDEN'), visitor: 'UNAUTHENTICATED' },
  },
  {
    operation: 'myWebhookEndpoints',
    name: 'a partner key’s (its Bearer, issue 37): no person has endpoints',
    query: '{ myWebhookEndpoints { id } }',
    expect: allow(),
  },
  {
    operation: 'faqEntries',
    name: 'a teachers’ question, read by teachers and operators only',
    query: '{ faqEntries { id } }',
    expect: { ...all('empty'), ...teachers(), ...operators('ok', 'ok') },
  },

  // Mutations
  {
    operation: 'submitFeedback',
    query:
      'mutation ($id: ID!) { submitFeedback(input: { meetingId: $id, organisation: 4, matching: 3, engagement: 4 }) { id } }',
    variables: (w) => ({ id: w.doneA }),
    mutates: true,
    expect: allow({ teacherA: 'ok', teacherB: 'NOT_FOUND' }),
  },
  {
    operation: 'markAbsent',
    query: 'mutation ($id: ID!) { markAbsent(meetingId: $id) { id absent } }',
    variables: (w) => ({ id: w.doneA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'requestTransportHelp',
    query:
      'mutation ($id: ID!, $a: AddressInput!) { requestTransportHelp(input: { meetingId: $id, groupSize: 5, departureAddress: $a }) { id } }',
    variables: (w) => ({ id: w.visitMeetingA, a: address }),
    mutates: true,
    expect: allow({ teacherA: 'ok', teacherB: 'NOT_FOUND' }),
  },
  {
    operation: 'answerTransportRequest',
    query:
      'mutation ($id: ID!) { answerTransportRequest(id: $id, status: accepted, answer: "Un car à 8 h") { id } }',
    variables: (w) => ({ id: w.transportA }),
    mutates: true,
    expect: allow(operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'createGroup',
    query: 'mutation { createGroup(input: { name: "1re STI2D", level: "1re" }) { id schoolYear } }',
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'updateGroup',
    query: 'mutation ($id: ID!) { updateGroup(id: $id, input: { name: "2nde 4" }) { id name } }',
    variables: (w) => ({ id: w.groupA }),
    mutates: true,
    expect: allow({ teacherA: 'ok', teacherB: 'NOT_FOUND' }),
  },
  {
    operation: 'deleteGroup',
    query: 'mutation ($id: ID!) { deleteGroup(id: $id) }',
    variables: (w) => ({ id: w.groupA }),
    mutates: true,
    expect: allow({ teacherA: 'ok', teacherB: 'NOT_FOUND' }),
  },
  {
    operation: 'assignMeetingToGroup',
    query: 'mutation ($id: ID!) { assignMeetingToGroup(meetingId: $id, groupId: null) { id } }',
    variables: (w) => ({ id: w.meetingA }),
    mutates: true,
    expect: allow({ teacherA: 'ok', teacherB: 'NOT_FOUND' }),
  },
  {
    operation: 'joinWaitlist',
    query: 'mutation ($id: ID!) { joinWaitlist(slotId: $id, groupSize: 1) { id position } }',
    variables: (w) => ({ id: w.fullA }),
    mutates: true,
    expect: allow({ teacherA: 'waitlist_already_joined', teacherB: 'ok' }),
  },
  {
    operation: 'joinWaitlist',
    name: 'a company awaiting validation’s slot does not exist for teachers',
    query: 'mutation ($id: ID!) { joinWaitlist(slotId: $id, groupSize: 1) { id } }',
    variables: (w) => ({ id: w.pendingSlot }),
    mutates: true,
    expect: allow(teachers('NOT_FOUND')),
  },
  {
    operation: 'leaveWaitlist',
    query: 'mutation ($id: ID!) { leaveWaitlist(id: $id) }',
    variables: (w) => ({ id: w.waitlistA }),
    mutates: true,
    expect: allow({ teacherA: 'ok', teacherB: 'NOT_FOUND' }),
  },
  {
    operation: 'acceptWaitlistOffer',
    query: 'mutation ($id: ID!) { acceptWaitlistOffer(id: $id, acceptCharter: true) { id } }',
    variables: (w) => ({ id: w.waitlistA }),
    mutates: true,
    expect: allow({ teacherA: 'ok', teacherB: 'NOT_FOUND' }),
  },
  {
    operation: 'signUpTeacher',
    query: 'mutation ($input: TeacherSignUpInput!) { signUpTeacher(input: $input) { token } }',
    variables: () => ({ input: signUpTeacher }),
    mutates: true,
    expect: all('ok'),
  },
  {
    operation: 'loginTeacher',
    query: `mutation { loginTeacher(email: "prof.a@lycee.fr", password: "${PASSWORD}") { token } }`,
    mutates: true,
    expect: all('ok'),
  },
  {
    operation: 'loginAdmin',
    query: `mutation { loginAdmin(email: "ops@passerelle.fr", password: "${PASSWORD}") { token } }`,
    mutates: true,
    expect: all('ok'),
  },
  {
    operation: 'loginCompany',
    query: `mutation { loginCompany(email: "rh@forges-a.fr", password: "${PASSWORD}") { token } }`,
    mutates: true,
    expect: all('ok'),
  },
  { operation: 'logout', query: 'mutation { logout }', mutates: true, expect: all('ok') },
  {
    operation: 'requestPasswordReset',
    query: 'mutation { requestPasswordReset(email: "prof.a@lycee.fr") }',
    mutates: true,
    expect: all('ok'),
  },
  {
    operation: 'resetPassword',
    query: 'mutation { resetPassword(token: "inventé", password: "Nouveau-mot-2") }',
    mutates: true,
    expect: all('invalid_password_reset_token'),
  },
  {
    operation: 'validateCompany',
    query: 'mutation ($id: ID!) { validateCompany(id: $id) { id } }',
    variables: (w) => ({ id: w.pendingCompany }),
    mutates: true,
    expect: allow(operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'refuseCompany',
    query: 'mutation ($id: ID!) { refuseCompany(id: $id, reason: "Hors champ") { id } }',
    variables: (w) => ({ id: w.pendingCompany }),
    mutates: true,
    expect: allow(operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'archiveCompany',
    query: 'mutation ($id: ID!) { archiveCompany(id: $id) { id } }',
    variables: (w) => ({ id: w.companyA }),
    mutates: true,
    expect: allow(operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'setDepartmentActive',
    query: 'mutation { setDepartmentActive(code: "38", active: true) { code } }',
    mutates: true,
    expect: allow(operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'updateMyCompanyDescription',
    query: 'mutation { updateMyCompanyDescription(input: { description: "Forge" }) { id } }',
    mutates: true,
    expect: allow(recruiters()),
  },
  {
    operation: 'updateMyCompanyAddress',
    query: 'mutation ($a: AddressInput!) { updateMyCompanyAddress(address: $a) { id } }',
    variables: () => ({ a: address }),
    mutates: true,
    expect: allow(recruiters()),
  },
  {
    operation: 'updateMyCompanyContact',
    query:
      'mutation { updateMyCompanyContact(input: { contactName: "A", contactEmail: "a@b.fr", contactPhone: "0478000000" }) { id } }',
    mutates: true,
    expect: allow(recruiters()),
  },
  {
    operation: 'updateMyCompanySize',
    query: 'mutation { updateMyCompanySize(input: { employeesCount: 12, acceptsInterns: true }) { id } }',
    mutates: true,
    expect: allow(recruiters()),
  },
  {
    operation: 'updateMyCompanyJobs',
    query: 'mutation { updateMyCompanyJobs(jobs: ["Soudeur / soudeuse"]) { id } }',
    mutates: true,
    expect: allow(recruiters()),
  },
  {
    operation: 'updateMyCompanyContactOptIn',
    query: 'mutation { updateMyCompanyContactOptIn(contactOptIn: true) { id } }',
    mutates: true,
    expect: allow(recruiters()),
  },
  // A company is a team (issue 21): its own recruiters see the team, its admins the join requests; another
  // company's recruiter acting on it is told it does not exist (a member's FORBIDDEN: teams/team.test.ts).
  {
    operation: 'company',
    name: 'team',
    query: 'query ($id: ID!) { company(id: $id) { team { id } } }',
    variables: (w) => ({ id: w.companyA }),
    pick: (data) => (data.company as { team: unknown }).team,
    expect: { ...all('empty'), recruiterA: 'ok' },
  },
  {
    operation: 'company',
    name: 'joinRequests',
    query: 'query ($id: ID!) { company(id: $id) { joinRequests { id } } }',
    variables: (w) => ({ id: w.companyA }),
    pick: (data) => (data.company as { joinRequests: unknown }).joinRequests,
    expect: { ...all('empty'), recruiterA: 'ok' },
  },
  {
    operation: 'inviteRecruiter',
    query: 'mutation { inviteRecruiter(email: "collegue@exemple.fr") }',
    mutates: true,
    expect: allow(recruiters()),
  },
  {
    operation: 'acceptRecruiterInvitation',
    query:
      'mutation ($token: String!) { acceptRecruiterInvitation(token: $token, firstName: "Léa", lastName: "Durand", password: "Nouveau-mot-2") { token } }',
    variables: (w) => ({ token: w.invitationTokenA }),
    mutates: true,
    expect: all('ok'),
  },
  {
    operation: 'acceptRecruiterInvitation',
    name: 'unknown token',
    query:
      'mutation { acceptRecruiterInvitation(token: "inventé", firstName: "Léa", lastName: "Durand", password: "Nouveau-mot-2") { token } }',
    expect: all('invitation_invalid'),
  },
  {
    operation: 'requestToJoinCompany',
    query: 'mutation ($input: JoinRequestInput!) { requestToJoinCompany(input: $input) }',
    variables: (w) => ({
      input: {
        siret: w.siretA,
        firstName: 'Noé',
        lastName: 'Petit',
        email: 'nouveau.venu@forges-a.fr',
        password: 'Nouveau-mot-2',
        acceptTerms: true,
      },
    }),
    mutates: true,
    expect: all('ok'),
  },
  {
    operation: 'answerJoinRequest',
    query: 'mutation ($id: ID!) { answerJoinRequest(id: $id, accept: false) }',
    variables: (w) => ({ id: w.joinRequestA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'setRecruiterRole',
    query: 'mutation ($id: ID!) { setRecruiterRole(userId: $id, role: admin) { id } }',
    variables: (w) => ({ id: w.memberA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'withdrawRecruiterInvitation',
    query: 'mutation ($id: ID!) { withdrawRecruiterInvitation(id: $id) }',
    variables: (w) => ({ id: w.invitationA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'removeRecruiter',
    query: 'mutation ($id: ID!) { removeRecruiter(userId: $id) }',
    variables: (w) => ({ id: w.memberA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'signUpCompany',
    query: 'mutation ($input: CompanySignUpInput!) { signUpCompany(input: $input) { id } }',
    variables: () => ({ input: signUpCompany }),
    mutates: true,
    expect: all('ok'),
  },
  {
    operation: 'contactCompany',
    query: 'mutation ($id: ID!) { contactCompany(companyId: $id, message: "Bonjour, une visite ?") }',
    variables: (w) => ({ id: w.companyB }),
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'contactCompany',
    name: 'a company awaiting validation',
    query: 'mutation ($id: ID!) { contactCompany(companyId: $id, message: "Bonjour, une visite ?") }',
    variables: (w) => ({ id: w.pendingCompany }),
    mutates: true,
    expect: allow(teachers('NOT_FOUND')),
  },
  {
    operation: 'sendContactMessage',
    query:
      'mutation { sendContactMessage(input: { subject: account, message: "Je ne peux plus me connecter." }) }',
    mutates: true,
    expect: { ...all('ok'), visitor: 'UNAUTHENTICATED' },
  },
  {
    operation: 'retryFailedDelivery',
    query: 'mutation ($id: ID!) { retryFailedDelivery(id: $id) }',
    variables: (w) => ({ id: w.failedDelivery }),
    mutates: true,
    expect: { ...all('NOT_FOUND'), admin: 'ok' },
  },
  {
    operation: 'createPartnerKey',
    query:
      'mutation { createPartnerKey(input: { name: "Région", contactEmail: "api@region.fr", scopes: [slots_read] }) { secret } }',
    mutates: true,
    expect: { ...all('NOT_FOUND'), admin: 'ok' },
  },
  {
    operation: 'revokePartnerKey',
    query: 'mutation ($id: ID!) { revokePartnerKey(id: $id) { revokedAt } }',
    variables: (w) => ({ id: w.partnerKey }),
    mutates: true,
    expect: { ...all('NOT_FOUND'), admin: 'ok' },
  },
  {
    operation: 'createWebhookEndpoint',
    name: 'a partner key’s: no person registers one',
    query:
      'mutation { createWebhookEndpoint(url: "https://hooks.region.example/in", events: [meeting_booked]) { signingSecret } }',
    mutates: true,
    expect: allow(),
  },
  {
    operation: 'deleteWebhookEndpoint',
    name: 'a partner key’s: no person deletes one',
    query: 'mutation { deleteWebhookEndpoint(id: 1) }',
    mutates: true,
    expect: allow(),
  },
  {
    operation: 'redeliverWebhook',
    name: 'a partner key’s own, or any for a national administrator',
    query: 'mutation ($id: ID!) { redeliverWebhook(deliveryId: $id) }',
    variables: (w) => ({ id: w.webhookDelivery }),
    mutates: true,
    expect: allow({ admin: 'ok' }),
  },
  {
    operation: 'updateContactMessage',
    query:
      'mutation ($id: ID!) { updateContactMessage(id: $id, status: in_progress, answer: "Voici la marche à suivre.") { id } }',
    variables: (w) => ({ id: w.contactA }),
    mutates: true,
    expect: allow(operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'addCompanyDocument',
    query: 'mutation ($file: Upload!) { addCompanyDocument(file: $file, title: "Plan") { id } }',
    upload: true,
    mutates: true,
    expect: allow(recruiters()),
  },
  {
    operation: 'removeCompanyDocument',
    query: 'mutation ($id: ID!) { removeCompanyDocument(id: $id) }',
    variables: (w) => ({ id: w.documentA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'myCompanyNews',
    query: '{ myCompanyNews { id } }',
    expect: allow(recruiters('empty'), { recruiterA: 'ok' }),
  },
  {
    operation: 'createCompanyNews',
    query:
      'mutation { createCompanyNews(input: { title: "Portes ouvertes", body: "Venez nous voir.", publishedOn: "2026-03-12" }) { id } }',
    mutates: true,
    expect: allow(recruiters()),
  },
  {
    operation: 'updateCompanyNews',
    query:
      'mutation ($id: ID!) { updateCompanyNews(id: $id, input: { title: "Journée", body: "Venez.", publishedOn: "2026-03-12" }) { id } }',
    variables: (w) => ({ id: w.newsA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'deleteCompanyNews',
    query: 'mutation ($id: ID!) { deleteCompanyNews(id: $id) }',
    variables: (w) => ({ id: w.newsA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'uploadTeacherDocument',
    query: 'mutation ($file: Upload!) { uploadTeacherDocument(file: $file, title: "Projet") { id } }',
    upload: true,
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'removeTeacherDocument',
    query: 'mutation ($id: ID!) { removeTeacherDocument(id: $id) }',
    variables: (w) => ({ id: w.teacherDocumentA }),
    mutates: true,
    expect: allow({ teacherA: 'ok', teacherB: 'NOT_FOUND' }),
  },
  {
    operation: 'meeting',
    name: 'a teacher’s documents: the teacher, the companies they booked with, the operators of their region',
    query: 'query ($id: ID!) { meeting(id: $id) { teacher { documents { id } } } }',
    variables: (w) => ({ id: w.meetingA }),
    pick: (data) => (data.meeting as { teacher: { documents: unknown } } | null)?.teacher.documents ?? null,
    expect: {
      ...all('null'),
      visitor: 'UNAUTHENTICATED',
      teacherA: 'ok',
      recruiterA: 'ok',
      ...operators('ok', 'null'),
    },
  },
  {
    operation: 'slot',
    name: 'a slot’s documents: its company, the operators, its booked teachers',
    query: 'query ($id: ID!) { slot(id: $id) { documents { id } } }',
    variables: (w) => ({ id: w.webinarA }),
    pick: (data) => (data.slot as { documents: unknown } | null)?.documents ?? null,
    expect: {
      ...all('null'),
      teacherA: 'ok',
      teacherB: 'empty',
      recruiterA: 'ok',
      ...operators('ok', 'null'),
    },
  },
  {
    operation: 'addSlotDocument',
    query:
      'mutation ($id: ID!, $file: Upload!) { addSlotDocument(slotId: $id, file: $file, title: "Consignes") { id } }',
    variables: (w) => ({ id: w.visitA }),
    upload: true,
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'removeSlotDocument',
    query: 'mutation ($id: ID!) { removeSlotDocument(id: $id) }',
    variables: (w) => ({ id: w.slotDocumentA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'setCompanyPicture',
    query: 'mutation ($file: Upload!) { setCompanyPicture(file: $file) { pictureUrl } }',
    upload: () => new File([tinyPng()], 'logo.png', { type: 'image/png' }),
    mutates: true,
    expect: allow(recruiters()),
  },
  {
    operation: 'bookSlot',
    query:
      'mutation ($id: ID!) { bookSlot(input: { slotId: $id, participantsCount: 2, publicCategory: highSchool, acceptCharter: true }) { id } }',
    variables: (w) => ({ id: w.visitA }),
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'bookSlot',
    name: 'a slot of a company awaiting validation',
    query:
      'mutation ($id: ID!) { bookSlot(input: { slotId: $id, participantsCount: 2, publicCategory: highSchool, acceptCharter: true }) { id } }',
    variables: (w) => ({ id: w.pendingSlot }),
    mutates: true,
    expect: allow(teachers('NOT_FOUND')),
  },
  {
    operation: 'cancelMeeting',
    query: 'mutation ($id: ID!) { cancelMeeting(id: $id) { id } }',
    variables: (w) => ({ id: w.meetingA }),
    mutates: true,
    expect: allow({ teacherA: 'ok', teacherB: 'NOT_FOUND' }, ownCompanyA()),
  },
  {
    operation: 'changeBooking',
    query:
      'mutation ($id: ID!) { changeBooking(id: $id, input: { message: "Nous serons à l’heure." }) { id } }',
    variables: (w) => ({ id: w.meetingA }),
    mutates: true,
    expect: allow({ teacherA: 'ok', teacherB: 'NOT_FOUND' }),
  },
  {
    operation: 'confirmMeetingFromLink',
    name: 'the signed link is the authority: whoever holds it, no login',
    query: 'mutation ($token: String!) { confirmMeetingFromLink(token: $token) { confirmedAt } }',
    variables: (w) => ({ token: w.confirmLinkA }),
    mutates: true,
    expect: all('ok'),
  },
  {
    operation: 'confirmMeetingFromLink',
    name: 'a made-up token',
    query: 'mutation { confirmMeetingFromLink(token: "inventé.faux") { confirmedAt } }',
    mutates: true,
    expect: all('invalid_link'),
  },
  {
    operation: 'releaseMeetingFromLink',
    name: 'the signed link is the authority: whoever holds it, no login',
    query: 'mutation ($token: String!) { releaseMeetingFromLink(token: $token) }',
    variables: (w) => ({ token: w.releaseLinkA }),
    mutates: true,
    expect: all('ok'),
  },
  {
    operation: 'releaseMeetingFromLink',
    name: 'a « Je confirme » token',
    query: 'mutation ($token: String!) { releaseMeetingFromLink(token: $token) }',
    variables: (w) => ({ token: w.confirmLinkA }),
    mutates: true,
    expect: all('link_wrong_purpose'),
  },
  {
    operation: 'keepMeeting',
    query: 'mutation ($id: ID!) { keepMeeting(id: $id) { id } }',
    variables: (w) => ({ id: w.meetingA }),
    mutates: true,
    expect: allow(teachers(), { teacherB: 'NOT_FOUND' }),
  },
  {
    operation: 'requestAccountDeletion',
    query: `mutation { requestAccountDeletion(password: "${PASSWORD}") }`,
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'updateMyPublicProfile',
    query: 'mutation { updateMyPublicProfile(input: { firstName: "Léa", lastName: "Durand" }) { id } }',
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'updateMyContact',
    name: 'the phone (a recruiter acts on the recruitment site: its token is needed)',
    query:
      'mutation ($email: String!) { updateMyContact(input: { email: $email, phone: "0611223344" }) { id } }',
    variables: (w, viewer) => ({ email: ownEmail(w, viewer) }),
    mutates: true,
    expect: allow(teachers(), recruiters('missing_lir_token')),
  },
  {
    operation: 'confirmEmailChange',
    query: 'mutation { confirmEmailChange(token: "inventé") }',
    mutates: true,
    expect: all('BAD_USER_INPUT'),
  },
  {
    operation: 'changeMyPassword',
    name: 'a recruiter acts on the recruitment site: its token is needed',
    query: `mutation { changeMyPassword(currentPassword: "${PASSWORD}", newPassword: "Nouveau-mot-2") }`,
    mutates: true,
    expect: allow(teachers(), recruiters('missing_lir_token'), operators('ok', 'ok')),
  },
  {
    operation: 'updateMyName',
    query: 'mutation { updateMyName(input: { firstName: "Léa", lastName: "Durand" }) { id } }',
    mutates: true,
    expect: allow(teachers(), recruiters()),
  },
  {
    operation: 'updateMyEstablishment',
    query:
      'mutation ($a: AddressInput!) { updateMyEstablishment(input: { name: "Lycée B", type: "Lycée professionnel", address: $a, schoolLevels: [lycee] }) { id } }',
    variables: () => ({ a: address }),
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'updateMyCriteria',
    query: 'mutation { updateMyCriteria(input: { sectors: [metallurgy], jobs: [] }) { id } }',
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'updateMyPreferences',
    query:
      'mutation { updateMyPreferences(input: { useEstablishmentAddress: true, weeklyMail: true }) { id } }',
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'createCalendarFeed',
    query: 'mutation { createCalendarFeed }',
    mutates: true,
    expect: allow(teachers(), recruiters()),
  },
  {
    operation: 'revokeCalendarFeed',
    query: 'mutation { revokeCalendarFeed }',
    mutates: true,
    expect: allow(teachers(), recruiters()),
  },
  {
    operation: 'addFavorite',
    query: 'mutation ($id: ID!) { addFavorite(companyId: $id) { id } }',
    variables: (w) => ({ id: w.companyA }),
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'addFavorite',
    name: 'a company awaiting validation',
    query: 'mutation ($id: ID!) { addFavorite(companyId: $id) { id name } }',
    variables: (w) => ({ id: w.pendingCompany }),
    mutates: true,
    expect: allow(teachers('NOT_FOUND')),
  },
  {
    operation: 'removeFavorite',
    query: 'mutation ($id: ID!) { removeFavorite(companyId: $id) { id } }',
    variables: (w) => ({ id: w.companyA }),
    mutates: true,
    expect: allow(teachers()),
  },
  {
    operation: 'removeFavorite',
    name: 'a company awaiting validation',
    query: 'mutation ($id: ID!) { removeFavorite(companyId: $id) { id name siret phone } }',
    variables: (w) => ({ id: w.pendingCompany }),
    mutates: true,
    expect: allow(teachers('NOT_FOUND')),
  },
  {
    operation: 'createSlot',
    query: 'mutation ($input: SlotInput!) { createSlot(input: $input) { id } }',
    variables: () => ({ input: slotInput }),
    mutates: true,
    expect: allow(recruiters()),
  },
  {
    operation: 'updateSlot',
    query: 'mutation ($id: ID!, $input: SlotInput!) { updateSlot(id: $id, input: $input) { id } }',
    variables: (w) => ({ id: w.visitA, input: slotInput }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'deleteSlot',
    query: 'mutation ($id: ID!) { deleteSlot(id: $id) }',
    variables: (w) => ({ id: w.visitA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  // The room's host controls: the slot's company alone (FORBIDDEN to its booked teacher too); this
  // webinar has an external link, so the host is told there is no room here.
  ...(
    [
      ['openVideoRoom', 'mutation ($id: ID!) { openVideoRoom(slotId: $id) { slotId } }'],
      ['endMeeting', 'mutation ($id: ID!) { endMeeting(slotId: $id) }'],
      ['bringToStage', 'mutation ($id: ID!, $user: ID!) { bringToStage(slotId: $id, userId: $user) }'],
      [
        'sendBackToAudience',
        'mutation ($id: ID!, $user: ID!) { sendBackToAudience(slotId: $id, userId: $user) }',
      ],
      ['muteParticipant', 'mutation ($id: ID!, $user: ID!) { muteParticipant(slotId: $id, userId: $user) }'],
      [
        'removeParticipant',
        'mutation ($id: ID!, $user: ID!) { removeParticipant(slotId: $id, userId: $user) }',
      ],
    ] as const
  ).map(
    ([operation, query]): Row => ({
      operation,
      query,
      variables: (w) => ({ id: w.webinarA, user: w.teacherAId }),
      mutates: true,
      expect: allow({ recruiterA: 'video_unavailable' }),
    }),
  ),
  {
    operation: 'lowerHand',
    name: 'teacher A’s hand: the host, or teacher A themselves',
    query: 'mutation ($id: ID!, $user: ID!) { lowerHand(slotId: $id, userId: $user) }',
    variables: (w) => ({ id: w.webinarA, user: w.teacherAId }),
    mutates: true,
    expect: allow({ recruiterA: 'video_unavailable', teacherA: 'video_unavailable' }),
  },
  // A class's own hand: the teachers booked on the slot; again no room behind this external link.
  {
    operation: 'raiseHand',
    query: 'mutation ($id: ID!) { raiseHand(slotId: $id) }',
    variables: (w) => ({ id: w.webinarA }),
    mutates: true,
    expect: allow({ teacherA: 'video_unavailable' }),
  },
  {
    operation: 'lowerHand',
    name: 'one’s own hand',
    query: 'mutation ($id: ID!) { lowerHand(slotId: $id) }',
    variables: (w) => ({ id: w.webinarA }),
    mutates: true,
    expect: allow({ teacherA: 'video_unavailable' }),
  },
  {
    operation: 'duplicateSlot',
    query: 'mutation ($id: ID!) { duplicateSlot(id: $id, dates: ["2026-03-27"]) { id } }',
    variables: (w) => ({ id: w.visitA }),
    mutates: true,
    expect: allow(ownCompanyA()),
  },
  {
    operation: 'restoreCompany',
    query: 'mutation ($id: ID!) { restoreCompany(id: $id) { id } }',
    variables: (w) => ({ id: w.archivedCompany }),
    mutates: true,
    expect: allow(operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'inviteOperator',
    query: 'mutation { inviteOperator(email: "cst@bretagne.fr", scope: regional, regionCode: "08") }',
    mutates: true,
    expect: allow({ admin: 'ok' }),
  },
  {
    operation: 'removeOperator',
    query: 'mutation ($id: ID!) { removeOperator(id: $id) }',
    variables: (w) => ({ id: w.otherOperatorId }),
    mutates: true,
    expect: allow({ admin: 'ok' }),
  },
  {
    operation: 'sendAccessLink',
    query: 'mutation ($id: ID!) { sendAccessLink(userId: $id) }',
    variables: (w) => ({ id: w.teacherBId }),
    mutates: true,
    expect: allow(operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'anonymiseTeacher',
    query: 'mutation ($id: ID!) { anonymiseTeacher(userId: $id) }',
    variables: (w) => ({ id: w.teacherBId }),
    mutates: true,
    expect: allow(operators('ok', 'NOT_FOUND')),
  },
  {
    operation: 'upsertFaqEntry',
    query:
      'mutation ($id: ID) { upsertFaqEntry(input: { id: $id, question: "Q ?", answer: "R.", audience: teacher }) { id } }',
    variables: (w) => ({ id: w.faqEntry }),
    mutates: true,
    expect: allow({ admin: 'ok' }),
  },
  {
    operation: 'deleteFaqEntry',
    query: 'mutation ($id: ID!) { deleteFaqEntry(id: $id) }',
    variables: (w) => ({ id: w.faqEntry }),
    mutates: true,
    expect: allow({ admin: 'ok' }),
  },
  {
    operation: 'upsertArticle',
    query:
      'mutation ($id: ID) { upsertArticle(input: { id: $id, title: "Titre", body: "Texte", published: true }) { id } }',
    variables: (w) => ({ id: w.article }),
    mutates: true,
    expect: allow({ admin: 'ok' }),
  },
  {
    operation: 'deleteArticle',
    query: 'mutation ($id: ID!) { deleteArticle(id: $id) }',
    variables: (w) => ({ id: w.article }),
    mutates: true,
    expect: allow({ admin: 'ok' }),
  },
];

type Answer = { data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] };

function outcomeOf(answer: Answer, row: Row, world: World): Outcome {
  const code = answer.errors?.[0]?.extensions?.code;
  if (code) return code;
  if (answer.errors?.length) return 'error without a code';
  const data = answer.data ?? {};
  const value = row.pick ? row.pick(data, world) : data[row.operation];
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value) && value.length === 0) return 'empty';
  return 'ok';
}

const ORIGIN = 'http://localhost:3000';

async function call(
  app: Awaited<ReturnType<typeof createTestApp>>['app'],
  row: Row,
  world: World,
  viewer: ViewerName,
) {
  const headers: Record<string, string> =
    viewer === 'visitor' ? {} : { authorization: `Bearer ${world.tokens[viewer]}` };
  const variables = row.variables?.(world, viewer) ?? {};
  let body: BodyInit;
  if (row.upload) {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: row.query, variables: { ...variables, file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set(
      '0',
      typeof row.upload === 'function'
        ? row.upload()
        : new File([tinyPdf('Plan', ['Accès.'])], 'plan.pdf', { type: 'application/pdf' }),
    );
    body = form;
    headers.origin = ORIGIN;
  } else {
    body = JSON.stringify({ query: row.query, variables });
    headers['content-type'] = 'application/json';
  }
  const response = await app.request('/graphql', { method: 'POST', headers, body });
  return (await response.json()) as Answer;
}

describe('the authorization matrix', () => {
  let dir: string;
  let template: string;
  let world: World;
  let shared: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    const builder = await createTestApp();
    world = await buildWorld(builder);
    await builder.db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
    dir = mkdtempSync(join(tmpdir(), 'passerelle-matrix-'));
    template = join(dir, 'world.db');
    copyFileSync(builder.deps.config.DATABASE_URL.replace(/^file:/, ''), template);
    builder.close();
    shared = await createTestApp({ copyOf: template });
  });
  afterAll(() => {
    shared?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has a row for every query and mutation of the API', () => {
    const covered = new Set(ROWS.map((row) => row.operation));
    const operations = [
      ...Object.keys(schema.getQueryType()?.getFields() ?? {}),
      ...Object.keys(schema.getMutationType()?.getFields() ?? {}),
    ];
    expect(operations.filter((operation) => !covered.has(operation))).toEqual([]);
  });

  for (const row of ROWS) {
    it(`${row.operation}${row.name ? ` — ${row.name}` : ''}`, async () => {
      const outcomes = {} as Record<ViewerName, Outcome>;
      for (const viewer of VIEWERS) {
        if (!row.mutates) {
          outcomes[viewer] = outcomeOf(await call(shared.app, row, world, viewer), row, world);
          continue;
        }
        const fresh = await createTestApp({ copyOf: template });
        try {
          outcomes[viewer] = outcomeOf(await call(fresh.app, row, world, viewer), row, world);
        } finally {
          fresh.close();
        }
      }
      expect(outcomes).toEqual(row.expect);
    });
  }

  it('says nothing of what it refuses: a refused cell carries no data', async () => {
    const answer = await call(
      shared.app,
      ROWS.find((row) => row.operation === 'company') as Row,
      world,
      'teacherA',
    );
    expect(JSON.stringify(answer)).not.toContain('Attente P');
    // The pending company's own recruiter does see it: the refusal above is the rule, not a failure.
    expect(
      JSON.stringify(
        await call(
          shared.app,
          ROWS.find((row) => row.operation === 'company') as Row,
          world,
          'pendingRecruiter',
        ),
      ),
    ).toContain('Attente P');
  });
});
