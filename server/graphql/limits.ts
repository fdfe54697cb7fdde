import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import { ERROR_MESSAGES, type ErrorCode, REQUEST_MESSAGES } from '../../common/errors.ts';

/**
 * What the endpoint accepts. The islands' largest operation is ~250 characters and ~60 tokens: the
 * query limits leave room for any hand-written client, and keep one request's parse well under a
 * millisecond (a 1 MB query used to hold the event loop for 1.5 s).
 */
export interface Limits {
  bodyBytes: number;
  queryLength: number;
  tokens: number;
  depth: number;
  aliases: number;
  fields: number;
  cost: number;
  cachedDocuments: number;
  cachedCharacters: number;
}

export const LIMITS: Readonly<Limits> = {
  /** API.md: bodies over 1 MB get HTTP 413. Multipart uploads have their own (server/http/multipart.ts). */
  bodyBytes: 1024 * 1024,
  /** Checked before parsing. */
  queryLength: 20_000,
  /** graphql-js stops parsing past this many tokens. */
  tokens: 2_000,
  depth: 10,
  aliases: 15,
  /**
   * Field selections written in the document (fragments counted once), checked before validation: the
   * islands' largest operation has a few dozen; a thousand `__typename` made graphql-js's overlap check give
   * up with « Validation aborted » (issue 22), and its work grows with the square of their number.
   */
  fields: 300,
  cost: 5000,
  /** Parsed and validated documents kept, least recently used out first, and their texts' total length. */
  cachedDocuments: 500,
  cachedCharacters: 1_000_000,
};

export type QueryLimits = Pick<Limits, 'depth' | 'aliases' | 'cost'>;

/**
 * graphql-armor throws by default, and its errors read "Syntax Error: …" in English. Each refusal is
 * reported instead as a validation error with its own code and a French message; the original wording
 * stays in `extensions.detail` for developers.
 */
function reportAs(code: ErrorCode, message: string) {
  return {
    propagateOnRejection: false,
    onReject: [
      (context: ValidationContext | null, error: GraphQLError) =>
        context?.reportError(
          new GraphQLError(message, {
            nodes: error.nodes,
            extensions: { code, detail: error.message.replace(/^Syntax Error: /, '') },
          }),
        ),
    ],
  };
}

/** Depth, aliases and cost: each refusal carries its code (QUERY_TOO_DEEP, TOO_MANY_ALIASES, QUERY_TOO_COMPLEX). */
export function limitRules(limits: QueryLimits = LIMITS): ValidationRule[] {
  return [
    maxDepthRule({ n: limits.depth, ...reportAs('QUERY_TOO_DEEP', REQUEST_MESSAGES.tooDeep(limits.depth)) }),
    maxAliasesRule({
      n: limits.aliases,
      ...reportAs('TOO_MANY_ALIASES', REQUEST_MESSAGES.tooManyAliases(limits.aliases)),
    }),
    costLimitRule({
      maxCost: limits.cost,
      ...reportAs('QUERY_TOO_COMPLEX', REQUEST_MESSAGES.tooComplex(limits.cost)),
    }),
  ] as ValidationRule[];
}

/**
 * In production the schema is not described to whoever asks (`__schema`, `__type`); `__typename` stays,
 * clients need it. graphql-js's own NoSchemaIntrospectionCustomRule does the same with an English message.
 */
export const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      context.reportError(
        new GraphQLError(ERROR_MESSAGES.INTROSPECTION_DISABLED, {
          nodes: node,
          extensions: { code: 'INTROSPECTION_DISABLED' },
        }),
      );
    }
  },
});
