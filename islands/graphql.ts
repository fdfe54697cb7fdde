import { MESSAGES } from '../common/messages.ts';

export const GRAPHQL_PATH = '/graphql';

interface GraphQLErrorBody {
  message?: string;
  extensions?: { code?: string; fields?: Record<string, string>; [key: string]: unknown };
}

interface GraphQLResponseBody<T> {
  data?: T | null;
  errors?: GraphQLErrorBody[];
}

/** The API's first error, or a network or server failure (`other_error`), with the French message to show. */
export class GraphQLRequestError extends Error {
  readonly code: string;
  /** BAD_USER_INPUT: the message of each invalid field, by its path in the input. */
  readonly fields: Record<string, string>;
  readonly status: number | null;
  readonly extensions: Record<string, unknown>;

  constructor(
    code: string,
    message: string,
    options: {
      fields?: Record<string, string>;
      status?: number | null;
      extensions?: object;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'GraphQLRequestError';
    this.code = code;
    this.fields = options.fields ?? {};
    this.status = options.status ?? null;
    this.extensions = { ...options.extensions };
  }

  /** The spec's test for a session that is no longer valid: the island then logs the user out. */
  get unauthenticated(): boolean {
    return (
      this.status === 401 ||
      this.code === 'UNAUTHENTICATED' ||
      /unauthori[sz]ed|unauthenticated/i.test(this.message)
    );
  }
}

/**
 * Posts one operation to the API as JSON, with the session cookie, and returns its data; any error
 * (GraphQL, HTTP or network) is thrown as a GraphQLRequestError. An abort is rethrown as it is.
 */
export async function gqlRequest<T>(
  query: string,
  variables: Record<string, unknown> = {},
  operationName?: string,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const response = await post({ query, variables, operationName }, init.signal);
  const body = await readBody<T>(response, init.signal);
  const [error] = body?.errors ?? [];
  if (error) throw errorOf(error, response.status);
  if (!response.ok || body?.data == null) {
    throw new GraphQLRequestError('other_error', MESSAGES.genericError, { status: response.status });
  }
  return body.data;
}

async function post(body: object, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(GRAPHQL_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new GraphQLRequestError('other_error', MESSAGES.genericError, { cause: error });
  }
}

async function readBody<T>(response: Response, signal?: AbortSignal): Promise<GraphQLResponseBody<T> | null> {
  try {
    return (await response.json()) as GraphQLResponseBody<T>;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

function errorOf({ message, extensions = {} }: GraphQLErrorBody, status: number): GraphQLRequestError {
  const { code = 'other_error', fields, ...rest } = extensions;
  return new GraphQLRequestError(code, message || MESSAGES.genericError, {
    fields,
    status,
    extensions: rest,
  });
}
