import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, departments, partnerKeys } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { sha256Hex } from '../accounts/index.ts';
import { partnerCompanies, partnerSlots, partnerStatistics } from './reads.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

const CREATE = `mutation ($input: PartnerKeyInput!) {
  createPartnerKey(input: $input) { secret key { id name contactEmail scopes regionCodes createdAt lastUsedAt revokedAt } }
}`;
const SLOTS = `query ($regionCode: String, $departmentCode: String) {
  partnerSlots(regionCode: $regionCode, departmentCode: $departmentCode) {
    total
    items { id startsAt endsAt timeZone date time durationMinutes meetingType publicCategories subjects
      maxParticipants seatsTaken seatsLeft state description place open
      company { id siret name status nafCode sector website employeesCount creationDate acceptsInterns
        description jobs createdAt pictureUrl availableSlotsCount
        address { label zipcode city departmentCode lat lng } } }
  }
}`;
const COMPANIES = `{ partnerCompanies { total items { id name address { city departmentCode } availableSlotsCount } } }`;

/** The personal data the fixtures hold: none of it may appear in anything a key reads. */
const PERSONAL = [
  'Durand',
  'Léa',
  'lea.durand@example.fr',
  '0612345678',
  'prof.a@lycee.fr',
  'Dupont',
  'rh@forges-a.fr',
  'Martin',
  'Un message pour l’entreprise',
  '0478000001',
];

describe('the partner API (issue 37)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let adminToken: string;
  let operatorToken: string;
  let lyon: number;
  let paris: number;

  beforeEach(async () => {
    t = await createTestApp();
    await t.db.update(departments).set({ active: true }).where(eq(departments.code, '69'));
    await t.db.update(departments).set({ active: true }).where(eq(departments.code, '75'));
    const admin = await insertUser(t.db, { kind: 'admin', email: 'nationale@exemple.fr' });
    const operator = await insertUser(t.db, { kind: 'admin', email: 'ara@exemple.fr', operatorRegion: '06' });
    adminToken = await loginAs(t.db, admin.id);
    operatorToken = await loginAs(t.db, operator.id);
    // The Rhône (69) is in Auvergne-Rhône-Alpes (06), Paris (75) in Île-de-France (13).
    const forges = await insertCompany(t.db, { name: 'Forges A', phone: '0478000001' });
    const usine = await insertCompany(t.db, {
      name: 'Usine B',
      departmentCode: '75',
      label: '1 rue de Paris, 75001 Paris',
      zipcode: '75001',
      city: 'Paris',
    });
    await insertUser(t.db, { kind: 'recruiter', email: 'rh@forges-a.fr', companyId: forges.id });
    const teacher = await insertUser(t.db, {
      kind: 'teacher',
      email: 'prof.a@lycee.fr',
      lastName: 'Dupont',
    });
    lyon = (await insertSlot(t.db, forges.id, new Date(TEST_NOW.getTime() + 3 * DAY))).id;
    paris = (await insertSlot(t.db, usine.id, new Date(TEST_NOW.getTime() + 4 * DAY))).id;
    await insertMeeting(t.db, lyon, teacher.id, { message: 'Un message pour l’entreprise' });
    await insertCompany(t.db, { name: 'En attente', status: 'pending' });
  });
  afterEach(() => t.close());

  async function createKey(input: Record<string, unknown>) {
    const { data, errors } = await t.graphql<{
      createPartnerKey: { secret: string; key: { id: string; lastUsedAt: string | null } };
    }>(CREATE, { input: { name: 'Région', contactEmail: 'api@region.fr', ...input } }, { token: adminToken });
    expect(errors).toBeUndefined();
    return data?.createPartnerKey as { secret: string; key: { id: string; lastUsedAt: string | null } };
  }

  it('lets a national administrator create a key: its secret once, kept hashed, audited', async () => {
    const created = await createKey({ scopes: ['slots_read', 'companies_read'], regionCodes: ['06'] });
    expect(created.secret).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(partnerKeys);
    expect(row?.secretHash).toBe(sha256Hex(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(3));
    const listed = await t.graphql<{ partnerKeys: Record<string, unknown>[] }>(
      '{ partnerKeys { id name contactEmail scopes regionCodes revokedAt } }',
      {},
      { token: adminToken },
    );
    expect(listed.data?.partnerKeys).toEqual([
      {
        id: created.key.id,
        name: 'Région',
        contactEmail: 'api@region.fr',
        scopes: ['slots_read', 'companies_read'],
        regionCodes: ['06'],
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain('pk_');
    const audit = await t.db.select().from(auditLog);
    expect(audit.map((entry) => [entry.action, entry.target])).toEqual([['partnerKey.created', 'Région']]);
  });

  it('keeps the keys to the national administrators: a regional operator is told nothing exists', async () => {
    const list = await t.graphql('{ partnerKeys { id } }', {}, { token: operatorToken });
    expect(list.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const create = await t.graphql(
      CREATE,
      { input: { name: 'X', contactEmail: 'x@x.fr', scopes: ['slots_read'] } },
      { token: operatorToken },
    );
    expect(create.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses a key without a scope or with an unknown region, in French under the field', async () => {
    const { errors } = await t.graphql(
      CREATE,
      { input: { name: 'X', contactEmail: 'x@x.fr', scopes: [], regionCodes: ['99'] } },
      { token: adminToken },
    );
    expect(errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { scopes: 'Choisissez au moins une autorisation', regionCodes: 'Cette région n’existe pas' },
    });
  });

  it('reads the open slots and the validated companies, and nothing personal', async () => {
    const { secret } = await createKey({ scopes: ['slots_read', 'companies_read'] });
    const slots = await t.graphql<{ partnerSlots: { total: number; items: { id: string }[] } }>(
      SLOTS,
      {},
      { token: secret },
    );
    expect(slots.errors).toBeUndefined();
    expect(slots.data?.partnerSlots.items.map((slot) => Number(slot.id))).toEqual([lyon, paris]);
    expect(slots.data?.partnerSlots.items[0]).toMatchObject({
      seatsTaken: 12,
      seatsLeft: 8,
      state: 'notComplete',
      company: { name: 'Forges A', address: { city: 'Vénissieux' } },
    });
    const companies = await t.graphql<{ partnerCompanies: { items: { name: string }[] } }>(
      COMPANIES,
      {},
      { token: secret },
    );
    expect(companies.data?.partnerCompanies.items.map((company) => company.name)).toEqual([
      'Forges A',
      'Usine B',
    ]);
    for (const answer of [slots, companies]) {
      for (const personal of PERSONAL) expect(JSON.stringify(answer)).not.toContain(personal);
    }
  });

  it('refuses, before anything runs, every field that would carry a person', async () => {
    const { secret } = await createKey({ scopes: ['slots_read', 'companies_read', 'statistics_read'] });
    for (const [query, field] of [
      ['{ partnerSlots { items { speaker { email } } } }', 'Slot.speaker'],
      ['{ partnerSlots { items { meetings { id } } } }', 'Slot.meetings'],
      ['{ partnerSlots { items { videoLink } } }', 'Slot.videoLink'],
      ['{ partnerCompanies { items { phone } } }', 'Company.phone'],
      ['{ partnerCompanies { items { contact { email } } } }', 'Company.contact'],
      ['{ partnerCompanies { items { team { email } } } }', 'Company.team'],
      [
        '{ partnerCompanies { items { ...Team } } } fragment Team on Company { joinRequests { email } }',
        'Company.joinRequests',
      ],
      ['{ partnerStatistics { unmetDemand { searches } } }', 'Statistics.unmetDemand'],
    ] as const) {
      const answer = await t.graphql(query, {}, { token: secret });
      expect(answer.status, query).toBe(403);
      expect(answer.errors?.[0]?.extensions, query).toEqual({ code: 'partner_not_allowed', field });
      expect(answer.data, query).toBeUndefined();
    }
  });

  it('refuses a key without `companies_read` on companies, naming the scope it lacks', async () => {
    const { secret } = await createKey({ scopes: ['slots_read'] });
    const answer = await t.graphql(COMPANIES, {}, { token: secret });
    expect(answer.status).toBe(403);
    expect(answer.errors?.[0]).toEqual({
      message:
        'Votre clé d’API ne donne pas accès à « partnerCompanies » : il faut l’autorisation « Entreprises ».',
      extensions: { code: 'partner_not_allowed', field: 'partnerCompanies', scope: 'companies_read' },
    });
  });

  it('keeps a region-limited key to its regions', async () => {
    const { secret } = await createKey({ scopes: ['slots_read', 'companies_read'], regionCodes: ['13'] });
    const slots = await t.graphql<{ partnerSlots: { total: number; items: { id: string }[] } }>(
      SLOTS,
      {},
      { token: secret },
    );
    expect(slots.data?.partnerSlots).toMatchObject({ total: 1, items: [{ id: String(paris) }] });
    const companies = await t.graphql<{ partnerCompanies: { items: { name: string }[] } }>(
      COMPANIES,
      {},
      { token: secret },
    );
    expect(companies.data?.partnerCompanies.items.map((company) => company.name)).toEqual(['Usine B']);
    const elsewhere = await t.graphql(SLOTS, { departmentCode: '69' }, { token: secret });
    expect(elsewhere.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { departmentCode: 'Votre clé d’API ne couvre pas ce territoire.' },
    });
    const region = await t.graphql(SLOTS, { regionCode: '06' }, { token: secret });
    expect(region.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('gives the statistics of the key’s regions only', async () => {
    const pastSlot = await insertSlot(
      t.db,
      (await insertCompany(t.db, { name: 'Lyon passé' })).id,
      new Date(TEST_NOW.getTime() - 2 * DAY),
    );
    const teacher = await insertUser(t.db, { kind: 'teacher' });
    await insertMeeting(t.db, pastSlot.id, teacher.id, { participantsCount: 15 });
    const statistics = (regionCodes: string[]) =>
      createKey({ scopes: ['statistics_read'], regionCodes }).then(({ secret }) =>
        t.graphql<{ partnerStatistics: { meetingsHeld: number; pupilsReached: number } }>(
          '{ partnerStatistics { meetingsHeld pupilsReached bookingsPerMonth { month count } } }',
          {},
          { token: secret },
        ),
      );
    expect((await statistics(['06'])).data?.partnerStatistics).toMatchObject({
      meetingsHeld: 1,
      pupilsReached: 15,
    });
    expect((await statistics(['13'])).data?.partnerStatistics).toMatchObject({
      meetingsHeld: 0,
      pupilsReached: 0,
    });
  });

  it('answers an unknown key, or a revoked one from its next request on, 401 in French', async () => {
    const { secret, key } = await createKey({ scopes: ['slots_read'] });
    expect((await t.graphql(SLOTS, {}, { token: secret })).status).toBe(200);
    const revoked = await t.graphql<{ revokePartnerKey: { revokedAt: string } }>(
      'mutation ($id: ID!) { revokePartnerKey(id: $id) { revokedAt } }',
      { id: key.id },
      { token: adminToken },
    );
    expect(revoked.data?.revokePartnerKey.revokedAt).toBe(TEST_NOW.toISOString());
    for (const token of [secret, 'pk_inconnue']) {
      const response = await t.app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: SLOTS }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
      expect(await response.json()).toEqual({
        errors: [
          {
            message:
              'Cette clé d’API est inconnue ou a été révoquée : demandez une nouvelle clé à l’équipe de la plateforme.',
            extensions: { code: 'invalid_partner_key' },
          },
        ],
      });
    }
    const audit = await t.db.select().from(auditLog);
    expect(audit.map((entry) => entry.action)).toEqual(['partnerKey.created', 'partnerKey.revoked']);
  });

  it('is never a session, nor a viewer: a key with a session cookie reads as a key', async () => {
    const { secret } = await createKey({ scopes: ['slots_read'] });
    const answer = await t.graphql(
      '{ me { id } }',
      {},
      {
        token: secret,
        headers: { cookie: `session=${adminToken}` },
      },
    );
    expect(answer.errors?.[0]?.extensions).toEqual({ code: 'partner_not_allowed', field: 'me' });
    const keys = await t.graphql(
      '{ partnerKeys { id } }',
      {},
      {
        token: secret,
        headers: { cookie: `session=${adminToken}` },
      },
    );
    expect(keys.errors?.[0]?.extensions?.code).toBe('partner_not_allowed');
  });

  it('refuses the partner queries to anyone but a key', async () => {
    for (const token of [undefined, adminToken]) {
      const answer = await t.graphql(SLOTS, {}, token ? { token } : {});
      expect(answer.errors?.[0]?.extensions?.code).toBe(token ? 'FORBIDDEN' : 'UNAUTHENTICATED');
    }
  });

  it('keeps each read to its scope in the use case too, whoever calls it', async () => {
    const partner = { id: 1, name: 'Région', contactEmail: 'api@region.fr', regionCodes: [] };
    const page = { page: 1, pageSize: 10 };
    await expect(
      partnerSlots({ partner: { ...partner, scopes: ['companies_read'] }, viewer: null }, page, t.deps),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      partnerCompanies({ partner: { ...partner, scopes: ['slots_read'] }, viewer: null }, page, t.deps),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      partnerStatistics({ partner: { ...partner, scopes: ['webhooks'] }, viewer: null }, {}, t.deps),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      (await partnerSlots({ partner: { ...partner, scopes: ['slots_read'] }, viewer: null }, page, t.deps))
        .total,
    ).toBe(2);
  });

  it('writes a key’s last use at most once a minute', async () => {
    const { secret, key } = await createKey({ scopes: ['slots_read'] });
    const lastUse = async () =>
      (
        await t.db
          .select()
          .from(partnerKeys)
          .where(eq(partnerKeys.id, Number(key.id)))
      )[0]?.lastUsedAt;
    expect(key.lastUsedAt).toBeNull();
    await t.graphql(SLOTS, {}, { token: secret });
    expect(await lastUse()).toEqual(TEST_NOW);
    t.clock.set(new Date(TEST_NOW.getTime() + 30_000));
    await t.graphql(SLOTS, {}, { token: secret });
    expect(await lastUse()).toEqual(TEST_NOW);
    t.clock.set(new Date(TEST_NOW.getTime() + MINUTE));
    await t.graphql(SLOTS, {}, { token: secret });
    expect(await lastUse()).toEqual(new Date(TEST_NOW.getTime() + MINUTE));
  });

  it('limits a key to 60 requests a minute: the 61st is refused with retryAfter and 429', async () => {
    const { secret } = await createKey({ scopes: ['slots_read'] });
    const other = await createKey({ scopes: ['slots_read'] });
    for (let i = 0; i < 60; i++) {
      expect((await t.graphql('{ departments { code } }', {}, { token: secret })).status).toBe(200);
    }
    t.clock.set(new Date(TEST_NOW.getTime() + 20_000));
    const response = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ query: '{ departments { code } }' }),
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('40');
    expect(await response.json()).toEqual({
      errors: [
        {
          message: 'Trop de tentatives. Veuillez réessayer plus tard.',
          extensions: { code: 'rate_limited', retryAfter: 40 },
        },
      ],
    });
    // Another key counts apart.
    expect((await t.graphql('{ departments { code } }', {}, { token: other.secret })).status).toBe(200);
  });
});
