import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../common/contact.ts';
import { auditLog, contactMessages, establishments } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser, loginAs } from '../../tests/fixtures/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SEND = 'mutation ($input: ContactMessageInput!) { sendContactMessage(input: $input) }';
const LIST = `query ($status: ContactMessageStatus) {
  contactMessages(status: $status) {
    id subject subjectLabel message status senderName senderEmail senderRole organisation departmentCode regionCode answer
  }
}`;
const ONE = 'query ($id: ID!) { contactMessage(id: $id) { id status answer answeredAt } }';
const UPDATE = `mutation ($id: ID!, $status: ContactMessageStatus, $answer: String) {
  updateContactMessage(id: $id, status: $status, answer: $answer) { id status answer answeredAt }
}`;
const MESSAGE = 'Bonjour, je ne retrouve plus la réservation de ma classe de 3e pour jeudi.';

let t: TestApp;
let tokens: Record<
  'teacher' | 'recruiter' | 'national' | 'aura' | 'idf' | 'otherTeacher' | 'parisRecruiter',
  string
>;

const codeOf = (answer: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  answer.errors?.[0]?.extensions?.code ?? 'ok';
const send = (token: string | undefined, input: Record<string, unknown> = {}) =>
  t.graphql(SEND, { input: { subject: 'booking', message: MESSAGE, ...input } }, token ? { token } : {});
async function delivered() {
  await t.deps.outbox.wake();
  const messages = [...t.mail.messages];
  t.mail.messages.length = 0;
  return messages;
}
async function onlyMessageId(): Promise<string> {
  const [row] = await t.db.select().from(contactMessages);
  if (!row) throw new Error('no message stored');
  return String(row.id);
}

beforeEach(async () => {
  t = await createTestApp();
  const [school] = await t.db
    .insert(establishments)
    .values({ name: 'Collège Louise Michel', type: 'Collège', departmentCode: '69', zipcode: '69200' })
    .returning();
  const teacher = await insertUser(t.db, {
    kind: 'teacher',
    email: 'ines@college.example',
    firstName: 'Inès',
    lastName: 'Durand',
    profileType: 'teacher',
    establishmentId: school?.id ?? null,
    departmentCode: '69',
  });
  const parisCompany = await insertCompany(t.db, {
    name: 'Ateliers de Paris',
    departmentCode: '75',
    zipcode: '75011',
    city: 'Paris',
  });
  const lyonCompany = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
  const user = async (overrides: Parameters<typeof insertUser>[1]) =>
    loginAs(t.db, (await insertUser(t.db, overrides)).id);
  tokens = {
    teacher: await loginAs(t.db, teacher.id),
    otherTeacher: await user({ kind: 'teacher', departmentCode: '69' }),
    recruiter: await user({
      kind: 'recruiter',
      email: 'rh@forges.example',
      companyId: lyonCompany.id,
      jobTitle: 'Responsable RH',
    }),
    parisRecruiter: await user({
      kind: 'recruiter',
      email: 'rh@ateliers.example',
      companyId: parisCompany.id,
    }),
    national: await user({ kind: 'admin', email: 'ops@passerelle.example', firstName: 'Odile' }),
    // The Rhône (69) is in Auvergne-Rhône-Alpes (06); Paris in Île-de-France (13).
    aura: await user({ kind: 'admin', email: 'cst@aura.example', firstName: 'Claire', operatorRegion: '06' }),
    idf: await user({ kind: 'admin', email: 'cst@idf.example', firstName: 'Paul', operatorRegion: '13' }),
  };
});
afterEach(() => t.close());

describe('sendContactMessage', () => {
  it('keeps the message with its sender and region, e-mails the region’s operators and acknowledges it to the sender', async () => {
    const answer = await send(tokens.teacher);
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toEqual({ sendContactMessage: true });
    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({
      companyId: null,
      name: 'Inès Durand',
      email: 'ines@college.example',
      subject: 'booking',
      body: MESSAGE,
      senderRole: 'Enseignant ou enseignante',
      organisation: 'Collège Louise Michel',
      departmentCode: '69',
      regionCode: '06',
      status: 'new',
      answer: null,
    });
    const mails = await delivered();
    expect(mails.map((mail) => mail.to).sort()).toEqual(['cst@aura.example', 'ines@college.example']);
    const toOperator = mails.find((mail) => mail.to === 'cst@aura.example');
    expect(toOperator?.subject).toBe('Message via le formulaire de contact : Une réservation — Inès Durand');
    expect(toOperator?.text).toContain('Inès Durand, Enseignant ou enseignante (Collège Louise Michel)');
    expect(toOperator?.text).toContain(MESSAGE);
    expect(toOperator?.text).toContain(`http://localhost:3000/admin/contact/${row?.id}`);
    const ack = mails.find((mail) => mail.to === 'ines@college.example');
    expect(ack?.subject).toBe('Nous avons bien reçu votre message : Une réservation');
    expect(ack?.text).toContain(MESSAGE);
  });

  it('routes a recruiter’s message to their company’s region, and to the national administrators where a region has no operator', async () => {
    expect(codeOf(await send(tokens.parisRecruiter, { subject: 'company' }))).toBe('ok');
    expect((await delivered()).map((mail) => mail.to).sort()).toEqual([
      'cst@idf.example',
      'rh@ateliers.example',
    ]);
    const martinique = await insertCompany(t.db, { name: 'Rhum', departmentCode: '972', zipcode: '97200' });
    const token = await loginAs(
      t.db,
      (await insertUser(t.db, { kind: 'recruiter', companyId: martinique.id })).id,
    );
    expect(codeOf(await send(token, { subject: 'technical' }))).toBe('ok');
    const mails = await delivered();
    expect(
      mails.map((mail) => mail.to).filter((to) => to.includes('passerelle') || to.includes('cst')),
    ).toEqual(['ops@passerelle.example']);
    const rows = await t.db.select().from(contactMessages);
    expect(rows.map((row) => [row.departmentCode, row.organisation])).toEqual([
      ['75', 'Ateliers de Paris'],
      ['972', 'Rhum'],
    ]);
  });

  it('refuses a visitor, and bad input with a French message per field, storing and sending nothing', async () => {
    expect(codeOf(await send(undefined))).toBe('UNAUTHENTICATED');
    const short = await send(tokens.teacher, { message: '  Aidez   ' });
    expect(short.errors?.[0]?.extensions?.fields).toEqual({ message: CONTACT_MESSAGES.tooShort });
    const long = await send(tokens.teacher, { message: 'x'.repeat(2001) });
    expect(long.errors?.[0]?.extensions?.fields).toEqual({ message: '2000 caractères au maximum' });
    const empty = await send(tokens.teacher, { message: '' });
    expect(empty.errors?.[0]?.extensions?.fields).toEqual({ message: 'Ce champ est requis' });
    const subject = await send(tokens.teacher, { subject: 'love' });
    expect(codeOf(subject)).not.toBe('ok');
    expect(await t.db.select().from(contactMessages)).toEqual([]);
    expect(await delivered()).toEqual([]);
  });

  it('takes 5 messages an hour per account, then answers rate_limited with the seconds to wait', async () => {
    for (let i = 0; i < 5; i++) expect(codeOf(await send(tokens.teacher))).toBe('ok');
    const sixth = await send(tokens.teacher);
    expect(codeOf(sixth)).toBe('rate_limited');
    expect(sixth.errors?.[0]?.message).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
    expect(sixth.errors?.[0]?.extensions?.retryAfter).toBe(3600);
    // Another account is not held back, and the company contact button counts apart.
    expect(codeOf(await send(tokens.otherTeacher))).toBe('ok');
    t.clock.set(new Date(t.clock.now().getTime() + 3_600_000));
    expect(codeOf(await send(tokens.teacher))).toBe('ok');
    expect(await t.db.select().from(contactMessages)).toHaveLength(7);
  });
});

describe('the operators’ inbox', () => {
  it('lists a region’s messages to its operators and to national administrators only, newest first', async () => {
    await send(tokens.teacher, { subject: 'account' });
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    await send(tokens.recruiter, { subject: 'company' });
    await send(tokens.parisRecruiter, { subject: 'other' });
    const list = async (token: string, status?: string) =>
      (
        await t.graphql<{ contactMessages: { subject: string; senderRole: string }[] }>(
          LIST,
          status ? { status } : {},
          { token },
        )
      ).data?.contactMessages.map((message) => message.subject);
    expect(await list(tokens.aura)).toEqual(['company', 'account']);
    expect(await list(tokens.idf)).toEqual(['other']);
    // The same instant: the later one first.
    expect(await list(tokens.national)).toEqual(['other', 'company', 'account']);
    expect(await list(tokens.national, 'handled')).toEqual([]);
    const { data } = await t.graphql<{ contactMessages: Record<string, unknown>[] }>(
      LIST,
      {},
      { token: tokens.aura },
    );
    expect(data?.contactMessages[0]).toMatchObject({
      subjectLabel: 'Une entreprise',
      senderRole: 'Recruteur — Responsable RH',
      organisation: 'Forges de Vénissieux',
      senderEmail: 'rh@forges.example',
      departmentCode: '69',
      regionCode: '06',
      status: 'new',
    });
    expect(codeOf(await t.graphql(LIST, {}, { token: tokens.teacher }))).toBe('FORBIDDEN');
    expect(codeOf(await t.graphql(LIST, {}))).toBe('UNAUTHENTICATED');
  });

  it('never shows messages to companies (the contact button)', async () => {
    const [company] = await t.db.select().from(contactMessages).limit(1);
    expect(company).toBeUndefined();
    await t.db.insert(contactMessages).values({
      companyId: (await insertCompany(t.db, { name: 'Autre' })).id,
      name: 'Inès Durand',
      email: 'ines@college.example',
      subject: 'Demande de rencontre — Autre',
      body: 'Bonjour, pourrions-nous visiter votre atelier ?',
      regionCode: null,
    });
    const { data } = await t.graphql<{ contactMessages: unknown[] }>(LIST, {}, { token: tokens.national });
    expect(data?.contactMessages).toEqual([]);
  });
});

describe('updateContactMessage', () => {
  it('moves a message through its statuses and answers it once: e-mailed to the sender, kept, in the audit log', async () => {
    await send(tokens.teacher);
    await delivered();
    const id = await onlyMessageId();
    const started = await t.graphql(UPDATE, { id, status: 'in_progress' }, { token: tokens.aura });
    expect(started.data?.updateContactMessage).toMatchObject({ status: 'in_progress', answer: null });
    expect(await delivered()).toEqual([]);
    const answered = await t.graphql(
      UPDATE,
      { id, answer: 'Votre réservation est bien là : voyez « Mes rendez-vous ».' },
      { token: tokens.aura },
    );
    expect(answered.errors).toBeUndefined();
    expect(answered.data?.updateContactMessage).toMatchObject({
      status: 'handled',
      answer: 'Votre réservation est bien là : voyez « Mes rendez-vous ».',
      answeredAt: t.clock.now().toISOString(),
    });
    const mails = await delivered();
    expect(mails.map((mail) => mail.to)).toEqual(['ines@college.example']);
    expect(mails[0]?.subject).toBe('Réponse à votre message : Une réservation');
    expect(mails[0]?.text).toContain('Votre réservation est bien là');
    expect(mails[0]?.text).toContain(MESSAGE);
    const again = await t.graphql(UPDATE, { id, answer: 'Encore ?' }, { token: tokens.national });
    expect(codeOf(again)).toBe('contact_message_answered');
    const log = await t.db.select().from(auditLog).where(eq(auditLog.subjectKind, 'contact'));
    expect(log.map((entry) => [entry.action, entry.details, entry.regionCode])).toEqual([
      ['contact.statusChanged', 'Nouveau → En cours', '06'],
      ['contact.statusChanged', 'En cours → Traité', '06'],
      ['contact.answered', 'Votre réservation est bien là : voyez « Mes rendez-vous ».', '06'],
    ]);
    // Reopened by a national administrator: a status change, logged.
    const reopened = await t.graphql(UPDATE, { id, status: 'in_progress' }, { token: tokens.national });
    expect(reopened.data?.updateContactMessage).toMatchObject({ status: 'in_progress' });
  });

  it('is NOT_FOUND for another region’s operator, who neither reads nor changes it; FORBIDDEN for others', async () => {
    await send(tokens.teacher);
    const id = await onlyMessageId();
    expect(codeOf(await t.graphql(ONE, { id }, { token: tokens.idf }))).toBe('NOT_FOUND');
    expect(codeOf(await t.graphql(UPDATE, { id, status: 'handled' }, { token: tokens.idf }))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await t.graphql(UPDATE, { id, answer: 'Bonjour' }, { token: tokens.idf }))).toBe(
      'NOT_FOUND',
    );
    expect(codeOf(await t.graphql(UPDATE, { id, status: 'handled' }, { token: tokens.teacher }))).toBe(
      'FORBIDDEN',
    );
    expect(codeOf(await t.graphql(ONE, { id }, { token: tokens.national }))).toBe('ok');
    expect(codeOf(await t.graphql(ONE, { id }, { token: tokens.aura }))).toBe('ok');
    const [row] = await t.db.select().from(contactMessages);
    expect(row).toMatchObject({ status: 'new', answer: null });
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it('asks for a status or an answer, within its cap', async () => {
    await send(tokens.teacher);
    const id = await onlyMessageId();
    const nothing = await t.graphql(UPDATE, { id, answer: '   ' }, { token: tokens.aura });
    expect(nothing.errors?.[0]?.extensions?.fields).toEqual({ answer: CONTACT_MESSAGES.nothingToChange });
    const long = await t.graphql(UPDATE, { id, answer: 'x'.repeat(2001) }, { token: tokens.aura });
    expect(long.errors?.[0]?.extensions?.fields).toEqual({ answer: '2000 caractères au maximum' });
  });
});
