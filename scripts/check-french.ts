/**
 * French as a person types it, in every text the code holds (docs/decisions/0091): run by `npm run check`,
 * which fails on what it finds; `node scripts/check-french.ts --write` mends what is mechanical, then has
 * biome format the files it changed.
 *
 * - apostrophe: an elision typed with the straight ' (« l'équipe », « d'Énergies », « aujourd'hui ») takes
 *   the typographic ’ (fixed);
 * - space: « ? ! : ; » and the inside of « » take a no-break space, U+00A0: an ordinary space there becomes
 *   one (fixed), and where French prose has none at all (« Bonjour: », «Oui») one is put (fixed);
 * - e-mail: French prose writes « e-mail » (« email » is fixed; « mail » and « courriel » are told, since
 *   their article must change with them: « le mail » → « l’e-mail »).
 *
 * What it reads: the string literals, the template literals and the JSX text of every TypeScript file of
 * the tree but node_modules and the builds — tests too, so that their assertions keep up with the product.
 * It reads the text as the program sees it (escapes and entities decoded, JSX whitespace collapsed as React
 * does) and writes back into the source only the characters it mends. What is not French text is left
 * alone: module names, types, tagged `sql` and `graphql`, JSX attributes that nobody reads (className,
 * href…), structured logs and test titles, and any text that looks like code (an arrow, a brace, SQL).
 * A file that must keep straight apostrophes (this one's tests) says `check-french: off` in a comment; a
 * line that must says `check-french-ignore` in a comment on the line before.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const NBSP = '\u00a0';
const APOSTROPHE = '’';

export type Rule = 'apostrophe' | 'space' | 'e-mail';

export interface Finding {
  file: string;
  line: number;
  column: number;
  rule: Rule;
  /** What was found, with a few characters of its text around it. */
  excerpt: string;
  /** Whether `--write` mends it. */
  fixable: boolean;
}

/** Folders never read: dependencies, builds, data. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-cloudflare', 'data', '.git', 'public']);

/** Every .ts and .tsx file of the tree, relative to `root`, sorted. */
export function frenchSourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
    }
  };
  walk('');
  return found.sort();
}

// ---------------------------------------------------------------------------------------------------------
// Text as the program reads it, mapped back to the source

/**
 * One piece of a text: `cooked` is what the program sees, `start`–`end` the characters of the file that
 * say it. An expression inside the text (`${name}`, `{name}`, a nested element) is one piece whose cooked
 * text is HOLE: something of unknown wording.
 */
interface Piece {
  start: number;
  end: number;
  cooked: string;
  /** False for a hole: nothing is written inside it. */
  editable: boolean;
  /** A string of spaces only (JSX's `{' '}`): a no-break space is written `\u00a0` there, to be seen. */
  spacesOnly?: boolean;
  /** A test's regular expression: a no-break space is written `\s` there, which matches it and a space. */
  pattern?: boolean;
}

const HOLE = '\uE000';

/** The pieces of a JavaScript string or template part, `raw` starting at `offset` in the file. */
function jsPieces(raw: string, offset: number): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < raw.length) {
    let length = 1;
    let cooked = raw[i] as string;
    if (cooked === '\\') {
      const rest = raw.slice(i + 1);
      const sequence =
        /^u\{[0-9a-fA-F]+\}/.exec(rest) ??
        /^u[0-9a-fA-F]{4}/.exec(rest) ??
        /^x[0-9a-fA-F]{2}/.exec(rest) ??
        /^(\r\n|[\s\S])/.exec(rest);
      const body = sequence?.[0] ?? '';
      length = 1 + body.length;
      cooked = decodeEscape(body);
    } else if (cooked === '\r' && raw[i + 1] === '\n') {
      length = 2;
      cooked = '\n';
    }
    pieces.push({ start: offset + i, end: offset + i + length, cooked, editable: true });
    i += length;
  }
  return pieces;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  v: '\v',
  0: '\0',
};

function decodeEscape(body: string): string {
  if (/^u\{/.test(body)) return String.fromCodePoint(Number.parseInt(body.slice(2, -1), 16));
  if (/^[ux]/.test(body) && body.length > 1) return String.fromCharCode(Number.parseInt(body.slice(1), 16));
  if (/^(\r\n|\r|\n|\u2028|\u2029)$/.test(body)) return '';
  return SIMPLE_ESCAPES[body] ?? body;
}

const ENTITIES: Record<string, string> = {
  nbsp: NBSP,
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  laquo: '«',
  raquo: '»',
  rsquo: '’',
  lsquo: '‘',
  hellip: '…',
  thinsp: '\u2009',
  ndash: '–',
  mdash: '—',
};

/** The pieces of text with HTML entities (JSX text, a JSX attribute's string), `raw` at `offset`. */
function entityPieces(raw: string, offset: number): Piece[] {
  const pieces: Piece[] = [];
  let i = 0;
  while (i < raw.length) {
    const entity = raw[i] === '&' ? /^&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/.exec(raw.slice(i)) : null;
    const name = entity?.[1];
    const cooked = !name
      ? (raw[i] as string)
      : name.startsWith('#x')
        ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
        : name.startsWith('#')
          ? String.fromCodePoint(Number.parseInt(name.slice(1), 10))
          : (ENTITIES[name] ?? (entity?.[0] as string));
    const length = entity ? entity[0].length : 1;
    pieces.push({ start: offset + i, end: offset + i + length, cooked, editable: true });
    i += length;
  }
  return pieces;
}

/**
 * JSX text as React renders it (Babel's rule): each line trimmed of the spaces at its ends, except the
 * first line's start and the last line's end; lines that are left empty dropped; the others joined by one
 * space. The whitespace that makes that space is one piece, so that a no-break space can replace it.
 */
function jsxTextPieces(raw: string, offset: number): Piece[] {
  const lines: { start: number; end: number }[] = [];
  for (let start = 0; ; ) {
    const newline = /\r\n|\n|\r/g;
    newline.lastIndex = start;
    const found = newline.exec(raw);
    lines.push({ start, end: found ? found.index : raw.length });
    if (!found) break;
    start = found.index + found[0].length;
  }
  const kept = lines.map((line, index) => {
    let { start, end } = line;
    if (index > 0) while (start < end && /[ \t]/.test(raw[start] as string)) start++;
    if (index < lines.length - 1) while (end > start && /[ \t]/.test(raw[end - 1] as string)) end--;
    return { start, end };
  });
  const nonEmpty = kept.map((line, index) => (line.end > line.start ? index : -1)).filter((i) => i >= 0);
  const pieces: Piece[] = [];
  nonEmpty.forEach((index, n) => {
    const line = kept[index] as { start: number; end: number };
    pieces.push(...entityPieces(raw.slice(line.start, line.end), offset + line.start));
    const next = nonEmpty[n + 1];
    if (next !== undefined) {
      const nextStart = (kept[next] as { start: number }).start;
      pieces.push({ start: offset + line.end, end: offset + nextStart, cooked: ' ', editable: true });
    }
  });
  return pieces;
}

/**
 * A regular expression's pieces, read as the text it matches: `\s` and `\u00a0` are the no-break space they
 * match, `\?` a question mark, a class like `\d` some character of it, `\b` nothing.
 */
function patternPieces(body: string, offset: number): Piece[] {
  const pieces: Piece[] = [];
  for (let i = 0; i < body.length; ) {
    const sequence =
      body[i] === '\\'
        ? (/^\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/.exec(body.slice(i))?.[0] ?? '\\')
        : '';
    const length = sequence.length || 1;
    const cooked = !sequence
      ? (body[i] as string)
      : /^\\(s|u00[aA]0|x[aA]0)$/.test(sequence)
        ? NBSP
        : /^\\[bB]$/.test(sequence)
          ? ''
          : /^\\[dwSDW]$/.test(sequence)
            ? 'x'
            : decodeEscape(sequence.slice(1));
    pieces.push({ start: offset + i, end: offset + i + length, cooked, editable: true, pattern: true });
    i += length;
  }
  return pieces;
}

const hole = (node: ts.Node, source: ts.SourceFile): Piece => ({
  start: node.getStart(source),
  end: node.end,
  cooked: HOLE,
  editable: false,
});

/** A string literal's or template's pieces, the expressions of a template as holes. */
function literalPieces(node: ts.Node, source: ts.SourceFile, jsxAttribute = false): Piece[] {
  const inner = (part: ts.Node, before: number, after: number) => {
    const start = part.getStart(source) + before;
    const text = source.text.slice(start, part.end - after);
    return jsxAttribute ? entityPieces(text, start) : jsPieces(text, start);
  };
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    const pieces = inner(node, 1, 1);
    const spacesOnly = !jsxAttribute && node.text.length > 0 && node.text.trim() === '';
    return spacesOnly ? pieces.map((piece) => ({ ...piece, spacesOnly })) : pieces;
  }
  if (!ts.isTemplateExpression(node)) return [];
  const pieces = inner(node.head, 1, 2);
  let before: ts.Node = node.head;
  for (const span of node.templateSpans) {
    // From the `${` that ends the part before to the `}` that starts the next.
    pieces.push({
      start: before.end - 2,
      end: span.literal.getStart(source) + 1,
      cooked: HOLE,
      editable: false,
    });
    pieces.push(...inner(span.literal, 1, ts.isTemplateTail(span.literal) ? 1 : 2));
    before = span.literal;
  }
  return pieces;
}

// ---------------------------------------------------------------------------------------------------------
// Which texts are read

/** JSX attributes whose value nobody reads as text. */
const CODE_ATTRIBUTES = new Set([
  'className',
  'class',
  'href',
  'src',
  'srcSet',
  'id',
  'name',
  'type',
  'key',
  'role',
  'style',
  'method',
  'action',
  'htmlFor',
  'rel',
  'target',
  'lang',
  'dir',
  'autoComplete',
  'inputMode',
  'pattern',
  'accept',
  'encType',
  'form',
  'as',
  'media',
  'sizes',
  'charSet',
  'httpEquiv',
  'property',
  'xmlns',
  'viewBox',
  'd',
  'fill',
  'stroke',
  'value',
  'defaultValue',
  'island',
]);

const isCodeAttribute = (name: string) =>
  CODE_ATTRIBUTES.has(name) ||
  name.startsWith('data-') ||
  /^aria-(controls|describedby|labelledby|owns|live|current|hidden|haspopup|expanded|activedescendant)$/.test(
    name,
  );

/**
 * Calls whose string arguments are not read by users: the structured logs (English, for the operators'
 * tools; a script's `console` speaks French to a person, and is read), module loading, patterns, test titles.
 */
function isQuietCall(call: ts.CallExpression | ts.NewExpression, source: ts.SourceFile): boolean {
  const callee = call.expression.getText(source);
  return (
    /^(log|logger|(deps|context|c\.var\.deps)\.log)\.\w+$/.test(callee) ||
    /^(require|import|RegExp|describe|it|test|bench)(\.\w+)*$/.test(callee) ||
    /\.(describe|it|test)(\.\w+)*$/.test(callee)
  );
}

/**
 * Testing Library's text queries compare their string with the DOM's text once its spaces, the no-break ones
 * too, are collapsed into ordinary spaces: there a no-break space would never match.
 */
const COLLAPSING_QUERY =
  /(^|\.)(get|query|find)(All)?By(Text|LabelText|PlaceholderText|DisplayValue|AltText|Title)$/;

/** How a string or template is read: as text, as text whose spaces a query collapses, or as code. */
type Reading = 'text' | 'collapsed' | 'code';

function readingOf(node: ts.Node, source: ts.SourceFile): Reading {
  const code = isCode(node, source);
  if (code) return 'code';
  const call = node.parent;
  if (
    ts.isCallExpression(call) &&
    call.arguments[0] === node &&
    COLLAPSING_QUERY.test(call.expression.getText(source))
  )
    return 'collapsed';
  return 'text';
}

/** Whether a string or template sits where it is code, not text. */
function isCode(node: ts.Node, source: ts.SourceFile): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (
      ts.isImportDeclaration(parent) ||
      ts.isExportDeclaration(parent) ||
      ts.isExternalModuleReference(parent) ||
      ts.isImportTypeNode(parent) ||
      ts.isLiteralTypeNode(parent) ||
      ts.isModuleDeclaration(parent)
    )
      return true;
    if (ts.isTaggedTemplateExpression(parent) && child === parent.template) {
      return /^(sql|graphql|gql|css|String\.raw)$/.test(parent.tag.getText(source));
    }
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && isQuietCall(parent, source))
      return parent.arguments?.includes(child as ts.Expression) ?? false;
    if (ts.isJsxAttribute(parent)) return isCodeAttribute(parent.name.getText(source));
    if (ts.isStatement(parent) || ts.isJsxElement(parent)) return false;
  }
  return false;
}

/** A text that is code in a string: an inline script, SQL, a GraphQL document, CSS. */
const LOOKS_LIKE_CODE = new RegExp(
  [
    /=>|===|!==|&&|\|\||[{}]|\b(function|return|const)\b|\b(document|window)\./.source,
    /\b(SELECT|INSERT|UPDATE|DELETE|FROM|WHERE|AND|OR|BETWEEN|LIMIT|VALUES|CREATE|PRAGMA|BEGIN|INTO|SET|JOIN|VACUUM|ATTACH|DROP|ALTER|RETURNING|EXPLAIN)\b/
      .source,
    // A header or a protocol's text (`attachment; filename=…`, CRLF lines), HTML entities.
    /\w=|\r\n|&#?\w+;/.source,
    // A file's name (« Plan d'accès.pdf »): what a person named their file is theirs.
    /\.([pP][dD][fF]|docx?|odt|xlsx?|pptx?|jpe?g|png|webp|zip|rar|csv|ics|txt)$/.source,
  ].join('|'),
);

/** French's small words, none of them English: two of them, or one and an accent, make a text French prose. */
const FRENCH_WORDS = new Set(
  (
    'le la les un une des du de et est sont vous votre vos nous notre nos pour avec dans sur pas ne au aux ' +
    'ce cette ces qui que leur leurs il elle ils elles ou mais par en se sa ses mon ma mes aucun aucune'
  ).split(' '),
);

/**
 * Whether a text is French prose, where what is missing is told (« Bonjour: » → « Bonjour : », « email »):
 * not an English message that names a French service (« Géoplateforme unreachable: »), a password or data.
 */
function isFrenchProse(text: string): boolean {
  const words = new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((word) => FRENCH_WORDS.has(word)),
  );
  return words.size >= 2 || (words.size === 1 && /[àâäçéèêëîïôöùûüÿœæ]/i.test(text));
}

// ---------------------------------------------------------------------------------------------------------
// The rules

interface Edit {
  /** Index in the cooked text. */
  at: number;
  /** How many cooked characters it replaces (0: an insertion before `at`). */
  length: number;
  text: string;
  rule: Rule;
  fixable: boolean;
}

/** Elisions: « l' », « d' », « qu' », « jusqu' », « aujourd' »… before a letter or an expression. */
const ELISION = new RegExp(
  `(?<![\\p{L}\\p{N}_'’])(?:aujourd|jusqu|lorsqu|puisqu|quoiqu|presqu|quelqu|qu|[cdjlmnst])(')(?=[\\p{L}${HOLE}])`,
  'giu',
);
/** An ordinary space before « ? ! : ; » that ends a clause: after a word, a number, a bracket or a hole. */
const SPACE_BEFORE = new RegExp(
  `(?<=^|[\\p{L}\\p{N})\\]»’…%€.${HOLE}])( )(?=[?!:;]+(?:$|[\\s»)\\]"’.,…${HOLE}]))`,
  'gu',
);
/** No space at all before « ? ! : » or « ; » in French prose: after a word, a bracket or a hole. */
const NO_SPACE_BEFORE = new RegExp(`(?<=[\\p{L})»’${HOLE}])(?=[?!]+(?:$|\\s)|:(?:$|\\s)|; )`, 'gu');
/** « followed by an ordinary space or none; » preceded by one or none. */
const AFTER_OPENING = /(?<=«)( |(?=[^ \u00a0\u202f]|$))/g;
const BEFORE_CLOSING = /( |(?<=[^ \u00a0\u202f]|^))(?=»)/g;
/** « email », which French writes « e-mail »; « mail » and « courriel », which it says otherwise. */
const EMAIL = /(?<![\p{L}\p{N}@._/-])(?:(e)mail(s?)|(E)mail(s?)|EMAIL(S?))(?![\p{L}\p{N}@_/-]|\.\p{L})/gu;
const MAIL_OR_COURRIEL = /(?<![\p{L}\p{N}@._/-])(?:[mM]ails?|[cC]ourriels?)(?![\p{L}\p{N}@_/-]|\.\p{L}|:)/gu;

function editsOf(text: string, reading: Reading = 'text', pattern = false): Edit[] {
  // Not text without a word (a map's « '«' ») or without a small letter (a constant's name), nor code.
  if (!/\p{Ll}/u.test(text.replaceAll(HOLE, '')) && !text.includes(HOLE)) return [];
  if (LOOKS_LIKE_CODE.test(text)) return [];
  const edits: Edit[] = [];
  const replace = (rule: Rule, pattern: RegExp, by: string | ((match: RegExpExecArray) => string)) => {
    for (const match of text.matchAll(pattern)) {
      const group = match[1] ?? '';
      const at = (match.index ?? 0) + match[0].indexOf(group, 0);
      const replacement = typeof by === 'string' ? by : by(match);
      edits.push({ at, length: group.length, text: replacement, rule, fixable: true });
    }
  };
  replace('apostrophe', ELISION, APOSTROPHE);
  if (reading === 'text') {
    replace('space', SPACE_BEFORE, NBSP);
    replace('space', AFTER_OPENING, NBSP);
    replace('space', BEFORE_CLOSING, NBSP);
  }
  const prose = text.replaceAll(HOLE, ' ');
  // In a pattern, « ? » after a letter is a quantifier, not French's question mark.
  if (reading === 'text' && !pattern && isFrenchProse(prose)) replace('space', NO_SPACE_BEFORE, NBSP);
  // « Adresse email » is a label too short to be prose, but French all the same.
  if (isFrenchProse(prose) || /\badresses?\b/i.test(prose)) {
    for (const match of text.matchAll(EMAIL)) {
      const e = match[1] ?? match[3];
      const replacement = e ? `${e}-mail${match[2] ?? match[4] ?? ''}` : `E-MAIL${match[5] ?? ''}`;
      edits.push({
        at: match.index ?? 0,
        length: match[0].length,
        text: replacement,
        rule: 'e-mail',
        fixable: true,
      });
    }
    for (const match of text.matchAll(MAIL_OR_COURRIEL)) {
      edits.push({
        at: match.index ?? 0,
        length: match[0].length,
        text: 'e-mail',
        rule: 'e-mail',
        fixable: false,
      });
    }
  }
  // One edit per place (« : » after « » can be found twice).
  const seen = new Set<string>();
  return edits
    .filter((edit) => {
      const key = `${edit.at}:${edit.length}`;
      return seen.has(key) ? false : Boolean(seen.add(key));
    })
    .sort((a, b) => a.at - b.at);
}

// ---------------------------------------------------------------------------------------------------------
// A file

interface SourceEdit {
  start: number;
  end: number;
  text: string;
}

/** Tests: beside the code, or under tests/. */
const TEST_FILE = /(^|\/)tests\/|\.test\.tsx?$/;

/** What the rules find in one file's text, and the text with what they mend. */
export function checkFrenchSource(file: string, text: string): { findings: Finding[]; text: string } {
  if (/^\/\/ check-french: off/m.test(text)) return { findings: [], text };
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const ignoredLines = new Set<number>();
  text.split('\n').forEach((line, index) => {
    if (/check-french-ignore/.test(line)) ignoredLines.add(index + 1);
  });
  const findings: Finding[] = [];
  const sourceEdits: SourceEdit[] = [];
  const inlined = new Set<ts.Node>();

  const read = (pieces: Piece[], reading: Reading = 'text') => {
    if (pieces.length === 0) return;
    const line = source.getLineAndCharacterOfPosition((pieces[0] as Piece).start).line;
    if (ignoredLines.has(line)) return;
    const cooked = pieces.map((piece) => piece.cooked).join('');
    const owner: number[] = [];
    pieces.forEach((piece, index) => {
      for (let i = 0; i < piece.cooked.length; i++) owner.push(index);
    });
    for (const edit of editsOf(cooked, reading, pieces[0]?.pattern)) {
      const first = pieces[owner[edit.at] ?? pieces.length - 1] as Piece;
      const last = pieces[owner[edit.at + Math.max(edit.length, 1) - 1] ?? pieces.length - 1] as Piece;
      const place = source.getLineAndCharacterOfPosition(first.start);
      const excerpt = cooked
        .slice(Math.max(0, edit.at - 20), edit.at + edit.length + 20)
        .replaceAll(HOLE, '…')
        .replaceAll('\n', ' ');
      const covered =
        edit.length === 0 ? [] : pieces.slice(owner[edit.at], (owner[edit.at + edit.length - 1] ?? 0) + 1);
      const fixable = edit.fixable && covered.every((piece) => piece.editable);
      findings.push({
        file,
        line: place.line + 1,
        column: place.character + 1,
        rule: edit.rule,
        excerpt,
        fixable,
      });
      if (!fixable) continue;
      const written =
        edit.text !== NBSP ? edit.text : first.pattern ? '\\s' : first.spacesOnly ? '\\u00a0' : edit.text;
      if (edit.length === 0) {
        const at = owner[edit.at] === undefined ? (pieces.at(-1) as Piece).end : first.start;
        sourceEdits.push({ start: at, end: at, text: written });
      } else sourceEdits.push({ start: first.start, end: last.end, text: written });
    }
  };

  /** A JSX element's children as runs of text, nested elements and expressions as holes. */
  const readChildren = (children: ts.NodeArray<ts.JsxChild>) => {
    let run: Piece[] = [];
    for (const child of children) {
      if (ts.isJsxText(child)) {
        run.push(...jsxTextPieces(source.text.slice(child.pos, child.end), child.pos));
      } else if (ts.isJsxExpression(child)) {
        const expression = child.expression;
        if (!expression) continue;
        if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
          inlined.add(expression);
          run.push(...literalPieces(expression, source));
        } else run.push(hole(child, source));
      } else run.push(hole(child, source));
    }
    // Text that is only spaces between elements says nothing.
    if (run.some((piece) => piece.cooked.trim() && piece.cooked !== HOLE)) read(run);
    run = [];
  };

  const visit = (node: ts.Node): void => {
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) readChildren(node.children);
    else if (
      (ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node)) &&
      !inlined.has(node)
    ) {
      const reading = readingOf(node, source);
      if (reading !== 'code') read(literalPieces(node, source, ts.isJsxAttribute(node.parent)), reading);
    } else if (ts.isRegularExpressionLiteral(node) && TEST_FILE.test(file) && !isCode(node, source)) {
      // A test's pattern matches the product's text: it follows it (`\s` where a no-break space is).
      const start = node.getStart(source) + 1;
      const body = node.text.slice(1, node.text.lastIndexOf('/'));
      read(patternPieces(body, start));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  sourceEdits.sort((a, b) => b.start - a.start || b.end - a.end);
  let fixed = text;
  let previous = Number.POSITIVE_INFINITY;
  for (const edit of sourceEdits) {
    if (edit.end > previous) continue;
    fixed = fixed.slice(0, edit.start) + edit.text + fixed.slice(edit.end);
    previous = edit.start;
  }
  return { findings, text: fixed };
}

// ---------------------------------------------------------------------------------------------------------
// The command

const RULE_HINTS: Record<Rule, string> = {
  apostrophe: 'straight apostrophe: ’',
  // check-french-ignore: the punctuation named, not French text
  space: 'no-break space (U+00A0) before ? ! : ; and inside « »',
  // check-french-ignore: the word named, not French text
  'e-mail': '« e-mail »',
};

if (import.meta.main) {
  const root = process.cwd();
  const write = process.argv.includes('--write');
  const all: Finding[] = [];
  const changed: string[] = [];
  const files = frenchSourceFiles(root);
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const result = checkFrenchSource(file, text);
    all.push(...result.findings);
    if (write && result.text !== text) {
      writeFileSync(join(root, file), result.text);
      changed.push(file);
    }
  }
  if (write && changed.length > 0) {
    const biome = spawnSync('node_modules/.bin/biome', ['format', '--write', ...changed], {
      stdio: 'inherit',
    });
    if (biome.status !== 0) process.exitCode = 1;
    console.log(`check-french: mended ${changed.length} file(s).`);
  }
  const left = write ? all.filter((finding) => !finding.fixable) : all;
  for (const f of left) {
    console.error(`${f.file}:${f.line}:${f.column}  ${RULE_HINTS[f.rule]}: « ${f.excerpt} »`);
  }
  if (left.length === 0)
    console.log(`check-french: ${files.length} files read, their French as a person writes it.`);
  if (left.length > 0) {
    const fixable = left.filter((finding) => finding.fixable).length;
    console.error(
      `\n${left.length} place(s) in French text to mend${fixable ? ` (${fixable} by \`node scripts/check-french.ts --write\`)` : ''}: docs/decisions/0091.`,
    );
    process.exitCode = 1;
  }
}
