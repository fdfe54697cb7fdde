/**
 * The walls on what the files of `server/` import that dependency-cruiser cannot express (decision 0044):
 * a domain's `index.ts` re-exports no value of its queries, no folder cycle goes through the files
 * directly in `server/`, and no GraphQL resolver reaches the database itself. Run by check-sql-tables.ts,
 * which parses the files once for all the walls.
 */
import { posix } from 'node:path';
import ts from 'typescript';

export type Violation = { file: string; line: number; message: string };

export type ParsedFile = {
  /** Relative to the root, with forward slashes: `server/meetings/booking.ts`. */
  path: string;
  /** The first folder under `server/` (`meetings`), or '' for a file directly in `server/`. */
  folder: string;
  source: ts.SourceFile;
};

export function lineOf(source: ts.SourceFile, position: number): number {
  return source.getLineAndCharacterOfPosition(position).line + 1;
}

// ---------------------------------------------------------------------------------------------------------
// A domain's index.ts exports its use cases, views and types, not its queries

/** `queries.ts` or `queries/…` inside the domain's folder. */
const QUERIES = /(^|\/)queries(\.ts$|\/)/;

/**
 * Values the index re-exports from its queries, directly (`export { x } from './queries.ts'`,
 * `export * from`) or through an import. Types may go out: they are the domain's vocabulary.
 */
export function indexesExportingQueries(files: ParsedFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files.filter((f) => f.folder && f.path === `server/${f.folder}/index.ts`)) {
    const fromQueries = (specifier: ts.Expression) =>
      ts.isStringLiteral(specifier) &&
      QUERIES.test(posix.relative(`server/${file.folder}`, resolveImport(file.path, specifier.text)));
    const imported = new Map<string, string>();
    const flag = (node: ts.Node, name: string, queries: string) =>
      violations.push({
        file: file.path,
        line: lineOf(file.source, node.getStart(file.source)),
        message: `index re-exports '${name}' from its queries (${queries})`,
      });
    for (const statement of file.source.statements) {
      if (ts.isImportDeclaration(statement) && fromQueries(statement.moduleSpecifier)) {
        const clause = statement.importClause;
        const queries = resolveImport(file.path, (statement.moduleSpecifier as ts.StringLiteral).text);
        if (!clause || clause.isTypeOnly) continue;
        if (clause.name) imported.set(clause.name.text, queries);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) imported.set(bindings.name.text, queries);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements)
            if (!element.isTypeOnly) imported.set(element.name.text, queries);
        }
      }
      if (!ts.isExportDeclaration(statement) || statement.isTypeOnly) continue;
      const specifier = statement.moduleSpecifier;
      const queries =
        specifier && fromQueries(specifier) && resolveImport(file.path, (specifier as ts.StringLiteral).text);
      const clause = statement.exportClause;
      if (queries && !clause) flag(statement, '*', queries);
      if (!clause || !ts.isNamedExports(clause)) continue;
      for (const element of clause.elements) {
        const local = (element.propertyName ?? element.name).getText(file.source);
        const source = specifier ? queries : imported.get(local);
        if (source && !element.isTypeOnly) flag(element, element.name.getText(file.source), source);
      }
    }
  }
  return violations;
}

/** `server/meetings/index.ts` + `./queries.ts` → `server/meetings/queries.ts` (relative specifiers only). */
function resolveImport(from: string, specifier: string): string {
  return specifier.startsWith('.') ? posix.join(posix.dirname(from), specifier) : specifier;
}

// ---------------------------------------------------------------------------------------------------------
// No folder cycle through the files directly in server/ (the part dependency-cruiser misses)

type Edge = { file: string; line: number; target: string };

/**
 * Between `server` (its own files) and `server/<folder>` (all of that folder): each import from `server` to
 * a folder that leads back to `server` is on a cycle. Type-only imports count, as in dependency-cruiser's
 * `tsPreCompilationDeps`.
 */
export function cyclesThroughServerRoot(files: ParsedFile[]): Violation[] {
  const nodeOf = (path: string) => {
    const parts = path.split('/');
    if (parts[0] !== 'server' || parts.length < 2) return undefined;
    return parts.length === 2 ? 'server' : `server/${parts[1]}`;
  };
  const graph = new Map<string, Map<string, Edge>>();
  for (const file of files) {
    const from = nodeOf(file.path) as string;
    for (const edge of imports(file)) {
      const to = nodeOf(edge.target);
      if (!to || to === from) continue;
      const targets = graph.get(from) ?? new Map<string, Edge>();
      if (!targets.has(to)) targets.set(to, edge);
      graph.set(from, targets);
    }
  }
  const violations: Violation[] = [];
  for (const [folder, edge] of graph.get('server') ?? []) {
    const back = shortestPath(graph, folder, 'server');
    if (!back) continue;
    const last = graph.get(back[back.length - 2] as string)?.get('server') as Edge;
    violations.push({
      file: edge.file,
      line: edge.line,
      message: `folder cycle server → ${back.join(' → ')} (back by ${last.file}:${last.line})`,
    });
  }
  return violations;
}

function imports(file: ParsedFile): Edge[] {
  const edges: Edge[] = [];
  const add = (node: ts.Node, specifier: ts.Expression | undefined) => {
    if (specifier && ts.isStringLiteralLike(specifier) && specifier.text.startsWith('.')) {
      const target = resolveImport(file.path, specifier.text);
      edges.push({ file: file.path, line: lineOf(file.source, node.getStart(file.source)), target });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node, node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node, node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file.source);
  return edges;
}

/** Breadth first, so the cycle printed is the shortest one. */
function shortestPath(graph: Map<string, Map<string, Edge>>, from: string, to: string): string[] | undefined {
  const previous = new Map<string, string>([[from, '']]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node)?.keys() ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      if (next === to) {
        const path = [to];
        for (let at = node; at; at = previous.get(at) as string) path.unshift(at);
        return path;
      }
      queue.push(next);
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Resolvers through use cases

/** A domain's GraphQL module: `graphql.ts`, or `<part>-graphql.ts`. */
const GRAPHQL_FILE = /(^|\/|-)graphql\.ts$/;

/**
 * A resolver hands its viewer, arguments and `deps` to a use case or a view of its domain, which decides
 * what is read (issue 35): `deps.db` in a GraphQL module (`c.var.deps.db`, `deps.db`) is a resolver
 * choosing its own query, the way a rule ends up written twice.
 */
export function resolversReachingTheDatabase(files: ParsedFile[]): Violation[] {
  const found: Violation[] = [];
  for (const { path, folder, source } of files) {
    if (!folder || !GRAPHQL_FILE.test(path)) continue;
    const visit = (node: ts.Node) => {
      if (
        ts.isPropertyAccessExpression(node) &&
        node.name.text === 'db' &&
        /(^|\.)deps$/.test(node.expression.getText(source))
      ) {
        found.push({
          file: path,
          line: lineOf(source, node.getStart(source)),
          message: `a resolver reads ${node.getText(source)}: go through a use case or a view of the domain`,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
