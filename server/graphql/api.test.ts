import { parse, validate } from 'graphql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { schema } from './index.ts';
import { LIMITS, limitRules } from './limits.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('GraphQL endpoint', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  describe('availableSlotsCount', () => {
    it('counts the open slots that start from now to now + 15 × 24 h', async () => {
      const company = await insertCompany(t.db);
      const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);
      await insertSlot(t.db, company.id, at(0)); // starts now: it has started, not counted
      await insertSlot(t.db, company.id, at(1)); // starts just after now: counted
      await insertSlot(t.db, company.id, at(2 * DAY), { maxParticipants: 20, seatsTaken: 19 }); // one seat left
      await insertSlot(t.db, company.id, at(3 * DAY), { maxParticipants: 20, seatsTaken: 20 }); // full
      await insertSlot(t.db, company.id, at(15 * DAY - 1)); // last millisecond of the window
      await insertSlot(t.db, company.id, at(15 * DAY)); // just outside
      await insertSlot(t.db, company.id, at(-HOUR)); // already started

      const { data } = await t.graphql('{ availableSlotsCount }');
      expect(data).toEqual({ availableSlotsCount: 3 });
      const longer = await t.graphql('query ($days: Int) { availableSlotsCount(days: $days) }', { days: 30 });
      expect(longer.data).toEqual({ availableSlotsCount: 4 });
    });

    it('refuses a window outside 1–365 days with BAD_USER_INPUT and a message for the field', async () => {
      const { errors } = await t.graphql('{ availableSlotsCount(days: 0) }');
      expect(errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: { days: expect.any(String) },
      });
    });
  });

  describe('me', () => {
    it('is null for a visitor', async () => {
      const { data, errors } = await t.graphql('{ me { id } }');
      expect(errors).toBeUndefined();
      expect(data).toEqual({ me: null });
    });

    it('is the teacher behind a bearer token, with its establishment', async () => {
      const teacher = await insertUser(t.db, {
        kind: 'teacher',
        profileType: 'teacher',
        schoolLevels: ['college'],
        establishmentId: (
          await t.db.client.execute({
            sql: "INSERT INTO establishments (name, type, label, zipcode, city, department_code, lat, lng) VALUES ('Collège Jean Moulin', 'Collège', '1 rue A, 69003 Lyon', '69003', 'Lyon', '69', 45.76, 4.85) RETURNING id",
            args: [],
          })
        ).rows[0]?.id as number,
      });
      const token = await loginAs(t.db, teacher.id);
      const { data } = await t.graphql(
        '{ me { __typename id firstName ... on Teacher { profileType schoolLevels establishment { name address { city } } } } }',
        {},
        { token },
      );
      expect(data).toEqual({
        me: {
          __typename: 'Teacher',
          id: String(teacher.id),
          firstName: 'Camille',
          profileType: 'teacher',
          schoolLevels: ['college'],
          establishment: { name: 'Collège Jean Moulin', address: { city: 'Lyon' } },
        },
      });
    });

    it('is the recruiter behind the session cookie, with its company', async () => {
      const company = await insertCompany(t.db, { name: 'Aérostructures Garonne' });
      const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
      const token = await loginAs(t.db, recruiter.id);
      const { data } = await t.graphql(
        '{ me { __typename ... on Recruiter { company { name sector address { zipcode } } } } }',
        {},
        { headers: { cookie: `session=${token}` } },
      );
      expect(data).toEqual({
        me: {
          __typename: 'Recruiter',
          company: { name: 'Aérostructures Garonne', sector: 'metallurgy', address: { zipcode: '69200' } },
        },
      });
    });

    it('is null again once the session has expired', async () => {
      const admin = await insertUser(t.db, { kind: 'admin' });
      const token = await loginAs(t.db, admin.id);
      t.clock.set(new Date(TEST_NOW.getTime() + 31 * DAY));
      const { data } = await t.graphql('{ me { id } }', {}, { token });
      expect(data).toEqual({ me: null });
    });
  });

  it('lists every department with its region and zone', async () => {
    const { data } = await t.graphql<{
      departments: { code: string; regionCode: string; timeZone: string }[];
    }>('{ departments { code name regionCode timeZone active } }');
    expect(data?.departments).toHaveLength(101);
    expect(data?.departments.find((d) => d.code === '974')).toMatchObject({
      timeZone: 'Indian/Reunion',
      regionCode: '04',
    });
    expect(data?.departments.find((d) => d.code === '2A')).toMatchObject({ timeZone: 'Europe/Paris' });
  });

  describe('transport', () => {
    it('accepts application/json with a charset parameter', async () => {
      const response = await t.app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ query: '{ availableSlotsCount }' }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { availableSlotsCount: 0 } });
    });

    it('answers 200 with the error when a root field fails, not 500', async () => {
      const { status, errors } = await t.graphql('{ availableSlotsCount(days: -3) }');
      expect(status).toBe(200);
      expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });

    it('refuses a form post from a foreign origin, which could carry the user’s cookies', async () => {
      const post = (origin: string) =>
        t.app.request('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
          body: 'query=%7B%20availableSlotsCount%20%7D',
        });
      const foreign = await post('https://evil.example');
      expect(foreign.status).toBe(403);
      expect((await foreign.json()).errors[0].extensions.code).toBe('FORBIDDEN');
      // Past the origin check, the endpoint itself takes JSON only.
      const ours = await post('http://localhost:3000');
      expect(ours.status).toBe(415);
      expect((await ours.json()).errors[0].extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('limits', () => {
    it('rejects a query deeper than the depth limit, as a validation error with its code', async () => {
      const query = parse('{ me { ... on Recruiter { company { address { city } } } } }');
      expect(validate(schema, query, limitRules({ ...LIMITS, depth: 5 }))).toEqual([]);
      const errors = validate(schema, query, limitRules({ ...LIMITS, depth: 3 }));
      expect(errors[0]?.extensions.code).toBe('QUERY_TOO_DEEP');
      expect(errors[0]?.message).toBe('La requête GraphQL est trop imbriquée (3 niveaux au maximum).');
    });
  });

  it('answers an unexpected failure with other_error and a request id, logged, without the stack', async () => {
    await t.graphql('{ availableSlotsCount }');
    t.db.client.close();
    const response = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ availableSlotsCount }' }),
    });
    const body = await response.json();
    const requestId = response.headers.get('x-request-id');
    expect(body.errors[0]).toMatchObject({
      message: 'Une erreur est survenue',
      extensions: { code: 'other_error', requestId },
    });
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|Error:/);
    expect(t.logs).toContainEqual(expect.objectContaining({ level: 'error', requestId }));
  });
});
