import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  type ValidationRule,
  validate,
  visit,
} from 'graphql';
import { ERROR_MESSAGES, type ErrorCode, REQUEST_MESSAGES } from '../../common/errors.ts';

/** An error as the endpoint sends it: a French message and a code, always. */
export interface WireError {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: { code: string; [key: string]: unknown };
}

/** A query text once parsed and validated: its operations, or the errors that refuse it. */
export type PreparedDocument =
  | { ok: true; document: DocumentNode; operations: ReadonlyMap<string, OperationDefinitionNode> }
  | { ok: false; code: ErrorCode; errors: WireError[] };

export interface DocumentCacheOptions {
  schema: GraphQLSchema;
  rules: readonly ValidationRule[];
  maxTokens: number;
  /** Field selections written in the document, counted before validation (TOO_MANY_FIELDS). */
  maxFields: number;
  /** Entries kept, and their query texts' total length: the least recently used go first. */
  size: number;
  characters: number;
  /** Production: "Did you mean …?" suggestions are left out of what is sent (they describe the schema). */
  hideSuggestions: boolean;
}

export interface DocumentCache {
  get(query: string): PreparedDocument;
  /** Entries held, and how many times a query text was parsed (a hit parses nothing). */
  stats(): { size: number; parses: number };
}

/**
 * Parsed and validated documents by query text. The islands send a small fixed set of operations, so
 * after the first request of each, a request neither parses nor validates: with the limits' rules that
 * was about a third of a small query's cost. Refused documents are kept too: a client repeating a bad
 * query gets its answer without the work.
 */
export function createDocumentCache(options: DocumentCacheOptions): DocumentCache {
  const entries = new Map<string, PreparedDocument>();
  let parses = 0;
  let characters = 0;
  return {
    get(query) {
      const cached = entries.get(query);
      if (cached) {
        // Map keeps insertion order: moving the entry to the end makes the first one the least recent.
        entries.delete(query);
        entries.set(query, cached);
        return cached;
      }
      parses += 1;
      const prepared = prepare(query, options);
      for (const oldest of entries.keys()) {
        if (entries.size < options.size && characters + query.length <= options.characters) break;
        entries.delete(oldest);
        characters -= oldest.length;
      }
      if (query.length <= options.characters) {
        entries.set(query, prepared);
        characters += query.length;
      }
      return prepared;
    },
    stats: () => ({ size: entries.size, parses }),
  };
}

// graphql-js 16 writes "more that"; a later version may mend it.
const TOKEN_LIMIT = /Document contains more tha[nt] \d+ tokens/;

function prepare(query: string, options: DocumentCacheOptions): PreparedDocument {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: options.maxTokens });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    if (TOKEN_LIMIT.test(error.message)) {
      return refused('QUERY_TOO_LARGE', [
        {
          message: REQUEST_MESSAGES.tooManyTokens(options.maxTokens),
          extensions: { code: 'QUERY_TOO_LARGE' },
        },
      ]);
    }
    return refused('GRAPHQL_PARSE_FAILED', [
      toWire(error, 'GRAPHQL_PARSE_FAILED', ERROR_MESSAGES.GRAPHQL_PARSE_FAILED, options.hideSuggestions),
    ]);
  }
  if (fieldCount(document) > options.maxFields) {
    return refused('TOO_MANY_FIELDS', [
      { message: REQUEST_MESSAGES.tooManyFields(options.maxFields), extensions: { code: 'TOO_MANY_FIELDS' } },
    ]);
  }
  const errors = validate(options.schema, document, [...specifiedRules, ...options.rules]);
  if (errors.length > 0) {
    const wire = errors.map((error) =>
      toWire(
        error,
        'GRAPHQL_VALIDATION_FAILED',
        ERROR_MESSAGES.GRAPHQL_VALIDATION_FAILED,
        options.hideSuggestions,
      ),
    );
    // The limits' refusals name the problem better than the generic code: the first one leads.
    const code = (wire.find((error) => error.extensions.code !== 'GRAPHQL_VALIDATION_FAILED')?.extensions
      .code ?? 'GRAPHQL_VALIDATION_FAILED') as ErrorCode;
    return refused(code, wire);
  }
  const operations = new Map<string, OperationDefinitionNode>();
  for (const definition of document.definitions) {
    // Validation allows one anonymous operation alone, and unique names otherwise.
    if (definition.kind === Kind.OPERATION_DEFINITION)
      operations.set(definition.name?.value ?? '', definition);
  }
  return { ok: true, document, operations };
}

/** How many field selections the document writes, fragments counted once each. */
function fieldCount(document: DocumentNode): number {
  let count = 0;
  visit(document, {
    Field() {
      count++;
    },
  });
  return count;
}

const refused = (code: ErrorCode, errors: WireError[]): PreparedDocument => ({ ok: false, code, errors });

/** " Did you mean "x" or "y"?": graphql-js 16 has no switch for it. */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/**
 * A graphql-js error with a French message; its English wording, which names what is wrong, stays for
 * developers in `extensions.detail` (without suggestions in production). Errors of our own rules keep their
 * code and message.
 */
function toWire(error: GraphQLError, code: ErrorCode, message: string, hideSuggestions: boolean): WireError {
  const own = typeof error.extensions?.code === 'string';
  const detail = String(own ? (error.extensions.detail ?? '') : error.message);
  const extensions: WireError['extensions'] = own
    ? { ...error.extensions, code: error.extensions.code as string }
    : { code };
  if (detail) extensions.detail = hideSuggestions ? detail.replace(SUGGESTION, '') : detail;
  else delete extensions.detail;
  return {
    message: own ? error.message : message,
    ...(error.locations ? { locations: error.locations } : {}),
    extensions,
  };
}
