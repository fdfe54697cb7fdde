import { MESSAGES } from '../common/messages.ts';
import { ROUTES } from '../common/routes.ts';
import { endBrowserSession, readAccessToken, readTokens } from './session-store.ts';

const GRAPHQL_PATH = '/graphql';
const RECRUITMENT_TOKEN_HEADER = 'X-Recruitment-Token';
/** Where a forced logout leads: the teacher login, which then says why (spec, section 8). */
const FORCED_LOGOUT_PATH = `${ROUTES.loginTeacher}?logout=forced`;

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
 * Posts one operation to the API as JSON, with the session cookie and the recruitment site's access token
 * when one is stored, and returns its data; any error (GraphQL, HTTP or network) is thrown as a
 * GraphQLRequestError. An abort is rethrown as it is. An unauthenticated answer also logs the user out
 * (spec, section 8), unless `forceLogout: false`.
 */
export function gqlRequest<T>(
  query: string,
  variables: Record<string, unknown> = {},
  operationName?: string,
  init: { signal?: AbortSignal; forceLogout?: boolean } = {},
): Promise<T> {
  return send<T>(JSON.stringify({ query, variables, operationName }), init);
}

/**
 * Posts one operation whose variables hold files (`File` or `Blob` values, at any depth) as a multipart
 * request (GraphQL multipart request spec: `operations`, `map`, then one part per file), and answers as
 * gqlRequest does. The browser sets the multipart content type and the Origin the server checks.
 */
export function gqlUpload<T>(
  query: string,
  variables: Record<string, unknown>,
  operationName?: string,
  init: { signal?: AbortSignal; forceLogout?: boolean } = {},
): Promise<T> {
  const files: [path: string, file: Blob][] = [];
  const withoutFiles = replaceFiles(variables, 'variables', files);
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: withoutFiles, operationName }));
  form.set('map', JSON.stringify(Object.fromEntries(files.map(([path], i) => [String(i), [path]]))));
  for (const [i, [, file]] of files.entries()) form.set(String(i), file);
  return send<T>(form, init);
}

/** A copy of `value` with each file replaced by null, as the spec's operations carry them; files listed by path. */
function replaceFiles(value: unknown, path: string, files: [string, Blob][]): unknown {
  if (value instanceof Blob) {
    files.push([path, value]);
    return null;
  }
  if (Array.isArray(value)) return value.map((item, i) => replaceFiles(item, `${path}.${i}`, files));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, replaceFiles(item, `${path}.${key}`, files)]),
    );
  }
  return value;
}

async function send<T>(
  body: string | FormData,
  init: { signal?: AbortSignal; forceLogout?: boolean },
): Promise<T> {
  const response = await post(body, init.signal);
  const result = await readBody<T>(response, init.signal);
  const [error] = result?.errors ?? [];
  if (!error && response.ok && result?.data != null) return result.data;
  const failure = error
    ? errorOf(error, response.status)
    : new GraphQLRequestError('other_error', MESSAGES.genericError, { status: response.status });
  if (failure.unauthenticated && init.forceLogout !== false) void forceLogout();
  throw failure;
}

/**
 * Ends the session on the server (which clears the cookie) and, for a company, the recruitment site's
 * refresh token this browser holds (the server revokes it there): read before the stored tokens go.
 */
export function logOutOnServer(options: { forceLogout?: boolean } = {}): Promise<unknown> {
  const refreshToken = readTokens()?.refreshToken ?? null;
  return gqlRequest(
    'mutation Logout($refreshToken: String) { logout(refreshToken: $refreshToken) }',
    {
      refreshToken,
    },
    'Logout',
    options,
  );
}

let loggingOut: Promise<void> | null = null;

/**
 * Ends the session everywhere (stored tokens, kept pages, the server's session, since the login page sends
 * a user who still has one back home) and leaves for the teacher login. Runs once however many calls fail
 * together.
 */
export function forceLogout(): Promise<void> {
  loggingOut ??= (async () => {
    const ended = logOutOnServer({ forceLogout: false });
    await endBrowserSession();
    try {
      await ended;
    } catch {
      // Nothing more to do: the stored tokens are gone and the login page is next either way.
    }
    window.location.assign(FORCED_LOGOUT_PATH);
  })();
  return loggingOut;
}

async function post(body: string | FormData, signal?: AbortSignal): Promise<Response> {
  const accessToken = readAccessToken();
  try {
    return await fetch(GRAPHQL_PATH, {
      method: 'POST',
      headers: {
        // A FormData body brings its own type, with the boundary of its parts.
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        // The GraphQL response media type: a refused document answers 400, as the spec asks of it.
        accept: 'application/graphql-response+json, application/json;q=0.9',
        ...(accessToken ? { [RECRUITMENT_TOKEN_HEADER]: accessToken } : {}),
      },
      credentials: 'same-origin',
      body,
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
