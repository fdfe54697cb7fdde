import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterEach, describe, expect, it } from 'vitest';
import { checkWalls, DECISION, tableOwners } from './check-sql-tables.ts';

const projectConfig = fileURLToPath(new URL('../.dependency-cruiser.cjs', import.meta.url));
let roots: string[] = [];

/** A small tree in a temporary folder: path → content. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'walls-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

const printed = (root: string) => checkWalls(root).map((v) => `${v.file}:${v.line}  ${v.message}`);

const SCHEMA = {
  'db/schema/meetings.ts': "export const meetings = sqliteTable('meetings', {});\n",
  'db/schema/slots.ts': "export const slots = sqliteTable(\n  'slots',\n  {},\n);\n",
  'db/schema/companies.ts': "export const companies = sqliteTable('companies', {});\n",
  'db/migrations/0001_search.sql': [
    'CREATE VIRTUAL TABLE `company_search` USING fts5(`name`);',
    '--> statement-breakpoint',
    'CREATE TRIGGER `company_search_insert` AFTER INSERT ON `companies`',
    'BEGIN',
    '  INSERT INTO `company_search` (`rowid`, `name`) VALUES (NEW.`id`, NEW.`name`);',
    'END;',
  ].join('\n'),
};

describe('a domain names only its own tables in SQL', () => {
  it('owns what its schema module declares, and the index its table fills', () => {
    const owners = tableOwners(tree(SCHEMA));
    expect(Object.fromEntries(owners)).toEqual({
      meetings: 'meetings',
      slots: 'slots',
      companies: 'companies',
      company_search: 'companies',
    });
  });

  it("reports another domain's table in a string, a drizzle sql template and a template", () => {
    const root = tree({
      ...SCHEMA,
      'server/meetings/booking.ts': [
        "import { sql } from 'drizzle-orm';",
        '// UPDATE slots SET seats_taken = 0: a comment names nothing',
        "export const take = 'UPDATE slots SET seats_taken = seats_taken + 1 WHERE id = ?';",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a file with a template.
        'export const mine = sql`SELECT id FROM meetings WHERE slot_id = ${1}`;',
        'export const joined = sql`SELECT m.id FROM meetings m',
        '  JOIN slots s ON s.id = m.slot_id`;',
        'const columns = "id";',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a file with a template.
        'export const read = `SELECT ${columns} FROM companies WHERE id IN (${[1].join(", ")})`;',
        "export const commas = 'SELECT 1 FROM meetings m, slots s WHERE s.id = m.slot_id';",
        "export const qualified = 'SELECT 1 FROM json_each(slots.subjects) WHERE value = ?';",
        "export const alias = 'SELECT c.name FROM meetings c';",
      ].join('\n'),
      'server/search/search.ts':
        "export const match = 'c.id IN (SELECT rowid FROM company_search WHERE company_search MATCH ?)';\n",
    });
    expect(printed(root)).toEqual([
      "server/meetings/booking.ts:3  domain 'meetings' names table 'slots' (owned by 'slots')",
      "server/meetings/booking.ts:6  domain 'meetings' names table 'slots' (owned by 'slots')",
      "server/meetings/booking.ts:8  domain 'meetings' names table 'companies' (owned by 'companies')",
      "server/meetings/booking.ts:9  domain 'meetings' names table 'slots' (owned by 'slots')",
      "server/meetings/booking.ts:10  domain 'meetings' names table 'slots' (owned by 'slots')",
      "server/search/search.ts:1  folder 'search' (owns no table) names table 'company_search' (owned by 'companies')",
    ]);
  });

  it('leaves GraphQL SDL, prose and table-less folders without SQL alone', () => {
    const root = tree({
      ...SCHEMA,
      'server/graphql/schema.ts': [
        'export const typeDefs = /* GraphQL */ `',
        '  type Company { slots: [Slot!]! }',
        '  type Query { meetings(from: DateTime): [Meeting!]! companies: [Company!]! }',
        '`;',
        "export const error = 'No slots from meetings: the companies are closed';",
      ].join('\n'),
      'server/slots/slots.ts': "export const own = 'UPDATE slots SET seats_taken = 0';\n",
    });
    expect(printed(root)).toEqual([]);
  });

  it('accepts the exceptions of the decision, and reports one that matches nothing', () => {
    const root = tree({
      ...SCHEMA,
      'server/ports/builtin.ts': "export const q = 'SELECT id FROM companies WHERE siret = ?';\n",
      [DECISION]: [
        '# Walls',
        '<!-- walls:sql-table-exceptions -->',
        '| file | table | why |',
        '| ---- | ----- | --- |',
        '| `server/ports/builtin.ts` | `companies` | stands in for an outside service |',
        '| `server/ports/builtin.ts` | `slots` | no longer named |',
        '<!-- /walls:sql-table-exceptions -->',
      ].join('\n'),
    });
    expect(printed(root)).toEqual([
      `${DECISION}:6  exception server/ports/builtin.ts | slots matches nothing: remove it`,
    ]);
  });
});

describe("a domain's index exports no queries", () => {
  it('reports values re-exported from queries.ts, directly or through an import, and lets types go', () => {
    const root = tree({
      'server/companies/index.ts': [
        "import { listCompanies } from './queries.ts';",
        "export { myCompany } from './companies.ts';",
        "export { type CompanyRow, findCompany } from './queries.ts';",
        "export type { CompanyFilter } from './queries.ts';",
        'export { listCompanies };',
        "export * from './queries/batches.ts';",
      ].join('\n'),
    });
    expect(printed(root)).toEqual([
      "server/companies/index.ts:3  index re-exports 'findCompany' from its queries (server/companies/queries.ts)",
      "server/companies/index.ts:5  index re-exports 'listCompanies' from its queries (server/companies/queries.ts)",
      "server/companies/index.ts:6  index re-exports '*' from its queries (server/companies/queries/batches.ts)",
    ]);
  });
});

describe('resolvers go through use cases', () => {
  it('reports a GraphQL module reading deps.db, and leaves use cases and other files alone', () => {
    const root = tree({
      'server/slots/graphql.ts': [
        'export const slotsModule = { resolvers: { Query: {',
        '  slot: (_r, args, c) => slotFor(c.var.viewer, args.id, c.var.deps),',
        '  count: (_r, _a, c) => countSlots(c.var.deps.db),',
        '} } };',
      ].join('\n'),
      'server/slots/team-graphql.ts': 'export const f = (deps) => listAll(deps.db);\n',
      'server/slots/use-cases.ts': 'export const slotFor = (viewer, id, deps) => findSlot(deps.db, id);\n',
    });
    expect(printed(root)).toEqual([
      'server/slots/graphql.ts:3  a resolver reads c.var.deps.db: go through a use case or a view of the domain',
      'server/slots/team-graphql.ts:1  a resolver reads deps.db: go through a use case or a view of the domain',
    ]);
  });
});

describe('no folder cycle', () => {
  it('dependency-cruiser reports two folders importing each other, though every file is acyclic', async () => {
    const root = tree({
      'server/a/index.ts': "import { b } from '../b/index.ts';\nexport const a = b;\n",
      'server/b/index.ts': 'export const b = 1;\n',
      'server/b/uses-a.ts': "import { a } from '../a/index.ts';\nexport const c = a;\n",
    });
    expect(await folderCycles(root)).toEqual(['server/a → server/b', 'server/b → server/a']);
  });

  it('dependency-cruiser does not count test files', async () => {
    const root = tree({
      'server/a/index.ts': "import { b } from '../b/index.ts';\nexport const a = b;\n",
      'server/b/index.ts': 'export const b = 1;\n',
      'server/b/index.test.ts': "import { a } from '../a/index.ts';\nexport const c = a;\n",
    });
    expect(await folderCycles(root)).toEqual([]);
  });

  it('the checker reports the cycles through the files directly in server/, which dependency-cruiser cannot', () => {
    const root = tree({
      'server/app.ts': "import { routes } from './meetings/index.ts';\nexport const app = routes;\n",
      'server/errors.ts': 'export class AppError extends Error {}\n',
      'server/meetings/index.ts':
        "import { AppError } from '../errors.ts';\nexport const routes = AppError;\n",
      'server/kernel/clock.ts': 'export const now = () => 0;\n',
      'server/main.test.ts': "import { now } from './kernel/clock.ts';\nexport const t = now;\n",
    });
    expect(printed(root)).toEqual([
      'server/app.ts:1  folder cycle server → server/meetings → server (back by server/meetings/index.ts:1)',
    ]);
  });
});

/** The folder cycles that the project's dependency-cruiser configuration finds in a tree. */
async function folderCycles(root: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(projectConfig);
  const { output } = await cruise(['server'], { ...options, baseDir: root });
  if (typeof output === 'string') throw new Error(output);
  return output.summary.violations
    .filter((violation) => violation.rule.name === 'no-folder-cycles')
    .map((violation) => `${violation.from} → ${violation.to}`)
    .sort();
}
