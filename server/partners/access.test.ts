import { type GraphQLField, type GraphQLObjectType, getNamedType, isLeafType, isNonNullType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_SCOPES } from '../../common/partners.ts';
import { createTestApp, insertUser, loginAs, TEST_NOW } from '../../tests/fixtures/app.ts';
import { schema } from '../graphql/index.ts';
import { PARTNER_FIELDS, PARTNER_MUTATIONS, PARTNER_QUERIES } from './access.ts';

/**
 * Every root field of the API, asked with a partner key that holds every scope: those not open to partners
 * are refused before they run, with `partner_not_allowed` naming them — a field added to the API tomorrow
 * is refused until it is opened (access.ts). Its required arguments are declared as variables and left
 * unsent: the refusal comes before they are read.
 */
function operationOf(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const required = field.args.filter((arg) => isNonNullType(arg.type));
  const variables = required.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const args = required.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${kind}${variables ? ` (${variables})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
}

const rootFields = (kind: 'query' | 'mutation') =>
  Object.values(
    ((kind === 'query' ? schema.getQueryType() : schema.getMutationType()) as GraphQLObjectType).getFields(),
  );

describe('what a partner key may ask of /graphql (issue 37)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await loginAs(t.db, (await insertUser(t.db, { kind: 'admin' })).id);
    const { data } = await t.graphql<{ createPartnerKey: { secret: string } }>(
      'mutation ($input: PartnerKeyInput!) { createPartnerKey(input: $input) { secret } }',
      { input: { name: 'Toutes', contactEmail: 'api@exemple.fr', scopes: PARTNER_SCOPES } },
      { token: admin },
    );
    secret = data?.createPartnerKey.secret ?? '';
  });
  afterAll(() => t.close());

  for (const kind of ['query', 'mutation'] as const) {
    const open: Readonly<Record<string, unknown>> = kind === 'query' ? PARTNER_QUERIES : PARTNER_MUTATIONS;
    it(`refuses every ${kind} not open to partners, before it runs`, async () => {
      const refused: string[] = [];
      const wrong: string[] = [];
      for (const [i, field] of rootFields(kind).entries()) {
        if (Object.hasOwn(open, field.name)) continue;
        // A minute apart: the key's own limit (60 a minute) is another test's (partners.test.ts).
        t.clock.set(new Date(TEST_NOW.getTime() + (i + 1) * 60_000));
        const answer = await t.graphql(operationOf(kind, field), {}, { token: secret });
        const extensions = answer.errors?.[0]?.extensions;
        if (
          answer.status === 403 &&
          extensions?.code === 'partner_not_allowed' &&
          extensions.field === field.name
        ) {
          refused.push(field.name);
        } else wrong.push(`${field.name}: ${answer.status} ${JSON.stringify(answer.errors ?? answer.data)}`);
      }
      expect(wrong).toEqual([]);
      expect(refused.length).toBeGreaterThan(kind === 'query' ? 30 : 80);
    });
  }

  it('opens only queries and mutations the schema has, or the webhooks’ (server/webhooks/)', () => {
    const names = new Set([...rootFields('query'), ...rootFields('mutation')].map((field) => field.name));
    const webhooks = [
      'myWebhookEndpoints',
      'createWebhookEndpoint',
      'deleteWebhookEndpoint',
      'redeliverWebhook',
    ];
    const opened = [...Object.keys(PARTNER_QUERIES), ...Object.keys(PARTNER_MUTATIONS)];
    expect(opened.filter((name) => !names.has(name) && !webhooks.includes(name))).toEqual([]);
  });

  it('opens no field whose name says it is about a person, a contact or a booking', () => {
    const personal =
      /email|phone|speaker|contact|team|join|teacher|recruiter|meeting(s)?$|message|video|user/i;
    const opened = Object.entries(PARTNER_FIELDS).flatMap(([type, fields]) =>
      fields === 'all' ? [] : fields.map((field) => `${type}.${field}`),
    );
    expect(opened.filter((field) => personal.test(field.split('.')[1] ?? ''))).toEqual([]);
  });
});
