import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  companies,
  companyJoinRequests,
  outbox,
  recruiterInvitations,
  sessions,
  slots,
  users,
} from '../../db/schema.ts';
import { createTestApp, insertCompany, insertSlot, insertUser, loginAs } from '../../tests/fixtures/app.ts';
import { hashPassword, verifyPassword } from '../accounts/index.ts';
import { reviewQueue } from '../admin/index.ts';
import { AppError } from '../kernel/errors.ts';
import type { RecruitmentSite } from '../kernel/ports/recruitment-site.ts';
import { confirmJoinRequest } from './join-requests.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Mail = { template: string; to: string; data: Record<string, unknown> };

const PASSWORD = 'Motdepasse-1';
const DAY = 86_400_000;

const INVITE = /* GraphQL */ `
  mutation ($email: String!, $role: TeamRole) { inviteRecruiter(email: $email, role: $role) }
`;
const ACCEPT = /* GraphQL */ `
  mutation ($token: String!, $firstName: String!, $lastName: String!, $password: String!, $phone: String) {
    acceptRecruiterInvitation(token: $token, firstName: $firstName, lastName: $lastName, password: $password, phone: $phone) {
      token user { id email ... on Recruiter { company { id } } }
    }
  }
`;
const TEAM = /* GraphQL */ `
  { myCompany { team { id firstName lastName email role lastLoginAt } joinRequests { id email firstName } } }
`;
const REQUEST = /* GraphQL */ `
  mutation ($input: JoinRequestInput!) { requestToJoinCompany(input: $input) }
`;
const ANSWER = /* GraphQL */ `
  mutation ($id: ID!, $accept: Boolean!) { answerJoinRequest(id: $id, accept: $accept) }
`;
const SET_ROLE = /* GraphQL */ `
  mutation ($userId: ID!, $role: TeamRole!) { setRecruiterRole(userId: $userId, role: $role) { id role } }
`;
const REMOVE = /* GraphQL */ `
  mutation ($userId: ID!) { removeRecruiter(userId: $userId) }
`;
const WITHDRAW = /* GraphQL */ `
  mutation ($id: ID!) { withdrawRecruiterInvitation(id: $id) }
`;
const VALIDATE = /* GraphQL */ `
  mutation ($id: ID!) { validateCompany(id: $id) { id status } }
`;
const LOGIN = /* GraphQL */ `
  mutation ($email: String!, $password: String!) { loginCompany(email: $email, password: $password) { token } }
`;

const code = (result: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  result.errors?.[0]?.extensions?.code;

async function mails(t: TestApp, template?: string): Promise<Mail[]> {
  return (await t.db.select().from(outbox))
    .filter((row) => row.topic === 'mail')
    .map((row) => row.payload as Mail)
    .filter((mail) => !template || mail.template === template);
}

/** The requester opens the last confirmation link e-mailed to `email` and confirms (docs/decisions/0099). */
async function confirmRequestOf(t: TestApp, email: string) {
  const mail = (await mails(t, 'joinRequestConfirm')).filter((m) => m.to === email).at(-1);
  const token = new URL(String(mail?.data.confirmUrl)).searchParams.get('token') ?? '';
  return confirmJoinRequest({ token }, t.deps);
}

/** The token of the last invitation e-mailed to `email`, read from its link. */
async function invitationToken(t: TestApp, email: string): Promise<string> {
  const mail = (await mails(t, 'recruiterInvitation')).filter((m) => m.to === email).at(-1);
  const url = new URL(String(mail?.data.acceptUrl));
  return url.searchParams.get('token') ?? '';
}

describe('a company is a team (issue 21)', () => {
  let t: TestApp;
  let companyId: number;
  let otherCompanyId: number;
  let admin: { id: number; token: string };
  let member: { id: number; token: string };
  let otherAdmin: { id: number; token: string };

  beforeEach(async () => {
    t = await createTestApp();
    const passwordHash = await hashPassword(PASSWORD);
    const company = await insertCompany(t.db, { name: 'Forges de Vénissieux', siret: '51234567900017' });
    const other = await insertCompany(t.db, { name: 'Usine B', siret: '73282932000074' });
    companyId = company.id;
    otherCompanyId = other.id;
    const a = await insertUser(t.db, {
      kind: 'recruiter',
      email: 'admin@forges.fr',
      firstName: 'Inès',
      lastName: 'Moreau',
      companyId,
      passwordHash,
    });
    const m = await insertUser(t.db, {
      kind: 'recruiter',
      email: 'membre@forges.fr',
      firstName: 'Louis',
      lastName: 'Bernard',
      companyId,
      teamRole: 'member',
      passwordHash,
    });
    const o = await insertUser(t.db, { kind: 'recruiter', email: 'rh@usine-b.fr', companyId: other.id });
    admin = { id: a.id, token: await loginAs(t.db, a.id) };
    member = { id: m.id, token: await loginAs(t.db, m.id) };
    otherAdmin = { id: o.id, token: await loginAs(t.db, o.id) };
  });
  afterEach(() => t.close());

  describe('invitation', () => {
    it('an admin invites; the colleague accepts, joins with the role chosen, is logged in, and it is audited', async () => {
      const invited = await t.graphql(
        INVITE,
        { email: 'Lea.Durand@forges.fr', role: 'admin' },
        { token: admin.token },
      );
      expect(invited.errors).toBeUndefined();
      const [mail] = await mails(t, 'recruiterInvitation');
      expect(mail).toMatchObject({
        to: 'lea.durand@forges.fr',
        data: { companyName: 'Forges de Vénissieux', inviterName: 'Inès Moreau', expiresInDays: 7 },
      });
      const token = await invitationToken(t, 'lea.durand@forges.fr');
      // Only the token's hash is stored.
      const [stored] = await t.db.select().from(recruiterInvitations);
      expect(stored?.tokenHash).not.toContain(token);

      const accepted = await t.graphql(ACCEPT, {
        token,
        firstName: 'Léa',
        lastName: 'Durand',
        password: PASSWORD,
      });
      expect(accepted.errors).toBeUndefined();
      const payload = (
        accepted.data as { acceptRecruiterInvitation: { token: string; user: { company: { id: string } } } }
      ).acceptRecruiterInvitation;
      expect(payload.user.company.id).toBe(String(companyId));
      const me = await t.graphql<{ me: { email: string } }>('{ me { email } }', {}, { token: payload.token });
      expect(me.data?.me.email).toBe('lea.durand@forges.fr');

      const [lea] = await t.db.select().from(users).where(eq(users.email, 'lea.durand@forges.fr'));
      expect(lea).toMatchObject({ kind: 'recruiter', companyId, teamRole: 'admin', firstName: 'Léa' });
      expect(lea?.lastLoginAt).not.toBeNull();
      expect(await verifyPassword(lea?.passwordHash ?? '', PASSWORD)).toBe(true);
      // The built-in recruitment site knows her: she logs in as the company login does.
      expect(
        (await t.graphql(LOGIN, { email: 'lea.durand@forges.fr', password: PASSWORD })).errors,
      ).toBeUndefined();

      const team = await t.graphql<{ myCompany: { team: { email: string; role: string }[] } }>(
        TEAM,
        {},
        { token: admin.token },
      );
      expect(team.data?.myCompany.team.map((m) => [m.email, m.role])).toEqual([
        ['admin@forges.fr', 'admin'],
        ['membre@forges.fr', 'member'],
        ['lea.durand@forges.fr', 'admin'],
      ]);
      const audit = await t.db.select().from(auditLog);
      expect(audit.map((row) => row.action)).toEqual(['team.invited', 'team.joined']);
      expect(audit[0]).toMatchObject({ actorId: admin.id, subjectKind: 'company', subjectId: companyId });
    });

    it('a link serves once: the second use is invitation_invalid', async () => {
      await t.graphql(INVITE, { email: 'lea@forges.fr' }, { token: admin.token });
      const token = await invitationToken(t, 'lea@forges.fr');
      const input = { token, firstName: 'Léa', lastName: 'Durand', password: PASSWORD };
      expect((await t.graphql(ACCEPT, input)).errors).toBeUndefined();
      expect(code(await t.graphql(ACCEPT, input))).toBe('invitation_invalid');
    });

    it('a link expires after 7 days, and re-inviting the same address replaces the older link', async () => {
      await t.graphql(INVITE, { email: 'lea@forges.fr' }, { token: admin.token });
      const first = await invitationToken(t, 'lea@forges.fr');
      await t.graphql(INVITE, { email: 'lea@forges.fr' }, { token: admin.token });
      const second = await invitationToken(t, 'lea@forges.fr');
      const input = { firstName: 'Léa', lastName: 'Durand', password: PASSWORD };
      expect(code(await t.graphql(ACCEPT, { ...input, token: first }))).toBe('invitation_invalid');
      expect(await t.db.select().from(recruiterInvitations)).toHaveLength(1);
      t.clock.set(new Date(t.clock.now().getTime() + 7 * DAY + 1000));
      expect(code(await t.graphql(ACCEPT, { ...input, token: second }))).toBe('invitation_invalid');
      expect(code(await t.graphql(ACCEPT, { ...input, token: 'inventé' }))).toBe('invitation_invalid');
    });

    it('an address that already has an account cannot be invited, nor join by an older link (already a member, another company)', async () => {
      expect(code(await t.graphql(INVITE, { email: 'membre@forges.fr' }, { token: admin.token }))).toBe(
        'email_already_exists',
      );
      // Usine B's recruiter was invited before joining Usine B by a link of theirs: Forges' link no longer serves.
      await t.graphql(INVITE, { email: 'lea@forges.fr' }, { token: admin.token });
      const token = await invitationToken(t, 'lea@forges.fr');
      await insertUser(t.db, { kind: 'recruiter', email: 'lea@forges.fr', companyId: otherCompanyId });
      expect(
        code(await t.graphql(ACCEPT, { token, firstName: 'Léa', lastName: 'Durand', password: PASSWORD })),
      ).toBe('invitation_invalid');
    });

    it('the password follows the sign-up rules, and a refusal of the recruitment site writes nothing', async () => {
      await t.graphql(INVITE, { email: 'lea@forges.fr' }, { token: admin.token });
      const token = await invitationToken(t, 'lea@forges.fr');
      const weak = await t.graphql(ACCEPT, {
        token,
        firstName: 'Léa',
        lastName: 'Durand',
        password: 'court',
      });
      expect(code(weak)).toBe('BAD_USER_INPUT');

      const refusing = await createTestApp({
        recruitmentSite: {
          createRecruiter: async () => {
            throw new AppError('cannot_create_ir_recruiter');
          },
        } as unknown as RecruitmentSite,
      });
      try {
        const c = await insertCompany(refusing.db);
        const a = await insertUser(refusing.db, { kind: 'recruiter', companyId: c.id });
        await refusing.graphql(
          INVITE,
          { email: 'lea@forges.fr' },
          { token: await loginAs(refusing.db, a.id) },
        );
        const link = (await mails(refusing, 'recruiterInvitation'))[0]?.data.acceptUrl;
        const refusedToken = new URL(String(link)).searchParams.get('token');
        const refused = await refusing.graphql(ACCEPT, {
          token: refusedToken,
          firstName: 'Léa',
          lastName: 'Durand',
          password: PASSWORD,
        });
        expect(code(refused)).toBe('cannot_create_ir_recruiter');
        expect(await refusing.db.select().from(users).where(eq(users.email, 'lea@forges.fr'))).toEqual([]);
      } finally {
        refusing.close();
      }
    });

    it('a member sees the team but may not invite', async () => {
      const team = await t.graphql<{ myCompany: { team: unknown[]; joinRequests: unknown[] } }>(
        TEAM,
        {},
        { token: member.token },
      );
      expect(team.data?.myCompany.team).toHaveLength(2);
      expect(code(await t.graphql(INVITE, { email: 'lea@forges.fr' }, { token: member.token }))).toBe(
        'FORBIDDEN',
      );
    });
  });

  describe('withdrawing an invitation (issue 36)', () => {
    it('an admin withdraws a pending invitation: its link answers invitation_invalid, and it is audited', async () => {
      await t.graphql(INVITE, { email: 'lea@forges.fr' }, { token: admin.token });
      const token = await invitationToken(t, 'lea@forges.fr');
      const [invitation] = await t.db.select().from(recruiterInvitations);
      const id = String(invitation?.id);
      expect(code(await t.graphql(WITHDRAW, { id }, { token: member.token }))).toBe('FORBIDDEN');
      expect(code(await t.graphql(WITHDRAW, { id }, { token: otherAdmin.token }))).toBe('NOT_FOUND');

      expect((await t.graphql(WITHDRAW, { id }, { token: admin.token })).errors).toBeUndefined();
      expect(await t.db.select().from(recruiterInvitations)).toEqual([]);
      const input = { token, firstName: 'Léa', lastName: 'Durand', password: PASSWORD };
      const refused = await t.graphql(ACCEPT, input);
      expect(code(refused)).toBe('invitation_invalid');
      expect(refused.errors?.[0]?.message).toMatch(/invitation/i);
      expect(code(await t.graphql(WITHDRAW, { id }, { token: admin.token }))).toBe('NOT_FOUND');
      const audit = await t.db.select().from(auditLog);
      expect(audit.map((row) => [row.action, row.actorId])).toEqual([
        ['team.invited', admin.id],
        ['team.invitationWithdrawn', admin.id],
      ]);
    });
  });

  describe('join request', () => {
    const request = (overrides: Record<string, unknown> = {}) => ({
      siret: '51234567900017',
      firstName: 'Noé',
      lastName: 'Petit',
      email: 'Noe.Petit@forges.fr',
      phone: null,
      password: PASSWORD,
      acceptTerms: true,
      ...overrides,
    });

    it('the admins are e-mailed once confirmed; accepted, the colleague is a member who can log in, and is told', async () => {
      expect((await t.graphql(REQUEST, { input: request() })).errors).toBeUndefined();
      await confirmRequestOf(t, 'noe.petit@forges.fr');
      expect(await mails(t, 'joinRequestReceived')).toEqual([
        expect.objectContaining({
          to: 'admin@forges.fr',
          data: expect.objectContaining({
            requesterName: 'Noé Petit',
            requesterEmail: 'noe.petit@forges.fr',
          }),
        }),
      ]);
      const seen = await t.graphql<{ myCompany: { joinRequests: { id: string; email: string }[] } }>(
        TEAM,
        {},
        {
          token: admin.token,
        },
      );
      const [pending] = seen.data?.myCompany.joinRequests ?? [];
      expect(pending?.email).toBe('noe.petit@forges.fr');
      // A member does not see the requests, nor answer them; another company's admin is told it does not exist.
      const memberView = await t.graphql<{ myCompany: { joinRequests: unknown[] } }>(
        TEAM,
        {},
        { token: member.token },
      );
      expect(memberView.data?.myCompany.joinRequests).toEqual([]);
      expect(code(await t.graphql(ANSWER, { id: pending?.id, accept: true }, { token: member.token }))).toBe(
        'FORBIDDEN',
      );
      expect(
        code(await t.graphql(ANSWER, { id: pending?.id, accept: true }, { token: otherAdmin.token })),
      ).toBe('NOT_FOUND');

      expect(
        (await t.graphql(ANSWER, { id: pending?.id, accept: true }, { token: admin.token })).errors,
      ).toBeUndefined();
      const [noe] = await t.db.select().from(users).where(eq(users.email, 'noe.petit@forges.fr'));
      expect(noe).toMatchObject({ companyId, teamRole: 'member', kind: 'recruiter' });
      expect(await mails(t, 'joinRequestAccepted')).toEqual([
        expect.objectContaining({
          to: 'noe.petit@forges.fr',
          data: expect.objectContaining({ companyName: 'Forges de Vénissieux' }),
        }),
      ]);
      expect(
        (await t.graphql(LOGIN, { email: 'noe.petit@forges.fr', password: PASSWORD })).errors,
      ).toBeUndefined();
      // Answered once: the sealed password is gone, the request cannot be answered again.
      const [row] = await t.db.select().from(companyJoinRequests);
      expect(row?.passwordSealed).toBeNull();
      expect(code(await t.graphql(ANSWER, { id: pending?.id, accept: false }, { token: admin.token }))).toBe(
        'NOT_FOUND',
      );
      expect((await t.db.select().from(auditLog)).map((r) => r.action)).toEqual([
        'team.joinRequested',
        'team.joinAccepted',
      ]);
    });

    it('refused, the colleague is told and no account is made', async () => {
      await t.graphql(REQUEST, { input: request() });
      await confirmRequestOf(t, 'noe.petit@forges.fr');
      const [row] = await t.db.select().from(companyJoinRequests);
      expect(
        (await t.graphql(ANSWER, { id: row?.id, accept: false }, { token: admin.token })).errors,
      ).toBeUndefined();
      expect(await t.db.select().from(users).where(eq(users.email, 'noe.petit@forges.fr'))).toEqual([]);
      expect(await mails(t, 'joinRequestRefused')).toEqual([
        expect.objectContaining({ to: 'noe.petit@forges.fr' }),
      ]);
    });

    it('to a company awaiting validation: kept, shown on its validation card, e-mailed to its admins once validated (issue 36)', async () => {
      await t.db.update(companies).set({ status: 'pending' }).where(eq(companies.id, companyId));
      const sent = await t.graphql<{ requestToJoinCompany: boolean }>(REQUEST, { input: request() });
      // False: the company awaits validation (the confirmation screen says so); its admins cannot log in yet.
      expect(sent.errors).toBeUndefined();
      expect(sent.data?.requestToJoinCompany).toBe(false);
      expect(await mails(t, 'joinRequestReceived')).toEqual([]);
      expect(await t.db.select().from(companyJoinRequests)).toHaveLength(1);
      await confirmRequestOf(t, 'noe.petit@forges.fr');
      expect(await mails(t, 'joinRequestReceived')).toEqual([]);

      const operator = await insertUser(t.db, { kind: 'admin', email: 'ops@passerelle.fr' });
      const viewer = { ...operator, kind: 'admin' as const, sessionId: 's', regionCode: null };
      const [card] = await reviewQueue(viewer, t.deps);
      expect(card).toMatchObject({ name: 'Forges de Vénissieux', joinRequests: 1 });

      const validated = await t.graphql(
        VALIDATE,
        { id: companyId },
        { token: await loginAs(t.db, operator.id) },
      );
      expect(validated.errors).toBeUndefined();
      expect(await mails(t, 'joinRequestReceived')).toEqual([
        expect.objectContaining({
          to: 'admin@forges.fr',
          data: expect.objectContaining({
            companyName: 'Forges de Vénissieux',
            requesterName: 'Noé Petit',
            requesterEmail: 'noe.petit@forges.fr',
            teamUrl: expect.stringMatching(/\/my-company\/team$/),
          }),
        }),
      ]);
      // Answered as usual once validated.
      const [row] = await t.db.select().from(companyJoinRequests);
      expect(
        (await t.graphql(ANSWER, { id: row?.id, accept: true }, { token: admin.token })).errors,
      ).toBeUndefined();
    });

    it('to a validated company: true, its admins told once it is confirmed', async () => {
      const sent = await t.graphql<{ requestToJoinCompany: boolean }>(REQUEST, { input: request() });
      expect(sent.data?.requestToJoinCompany).toBe(true);
    });

    it('refuses an unknown SIRET, a known e-mail and a weak password', async () => {
      expect(code(await t.graphql(REQUEST, { input: request({ siret: '35600000000048' }) }))).toBe(
        'NOT_FOUND',
      );
      expect(code(await t.graphql(REQUEST, { input: request({ email: 'membre@forges.fr' }) }))).toBe(
        'email_already_exists',
      );
      expect(code(await t.graphql(REQUEST, { input: request({ password: 'faible' }) }))).toBe(
        'BAD_USER_INPUT',
      );
    });
  });

  describe('roles and removal', () => {
    it('an admin changes a role; the last admin can be neither demoted nor removed', async () => {
      const promoted = await t.graphql(
        SET_ROLE,
        { userId: member.id, role: 'admin' },
        { token: admin.token },
      );
      expect(promoted.data).toEqual({ setRecruiterRole: { id: String(member.id), role: 'admin' } });
      expect(
        (await t.graphql(SET_ROLE, { userId: member.id, role: 'member' }, { token: admin.token })).errors,
      ).toBeUndefined();
      expect(
        code(await t.graphql(SET_ROLE, { userId: admin.id, role: 'member' }, { token: admin.token })),
      ).toBe('last_admin');
      expect(code(await t.graphql(REMOVE, { userId: admin.id }, { token: admin.token }))).toBe('last_admin');
      expect(
        code(await t.graphql(SET_ROLE, { userId: admin.id, role: 'member' }, { token: member.token })),
      ).toBe('FORBIDDEN');
      expect(
        code(await t.graphql(SET_ROLE, { userId: member.id, role: 'admin' }, { token: otherAdmin.token })),
      ).toBe('NOT_FOUND');
      const actions = (await t.db.select().from(auditLog)).map((r) => [r.action, r.details]);
      expect(actions).toEqual([
        ['team.roleChanged', 'membre → administrateur'],
        ['team.roleChanged', 'administrateur → membre'],
      ]);
    });

    it('a removed member loses their sessions at once; their slots stay with the company', async () => {
      const slot = await insertSlot(t.db, companyId, new Date(t.clock.now().getTime() + 10 * DAY));
      expect(code(await t.graphql(REMOVE, { userId: admin.id }, { token: member.token }))).toBe('FORBIDDEN');
      expect(code(await t.graphql(REMOVE, { userId: member.id }, { token: otherAdmin.token }))).toBe(
        'NOT_FOUND',
      );
      expect((await t.graphql(REMOVE, { userId: member.id }, { token: admin.token })).errors).toBeUndefined();
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
      const me = await t.graphql<{ me: unknown }>('{ me { id } }', {}, { token: member.token });
      expect(me.data?.me).toBeNull();
      const [kept] = await t.db.select().from(slots).where(eq(slots.id, slot.id));
      expect(kept?.companyId).toBe(companyId);
      const team = await t.graphql<{ myCompany: { team: { id: string }[] } }>(
        TEAM,
        {},
        { token: admin.token },
      );
      expect(team.data?.myCompany.team.map((m) => m.id)).toEqual([String(admin.id)]);
      expect((await t.db.select().from(auditLog)).map((r) => r.action)).toEqual(['team.removed']);
    });

    it('the removed member is e-mailed what they lose and whom to contact (issue 36)', async () => {
      expect((await t.graphql(REMOVE, { userId: member.id }, { token: admin.token })).errors).toBeUndefined();
      expect(await mails(t, 'teamMemberRemoved')).toEqual([
        {
          template: 'teamMemberRemoved',
          to: 'membre@forges.fr',
          data: {
            firstName: 'Louis',
            companyName: 'Forges de Vénissieux',
            removedByName: 'Inès Moreau',
            removedByEmail: 'admin@forges.fr',
          },
        },
      ]);
    });

    it('a member may leave (and is not e-mailed for it); another company sees an empty team', async () => {
      expect(
        (await t.graphql(REMOVE, { userId: member.id }, { token: member.token })).errors,
      ).toBeUndefined();
      expect(await mails(t, 'teamMemberRemoved')).toEqual([]);
      const company = await t.graphql<{ company: { team: unknown[] } }>(
        'query ($id: ID!) { company(id: $id) { team { id } joinRequests { id } } }',
        { id: companyId },
        { token: otherAdmin.token },
      );
      expect(company.data?.company.team).toEqual([]);
    });

    it('every login records its instant', async () => {
      await t.db.update(users).set({ lastLoginAt: null });
      await t.graphql(LOGIN, { email: 'admin@forges.fr', password: PASSWORD });
      const team = await t.graphql<{ myCompany: { team: { email: string; lastLoginAt: string | null }[] } }>(
        TEAM,
        {},
        {
          token: admin.token,
        },
      );
      expect(team.data?.myCompany.team.map((m) => [m.email, m.lastLoginAt])).toEqual([
        ['admin@forges.fr', t.clock.now().toISOString()],
        ['membre@forges.fr', null],
      ]);
    });
  });
});
