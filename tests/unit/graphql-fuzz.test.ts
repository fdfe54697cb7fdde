import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CATEGORIES } from '../../common/constants.ts';
import { schema } from '../../server/graphql/index.ts';
import { createTestApp, insertCompany, insertSlot, insertUser, loginAs, TEST_NOW } from '../fixtures/app.ts';

/**
 * Every mutation, and every query that takes arguments, generated from the schema itself and called as a
 * visitor, a teacher, a recruiter and an admin, with plausible values where one value at a time is made
 * wrong: wrong types, huge, empty and control-character strings, out-of-range numbers, bad dates, nulls,
 * missing and unknown fields. The answer must never be a 500, every error must carry a code and read
 * French, and none may be `other_error`: an internal error is a bug to fix, not a pass. A call that
 * succeeds must not have carried a text longer than every cap, or one with NUL or a bidi override.
 *
 * Deterministic: the same seed gives the same calls in the same order (FUZZ_SEED changes it).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** Wrong values tried on each leaf of an operation's input, for each caller. */
const TRIES_PER_LEAF = 3;

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Role = 'visitor' | 'teacher' | 'recruiter' | 'admin';
type Path = (string | number)[];

/** mulberry32: small, fast, good enough to pick test values reproducibly. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

const MB = 1024 * 1024;
const STRINGS = [
  '',
  '   ',
  'x'.repeat(100_000),
  'é'.repeat(5_000),
  'x'.repeat(MB + 10),
  '\u0000',
  'Jean\u0000Dupont',
  'Jean\r\nDupont',
  'Jean\tDupont',
  'Jean\u202eDupont',
  'Jean\u2066Dupont',
  'Jean\u0085Dupont',
  '🏭🏭🏭',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
];
const NUMBERS = [
  -1,
  0,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  1e308,
  -1e308,
  0.5,
  2 ** 53 + 2,
  'NaN',
  'Infinity',
  '12',
];
const DATES = [
  '2026-02-30',
  '2026-13-01',
  '2026-03-10T25:00:00Z',
  'demain',
  '0000-00-00',
  '1970-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '2026-03-09',
  '24:00',
  '10:15',
];
const OTHER_TYPES = [true, {}, [], [[]], { nested: { deep: true } }, null];

/** A plausible value for a leaf, by its field's name: the wrong value then reaches the deepest rule. */
function plausible(name: string, type: GraphQLInputType): unknown {
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]?.value;
  const byName: Record<string, unknown> = {
    email: 'fuzz@example.fr',
    contactEmail: 'contact@example.fr',
    password: 'Motdepasse-1!',
    newPassword: 'Motdepasse-2!',
    currentPassword: 'Motdepasse-1!',
    phone: '0612345678',
    contactPhone: '0478000000',
    accompanyingAdultPhone: '0612345678',
    zipcode: '69002',
    postcode: '69002',
    city: 'Lyon',
    label: '10 place Bellecour, 69002 Lyon',
    lat: 45.7578,
    lng: 4.832,
    siret: '73282932000074',
    nafCode: '25.62B',
    departmentCode: '69',
    code: '69',
    date: '2026-04-15',
    dates: ['2026-04-16'],
    time: '10:00',
    durationMinutes: 60,
    maxParticipants: 10,
    participantsCount: 2,
    groupSize: 10,
    days: 15,
    limit: 6,
    page: 1,
    pageSize: 10,
    radiusKm: 30,
    employeesCount: 50,
    website: 'https://example.fr',
    videoLink: 'https://visio.example.fr/salle',
    query: 'Lyon',
    token: 'a'.repeat(43),
    refreshToken: 'a'.repeat(43),
    message: 'Bonjour, nous aimerions visiter votre entreprise avec une classe de seconde.',
    title: 'Plan d’accès',
    jobs: ['Soudeur / Soudeuse'],
    type: 'Collège',
    from: '2026-04-01T00:00:00.000Z',
    to: '2026-05-01T00:00:00.000Z',
  };
  if (name in byName) return byName[name];
  if (named.name === 'Int') return 1;
  if (named.name === 'Float') return 1.5;
  if (named.name === 'Boolean') return true;
  if (named.name === 'ID') return '1';
  if (named.name === 'DateTime') return '2026-04-01T08:00:00.000Z';
  if (named.name === 'Upload') return null;
  return 'Texte';
}

/** A whole value of `type`, every field filled (optional ones too, to reach their rules). */
function baseline(name: string, type: GraphQLInputType): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const value = plausible(name, inner);
    return Array.isArray(value) ? value : [baseline(name, inner.ofType)];
  }
  if (isInputObjectType(inner)) {
    return Object.fromEntries(
      Object.values(inner.getFields()).map((field) => [field.name, baseline(field.name, field.type)]),
    );
  }
  return plausible(name, inner);
}

/** Every place a value can be changed: leaves, lists and input objects, with their types. */
function places(
  value: unknown,
  type: GraphQLInputType,
  path: Path,
  out: { path: Path; type: GraphQLInputType }[],
) {
  out.push({ path, type });
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner) && Array.isArray(value) && value.length > 0)
    places(value[0], inner.ofType, [...path, 0], out);
  if (isInputObjectType(inner) && value && typeof value === 'object') {
    for (const field of Object.values(inner.getFields())) {
      places((value as Record<string, unknown>)[field.name], field.type, [...path, field.name], out);
    }
  }
  return out;
}

const MISSING = Symbol('missing');

/** Wrong values for a place of this type. */
function wrongValues(type: GraphQLInputType): unknown[] {
  const inner = isNonNullType(type) ? type.ofType : type;
  const named = getNamedType(inner);
  const common = [MISSING, null, ...OTHER_TYPES];
  if (isListType(inner)) return [...common, 'pas une liste', Array.from({ length: 2000 }, () => 'x'), [null]];
  if (isInputObjectType(inner)) return [...common, 'pas un objet', { inconnu: 1 }];
  if (isEnumType(named)) return [...common, 'inconnu', named.getValues()[0]?.value.toUpperCase(), 3];
  if (named.name === 'Int' || named.name === 'Float') return [...common, ...NUMBERS];
  if (named.name === 'Boolean') return [...common, 'true', 0, 1];
  if (named.name === 'DateTime') return [...common, ...DATES, 0, ...STRINGS.slice(0, 6)];
  return [...common, ...STRINGS, ...DATES, ...NUMBERS.slice(0, 4)];
}

function setAt(root: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const copy = structuredClone(root);
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === MISSING) delete target[last];
  else target[last] = value;
  return copy;
}

interface Operation {
  name: string;
  query: string;
  args: readonly GraphQLArgument[];
}

function operationOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): Operation {
  const definitions = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const uses = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  const head = definitions ? `(${definitions})` : '';
  const call = uses ? `(${uses})` : '';
  return {
    name: field.name,
    query: `${kind} Fuzz${head} { ${field.name}${call}${selection} }`,
    args: field.args,
  };
}

/** Called last: their valid calls remove what the others work on (the company, its slots, the meeting). */
const DESTRUCTIVE = new Set([
  'archiveCompany',
  'refuseCompany',
  'deleteSlot',
  'cancelMeeting',
  'requestAccountDeletion',
  'changeMyPassword',
]);

const OPERATIONS: Operation[] = [
  ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) =>
    operationOf('mutation', field),
  ),
  ...Object.values(schema.getQueryType()?.getFields() ?? {})
    .filter((field) => field.args.length > 0)
    .map((field) => operationOf('query', field)),
].sort((a, b) => Number(DESTRUCTIVE.has(a.name)) - Number(DESTRUCTIVE.has(b.name)));

/** What graphql-js and zod say when nobody chose the words: the messages must all be ours, in French. */
const ENGLISH =
  /\b(Invalid|invalid input|Expected|expected|Too (big|small)|Required|received|must|Cannot|cannot|Unexpected|Did you mean)\b/;

/** Text that no stored field takes: longer than every cap, or with NUL or a bidi override. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters looked for.
const NEVER_STORED = /^[\s\S]{5000,}$|[\u0000\u202e\u2066]/;
/** Inputs that are not stored as text: passwords (hashed), searches and tokens (looked up). */
const NOT_STORED = new Set([
  'password',
  'newPassword',
  'currentPassword',
  'text',
  'query',
  'token',
  'refreshToken',
]);

/** The first text of the variables that should have been refused, with its key. */
function acceptedWrongly(value: unknown, key = ''): string | null {
  if (typeof value === 'string') return !NOT_STORED.has(key) && NEVER_STORED.test(value) ? key : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = acceptedWrongly(item, key);
      if (found !== null) return found;
    }
  }
  if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) {
      const found = acceptedWrongly(item, name);
      if (found !== null) return found;
    }
  }
  return null;
}

interface Failure {
  operation: string;
  role: Role;
  variables: string;
  status: number;
  problem: string;
}

describe('the API, fuzzed from its schema', () => {
  let t: TestApp;
  const users = {} as Record<Exclude<Role, 'visitor'>, number>;

  beforeAll(async () => {
    t = await createTestApp();
    const company = await insertCompany(t.db, { name: 'Forges du Fuzz' });
    const establishmentId = (
      await t.db.client.execute(
        "INSERT INTO establishments (name, type, label, zipcode, city, department_code, lat, lng) VALUES ('Collège Jean Moulin', 'Collège', '1 rue A, 69003 Lyon', '69003', 'Lyon', '69', 45.76, 4.85) RETURNING id",
      )
    ).rows[0]?.id as number;
    users.teacher = (
      await insertUser(t.db, {
        kind: 'teacher',
        profileType: 'teacher',
        schoolLevels: ['college'],
        establishmentId,
      })
    ).id;
    users.recruiter = (await insertUser(t.db, { kind: 'recruiter', companyId: company.id })).id;
    users.admin = (await insertUser(t.db, { kind: 'admin' })).id;
    for (let day = 1; day <= 3; day++) {
      await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + day * 86_400_000), {
        maxParticipants: 30,
        publicCategories: [...PUBLIC_CATEGORIES],
      });
    }
    // Meeting 1, on slot 1: what the meeting operations' id "1" names.
    const booked = await t.graphql(
      'mutation ($input: BookingInput!) { bookSlot(input: $input) { id } }',
      { input: { slotId: '1', participantsCount: 2, publicCategory: 'highSchool', acceptCharter: true } },
      { token: await loginAs(t.db, users.teacher) },
    );
    expect(booked.data).toEqual({ bookSlot: { id: '1' } });
  });
  afterAll(() => t.close());

  it('answers every call without a 500, with a code and a French message on every error', async () => {
    const random = prng(SEED);
    const failures: Failure[] = [];
    let calls = 0;

    async function call(operation: Operation, role: Role, variables: Record<string, unknown>) {
      calls += 1;
      const token = role === 'visitor' ? undefined : await loginAs(t.db, users[role]);
      const response = await t.app.request('/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query: operation.query, variables }),
      });
      const text = await response.text();
      const fail = (problem: string) =>
        failures.push({
          operation: operation.name,
          role,
          variables: JSON.stringify(variables).slice(0, 300),
          status: response.status,
          problem: problem.slice(0, 500),
        });
      if (response.status >= 500) return fail(`HTTP ${response.status}: ${text.slice(0, 300)}`);
      let body: { errors?: { message?: unknown; extensions?: Record<string, unknown> }[] };
      try {
        body = JSON.parse(text);
      } catch {
        return fail(`not JSON: ${text.slice(0, 200)}`);
      }
      const wrongly = body.errors ? null : acceptedWrongly(variables);
      if (wrongly !== null) fail(`accepted a text it should refuse, in ${wrongly}`);
      for (const error of body.errors ?? []) {
        const code = error.extensions?.code;
        if (typeof code !== 'string') fail(`no code: ${JSON.stringify(error)}`);
        else if (code === 'other_error') fail(`other_error: ${JSON.stringify(error)}`);
        const words = [error.message, ...Object.values((error.extensions?.fields as object) ?? {})];
        if (words.some((word) => typeof word !== 'string' || ENGLISH.test(word))) {
          fail(`not French: ${JSON.stringify(error)}`);
        }
      }
    }

    for (const operation of OPERATIONS) {
      const valid: Record<string, unknown> = Object.fromEntries(
        operation.args.map((arg) => [arg.name, baseline(arg.name, arg.type)]),
      );
      const targets = operation.args.flatMap((arg) => places(valid[arg.name], arg.type, [arg.name], []));
      for (const role of ['visitor', 'teacher', 'recruiter', 'admin'] as const) {
        await call(operation, role, valid);
        for (const { path, type } of targets) {
          const candidates = wrongValues(type);
          for (let i = 0; i < TRIES_PER_LEAF; i++)
            await call(operation, role, setAt(valid, path, random.pick(candidates)));
        }
      }
    }

    expect(calls).toBeGreaterThan(1000);
    expect(failures.slice(0, 40), `${failures.length} failures in ${calls} calls`).toEqual([]);
  }, 120_000);
});
