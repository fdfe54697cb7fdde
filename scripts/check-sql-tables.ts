/**
 * The walls of ARCHITECTURE.md that dependency-cruiser cannot see (docs/decisions/0044), run by
 * `npm run check` after it:
 *
 * - a domain's SQL names only its own tables: dependency-cruiser keeps `server/<domain>/` to its own schema
 *   module, but raw SQL names tables in strings, which no import shows;
 * - a domain's `index.ts` does not re-export its queries: others call its use cases and views;
 * - no folder cycle through the files directly in `server/`: dependency-cruiser's folder `server` holds
 *   all of `server/**`, so it never sees `server/app.ts → meetings/ → server/errors.ts` as a cycle;
 * - no GraphQL resolver reads `deps.db` itself: it goes through a use case or a view of its domain.
 *
 * Everything is derived from the tree (the folders of `server/`, the schema modules, the migrations), so
 * that folders can move without this file changing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import {
  cyclesThroughServerRoot,
  indexesExportingQueries,
  lineOf,
  type ParsedFile,
  resolversReachingTheDatabase,
  type Violation,
} from './walls-imports.ts';

export type { Violation };

/** The decision that lists the sanctioned exceptions, between these two markers. */
export const DECISION = 'docs/decisions/0044-walls-each-domain-its-tables.md';
const EXCEPTIONS_START = '<!-- walls:sql-table-exceptions -->';
const EXCEPTIONS_END = '<!-- /walls:sql-table-exceptions -->';

export function checkWalls(root: string): Violation[] {
  const files = serverFiles(root).map((file) => parse(root, file));
  return [
    foreignTables(files, tableOwners(root), readExceptions(root)),
    indexesExportingQueries(files),
    cyclesThroughServerRoot(files),
    resolversReachingTheDatabase(files),
  ].flatMap((group) => group.sort(byPlace));
}

const byPlace = (a: Violation, b: Violation) => a.file.localeCompare(b.file) || a.line - b.line;

// ---------------------------------------------------------------------------------------------------------
// Who owns which table

/**
 * Table (or view) → the domain whose `db/schema/<domain>.ts` declares it with `sqliteTable('…')` or
 * `sqliteView('…')`. A table the migrations create that no module declares (the FTS5 index
 * `company_search`) belongs to the domain of the table it mirrors: the one whose AFTER INSERT trigger inserts
 * into it, a row of the index per row of that table (`companies`). `slot_open_hours`, kept the same way by
 * the triggers of `slots`, is declared in `db/schema/slots.ts` and needs no such guess.
 */
export function tableOwners(root: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of listTs(join(root, 'db/schema'))) {
    const text = readFileSync(join(root, 'db/schema', file), 'utf8');
    for (const [, table] of text.matchAll(/\bsqlite(?:Table|View)\(\s*['"`]([^'"`]+)['"`]/g)) {
      owners.set(table as string, file.replace(/\.ts$/, ''));
    }
  }
  for (const [table, mirrored] of mirroredTables(root)) {
    const owner = owners.get(mirrored);
    if (!owners.has(table) && owner) owners.set(table, owner);
  }
  return owners;
}

/** [table written by an AFTER INSERT trigger, the table the trigger is on], from every migration. */
function mirroredTables(root: string): [string, string][] {
  const dir = join(root, 'db/migrations');
  if (!existsSync(dir)) return [];
  const pairs: [string, string][] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    const triggers =
      /CREATE TRIGGER\s+(?:IF NOT EXISTS\s+)?\S+\s+AFTER\s+INSERT\s+ON\s+`?(\w+)`?[\s\S]*?\bBEGIN\b([\s\S]*?)\bEND;/g;
    for (const [, on, body] of text.matchAll(triggers)) {
      for (const [, into] of (body as string).matchAll(/INSERT\s+INTO\s+`?(\w+)`?/g)) {
        if (into !== on) pairs.push([into as string, on as string]);
      }
    }
  }
  return pairs;
}

// ---------------------------------------------------------------------------------------------------------
// The server's files

const TEST = /\.test\.tsx?$/;

function serverFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !TEST.test(entry.name)) found.push(path);
    }
  };
  if (existsSync(join(root, 'server'))) walk('server');
  return found.sort();
}

function parse(root: string, path: string): ParsedFile {
  const text = readFileSync(join(root, path), 'utf8');
  const parts = path.split('/');
  return {
    path,
    folder: parts.length > 2 ? (parts[1] as string) : '',
    source: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true),
  };
}

function listTs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => name.endsWith('.ts') && !TEST.test(name));
}

// ---------------------------------------------------------------------------------------------------------
// A domain's SQL names only its own tables

type Exception = { file: string; table: string; line: number };

/**
 * The rows `| file | table | why |` between the markers of the decision. No decision, no exception (a tree
 * without it, as in the tests); a decision whose markers are gone is an error rather than an empty list.
 */
export function readExceptions(root: string): Exception[] {
  const path = join(root, DECISION);
  if (!existsSync(path)) return [];
  const lines = readFileSync(path, 'utf8').split('\n');
  const start = lines.indexOf(EXCEPTIONS_START);
  const end = lines.indexOf(EXCEPTIONS_END);
  if (start < 0 || end < start) throw new Error(`${DECISION}: the list of exceptions has lost its markers`);
  const exceptions: Exception[] = [];
  for (let i = start + 1; i < end; i++) {
    const cells = (lines[i] as string)
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim().replaceAll('`', ''));
    const [file, table] = cells;
    if (!file || !table || file === 'file' || /^:?-+:?$/.test(file)) continue;
    exceptions.push({ file, table, line: i + 1 });
  }
  return exceptions;
}

/** Uppercase keywords: the codebase writes SQL's keywords so, and prose or GraphQL SDL has none. */
const LOOKS_LIKE_SQL = /\b(SELECT|INSERT|UPDATE|DELETE|FROM|JOIN|WHERE|SET|AND|OR|ON)\b/;
const QUOTE = '(?:\\\\?[`"\\[])?';
/** A table after FROM, JOIN, UPDATE, INTO (`DELETE FROM`, `INSERT INTO`, `EXISTS (SELECT 1 FROM x`). */
const AFTER_KEYWORD = new RegExp(`\\b(FROM|JOIN|UPDATE|INTO)\\s+${QUOTE}([A-Za-z_]\\w*)`, 'g');
/** `, next_table` after a FROM's table and its lowercase alias (keywords, uppercase, end the list). */
const COMMA_JOIN = new RegExp(`^${QUOTE}(?:\\s+(?:AS\\s+)?[a-z_]\\w*)?\\s*,\\s*${QUOTE}([A-Za-z_]\\w*)`);
/**
 * `slots.public_categories`: a table named to qualify a column (an alias is not in the owners' map); not
 * after a quote, where it is a value (`'slots.changed'`), nor after a dot (`'$.slots'`).
 */
const QUALIFIED = /(?<![\w.$'])([a-z_]\w*)\.[a-z_]\w*/g;

function foreignTables(
  files: ParsedFile[],
  owners: Map<string, string>,
  exceptions: Exception[],
): Violation[] {
  const domains = new Set(owners.values());
  const used = new Set<Exception>();
  const violations: Violation[] = [];
  for (const file of files) {
    const domain = domains.has(file.folder) ? file.folder : undefined;
    const seen = new Set<string>();
    for (const { table, position } of tablesNamed(file.source, owners)) {
      const owner = owners.get(table);
      if (owner === domain) continue;
      const exception = exceptions.find((e) => e.file === file.path && e.table === table);
      if (exception) {
        used.add(exception);
        continue;
      }
      const line = lineOf(file.source, position);
      if (seen.has(`${line} ${table}`)) continue;
      seen.add(`${line} ${table}`);
      const who = domain ? `domain '${domain}'` : `folder '${file.folder || 'server/'}' (owns no table)`;
      violations.push({
        file: file.path,
        line,
        message: `${who} names table '${table}' (owned by '${owner}')`,
      });
    }
  }
  for (const exception of exceptions.filter((e) => !used.has(e))) {
    violations.push({
      file: DECISION,
      line: exception.line,
      message: `exception ${exception.file} | ${exception.table} matches nothing: remove it`,
    });
  }
  return violations;
}

/** Every known table a string, template or `sql` template of the file names as a table. */
function tablesNamed(source: ts.SourceFile, owners: Map<string, string>) {
  const found: { table: string; position: number }[] = [];
  for (const { start, text } of literals(source)) {
    if (!LOOKS_LIKE_SQL.test(text)) continue;
    const at = (table: string, index: number) => {
      if (owners.has(table)) found.push({ table, position: start + index });
    };
    for (const match of text.matchAll(AFTER_KEYWORD)) {
      const [whole, keyword, table] = match as unknown as [string, string, string];
      at(table, match.index + whole.length - table.length);
      let rest = match.index + whole.length;
      for (let next = keyword === 'FROM' && COMMA_JOIN.exec(text.slice(rest)); next; ) {
        const [joined, other] = next as unknown as [string, string];
        at(other, rest + joined.length - other.length);
        rest += joined.length;
        next = COMMA_JOIN.exec(text.slice(rest));
      }
    }
    for (const match of text.matchAll(QUALIFIED)) at(match[1] as string, match.index);
  }
  return found;
}

/**
 * The source text of every string literal and template, where it starts, its opening quote blanked (so that
 * a quote before a name means SQL's own quotes). A template's substitutions are blanked too (`FROM ${table}`
 * names nothing) and their own literals are visited on their own; comments are not nodes: they never count.
 */
function literals(source: ts.SourceFile): { start: number; text: string }[] {
  const found: { start: number; text: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ start: node.getStart(source), text: ` ${node.getText(source).slice(1)}` });
    } else if (ts.isTemplateExpression(node)) {
      const start = node.getStart(source);
      let text = node.getText(source);
      for (const span of node.templateSpans) {
        const from = span.expression.getFullStart() - start;
        const to = span.literal.getStart(source) - start;
        text = text.slice(0, from) + ' '.repeat(to - from) + text.slice(to);
      }
      found.push({ start, text: ` ${text.slice(1)}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// ---------------------------------------------------------------------------------------------------------

if (import.meta.main) {
  const violations = checkWalls(process.cwd());
  for (const v of violations) console.error(`${v.file}:${v.line}  ${v.message}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} wall(s) crossed: see ${DECISION}`);
    process.exitCode = 1;
  }
}
