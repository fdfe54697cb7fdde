import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_MESSAGES, type ErrorCode, REQUEST_MESSAGES, VARIABLE_MESSAGES } from '../../common/errors.ts';
import { operationsOfUpload } from '../http/multipart.ts';
import { readBodyText, TOO_LARGE } from '../kernel/body.ts';
import type { AppEnv } from '../kernel/context.ts';
import type { AppError } from '../kernel/errors.ts';
import { createDocumentCache, type DocumentCache, type WireError } from './documents.ts';
import { LIMITS, type Limits, limitRules, noIntrospection } from './limits.ts';
import { variableFieldErrors } from './variables.ts';

export interface GraphqlEndpointOptions {
  schema: GraphQLSchema;
  /** Introspection refused and "Did you mean …?" left out (NODE_ENV=production, the default). */
  production: boolean;
  limits?: Readonly<Limits>;
  /**
   * A refusal decided on the operation itself before it runs, answered 403 with its code (what a partner key
   * may ask for, server/partners/access.ts); null lets it run.
   */
  admission?: (
    c: Context<AppEnv>,
    document: DocumentNode,
    operation: OperationDefinitionNode,
  ) => AppError | null;
}

export interface GraphqlEndpoint {
  handle: MiddlewareHandler<AppEnv>;
  documents: DocumentCache;
}

interface Params {
  query: string;
  variables: Record<string, unknown> | null;
  operationName: string | null;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * `/graphql` (GraphQL over HTTP, on graphql-js): POST with a JSON body (a charset parameter is fine),
 * GET with the query in the URL for queries; multipart uploads arrive already read by the multipart
 * middleware in front. The body is counted while it is read (413 past 1 MB), the query text is measured
 * before it is parsed and parsing stops at a token limit; parsed and validated documents are cached.
 * Every error sent has `extensions.code` and a French message (docs/decisions/0019).
 *
 * Resolvers receive the request's Hono context (GqlContext), as before.
 */
export function createGraphqlEndpoint(options: GraphqlEndpointOptions): GraphqlEndpoint {
  const { schema, production } = options;
  const limits = options.limits ?? LIMITS;
  const documents = createDocumentCache({
    schema,
    rules: [...limitRules(limits), ...(production ? [noIntrospection] : [])],
    maxTokens: limits.tokens,
    maxFields: limits.fields,
    size: limits.cachedDocuments,
    characters: limits.cachedCharacters,
    hideSuggestions: production,
  });

  const handle: MiddlewareHandler<AppEnv> = async (c) => {
    const read = await readParams(c, limits.bodyBytes);
    if (read instanceof Response) return read;
    const { query, variables, operationName } = read;
    if (query.length > limits.queryLength) {
      return refuse(c, 400, 'QUERY_TOO_LARGE', REQUEST_MESSAGES.queryTooLong(limits.queryLength));
    }
    const prepared = documents.get(query);
    if (!prepared.ok) return answer(c, { errors: prepared.errors }, documentRefusalStatus(c));

    const operation = operationName
      ? prepared.operations.get(operationName)
      : prepared.operations.size === 1
        ? prepared.operations.values().next().value
        : undefined;
    if (!operation) {
      return refuse(
        c,
        400,
        'OPERATION_RESOLUTION_FAILURE',
        operationName
          ? REQUEST_MESSAGES.unknownOperation(operationName.slice(0, 100))
          : REQUEST_MESSAGES.operationNameRequired,
      );
    }
    if (!schema.getRootType(operation.operation)) {
      return refuse(
        c,
        documentRefusalStatus(c),
        'GRAPHQL_VALIDATION_FAILED',
        REQUEST_MESSAGES.unsupportedOperation(operation.operation),
      );
    }
    if (c.req.method !== 'POST' && operation.operation !== 'query') {
      return refuse(c, 405, 'METHOD_NOT_ALLOWED', ERROR_MESSAGES.METHOD_NOT_ALLOWED, { Allow: 'POST' });
    }

    const refusal = options.admission?.(c, prepared.document, operation);
    if (refusal) return refuse(c, 403, refusal.code, refusal.message, undefined, refusal.extensions);

    c.set('graphqlOperation', operation.operation);
    const result = await execute({
      schema,
      document: prepared.document,
      contextValue: c,
      variableValues: variables,
      operationName: operation.name?.value,
    });
    // Without `data`, execution did not start: the variables do not fit their types.
    if (!('data' in result)) return variablesRefused(c, schema, operation, variables, result);
    // Through the context, so that the headers resolvers set (the session cookie) go with the answer.
    if (result.errors)
      return answer(c, { data: result.data, errors: result.errors.map((e) => executionError(c, e)) });
    return answer(c, result);
  };

  return { handle, documents };
}

/** `/graphql` with a method other than GET and POST. */
export const otherMethods: MiddlewareHandler<AppEnv> = (c) =>
  Promise.resolve(
    refuse(c, 405, 'METHOD_NOT_ALLOWED', REQUEST_MESSAGES.methodNotAllowed, { Allow: 'GET, POST' }),
  );

/** The operation from the URL (GET), the multipart middleware, or the JSON body; an error answer otherwise. */
async function readParams(c: Context<AppEnv>, maxBytes: number): Promise<Params | Response> {
  const request = c.req.raw;
  let body: unknown;
  // GET, or HEAD, which Hono routes as GET.
  if (request.method !== 'POST') {
    const url = new URL(request.url);
    const variables = url.searchParams.get('variables');
    body = {
      query: url.searchParams.get('query') ?? undefined,
      operationName: url.searchParams.get('operationName') ?? undefined,
      variables: variables ? parseJson(variables) : undefined,
    };
    if ((body as { variables: unknown }).variables === INVALID_JSON) {
      return refuse(c, 400, 'BAD_REQUEST', REQUEST_MESSAGES.invalidVariables);
    }
  } else {
    // An upload arrives read by the multipart middleware, as a JSON request without a body of its own.
    body = request.body === null ? operationsOfUpload(request) : undefined;
    if (body === undefined) {
      if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) {
        return refuse(c, 415, 'UNSUPPORTED_MEDIA_TYPE', ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE);
      }
      const text = await readBodyText(request, maxBytes);
      if (text === TOO_LARGE) return refuse(c, 413, 'PAYLOAD_TOO_LARGE', ERROR_MESSAGES.PAYLOAD_TOO_LARGE);
      body = parseJson(text);
      if (body === INVALID_JSON) return refuse(c, 400, 'BAD_REQUEST', REQUEST_MESSAGES.invalidJson);
    }
  }
  return paramsOf(c, body);
}

function paramsOf(c: Context<AppEnv>, body: unknown): Params | Response {
  // An array would be a batch of operations: one operation per request here.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return refuse(c, 400, 'BAD_REQUEST', REQUEST_MESSAGES.notAnOperation);
  }
  const { query, variables, operationName, extensions } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') {
    return refuse(c, 400, 'BAD_REQUEST', REQUEST_MESSAGES.missingQuery);
  }
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return refuse(c, 400, 'BAD_REQUEST', REQUEST_MESSAGES.invalidVariables);
  }
  if (operationName != null && typeof operationName !== 'string') {
    return refuse(c, 400, 'BAD_REQUEST', REQUEST_MESSAGES.invalidOperationName);
  }
  if (extensions != null && (typeof extensions !== 'object' || Array.isArray(extensions))) {
    return refuse(c, 400, 'BAD_REQUEST', REQUEST_MESSAGES.invalidExtensions);
  }
  return {
    query,
    variables: (variables as Record<string, unknown> | null | undefined) ?? null,
    operationName: operationName || null,
  };
}

const INVALID_JSON = Symbol('invalid JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return INVALID_JSON;
  }
}

function refuse(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  headers?: Record<string, string>,
  extensions?: Record<string, unknown>,
): Response {
  return answer(c, { errors: [{ message, extensions: { ...extensions, code } }] }, status, headers);
}

const GRAPHQL_RESPONSE = 'application/graphql-response+json';
const UTF8 = new TextEncoder();

/**
 * The answer's media type (GraphQL over HTTP): `application/graphql-response+json` when the client accepts
 * it at least as much as `application/json`; `application/json` otherwise, without Accept or with a wildcard.
 */
function responseTypeOf(c: Context<AppEnv>): typeof GRAPHQL_RESPONSE | 'application/json' {
  let graphqlResponse = 0;
  let json = 0;
  for (const range of (c.req.header('accept') ?? '').split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = Number(parameters.find((parameter) => parameter.startsWith('q='))?.slice(2) ?? 1);
    if (type === GRAPHQL_RESPONSE) graphqlResponse = Math.max(graphqlResponse, q);
    else if (type === 'application/json') json = Math.max(json, q);
  }
  return graphqlResponse > 0 && graphqlResponse >= json ? GRAPHQL_RESPONSE : 'application/json';
}

/**
 * A document that does not parse or validate, or variables that do not fit: 400 in the GraphQL response
 * media type, 200 in application/json, whose clients read the errors of a 200 (the spec's « legacy »).
 */
function documentRefusalStatus(c: Context<AppEnv>): ContentfulStatusCode {
  return responseTypeOf(c) === GRAPHQL_RESPONSE ? 400 : 200;
}

/**
 * Every answer of the endpoint, in the media type the client asked for, in UTF-8, with its length: the Node
 * server's compression leaves the short ones alone by it (a booking's answer is 40 bytes, and compressing
 * it cost 6 % of the booking benchmark's CPU).
 */
function answer(
  c: Context<AppEnv>,
  body: object,
  status: ContentfulStatusCode = 200,
  headers?: Record<string, string>,
): Response {
  const bytes = UTF8.encode(JSON.stringify(body));
  return c.body(bytes, status, {
    ...headers,
    'Content-Type': `${responseTypeOf(c)}; charset=utf-8`,
    'Content-Length': String(bytes.byteLength),
  });
}

/** BAD_USER_INPUT with a French message under each variable path that does not fit its type. */
function variablesRefused(
  c: Context<AppEnv>,
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | null,
  result: ExecutionResult,
): Response {
  const fields = variableFieldErrors(schema, operation, variables);
  if (Object.keys(fields).length === 0) {
    // graphql-js refused something the walk of the types accepts: a gap to look at, not the caller's fault.
    c.var.deps.log.warn('variables refused without a field', {
      requestId: c.var.requestId,
      errors: result.errors?.map((error) => error.message),
    });
  }
  return answer(
    c,
    { errors: [{ message: ERROR_MESSAGES.BAD_USER_INPUT, extensions: { code: 'BAD_USER_INPUT', fields } }] },
    documentRefusalStatus(c),
  );
}

const ARGUMENT = /^Argument "([^"]+)"/;

/**
 * An execution error as sent. Resolver errors were mapped once, in schema.ts, and carry their code.
 * graphql-js's own: an argument given a null variable it cannot take is the caller's (BAD_USER_INPUT);
 * anything else (a null where the schema promises a value…) is ours, logged with the request id and
 * answered as other_error.
 */
function executionError(c: Context<AppEnv>, error: GraphQLError): WireError | GraphQLError {
  if (typeof error.extensions?.code === 'string') return error;
  const where = {
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
  };
  const argument = ARGUMENT.exec(error.message)?.[1];
  if (argument) {
    return {
      message: ERROR_MESSAGES.BAD_USER_INPUT,
      ...where,
      extensions: { code: 'BAD_USER_INPUT', fields: { [argument]: VARIABLE_MESSAGES.required } },
    };
  }
  const requestId = c.var.requestId;
  c.var.deps.log.error('execution failed', { requestId, path: error.path?.join('.'), error: error.message });
  return { message: ERROR_MESSAGES.other_error, ...where, extensions: { code: 'other_error', requestId } };
}
