import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DOCUMENT_MESSAGES } from '../../common/documents.ts';
import type { AppEnv } from '../kernel/context.ts';
import { limitBody } from './body-limit.ts';

export interface MultipartLimits {
  /** Bytes of one file. */
  maxFileBytes: number;
  /** Bytes of the whole request, counted as it is read: a larger body is refused before it is all in memory. */
  maxRequestBytes: number;
  /** The message for a file or a request over its limit. */
  tooLargeMessage: string;
}

const MULTIPART = /^multipart\/form-data\b/i;
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

/** The request is not the multipart request the spec describes. */
class MalformedUpload extends Error {}

/** A file over `maxFileBytes`, at the variable path `field` ("file", "input.file"). */
class FileTooLarge extends Error {
  readonly field: string;
  constructor(field: string) {
    super(`file over the limit at ${field}`);
    this.field = field;
  }
}

/**
 * The GraphQL multipart request spec (jaydenseric/graphql-multipart-request-spec), in front of the
 * GraphQL handler, which reads JSON: the `operations` field is the JSON body, the `map` field says where
 * each file part goes (`{"0": ["variables.file"]}`), and each file is put there as a web `File`. The
 * request then goes on as a JSON request carrying that object (`operationsOfUpload`), so resolvers receive
 * the files in their arguments (the `Upload` scalar). Sizes are checked while the body is read.
 *
 * Mount it after the CSRF check: a multipart post is a form post, whose Origin hono/csrf verifies.
 */
export function graphqlMultipart(limits: MultipartLimits): MiddlewareHandler<AppEnv> {
  const limited = limitBody(limits.maxRequestBytes, (c) => badUpload(c, limits.tooLargeMessage, {}, 413));
  return async (c, next) => {
    if (c.req.method !== 'POST' || !MULTIPART.test(c.req.header('content-type') ?? '')) return next();
    let rejected: Response | undefined;
    // Reads the body, counting its bytes, then parses it; `next` is called once the request is JSON.
    const tooLarge = await limited(c, async () => {
      rejected = await replaceByJson(c, limits);
    });
    if (tooLarge) return tooLarge;
    if (rejected) return rejected;
    await next();
  };
}

/** Puts the JSON request in place of the multipart one; the answer to send instead when it cannot. */
async function replaceByJson(c: Context<AppEnv>, limits: MultipartLimits): Promise<Response | undefined> {
  let operations: unknown;
  try {
    operations = placeFiles(await c.req.raw.formData(), limits);
  } catch (error) {
    if (error instanceof FileTooLarge) {
      return badUpload(c, limits.tooLargeMessage, { [error.field]: limits.tooLargeMessage }, 413);
    }
    // formData() throws a TypeError on a body that is not the multipart it claims to be.
    if (error instanceof MalformedUpload || error instanceof TypeError || error instanceof SyntaxError) {
      return badUpload(c, DOCUMENT_MESSAGES.malformedUpload, {}, 400);
    }
    throw error;
  }
  c.req.raw = jsonRequestOf(c.req.raw, operations);
  return undefined;
}

/** `operations` with every mapped file in place of its `null`. */
function placeFiles(form: FormData, limits: MultipartLimits): unknown {
  const operations = parseJsonField(form, 'operations');
  const map = parseJsonField(form, 'map');
  if (!isRecord(operations) || Array.isArray(operations)) {
    // Batched operations (an array) are in the spec, but the GraphQL server runs one operation per request.
    throw new MalformedUpload('operations must be one operation');
  }
  if (!isRecord(map) || Array.isArray(map)) throw new MalformedUpload('map must be an object');
  for (const [name, paths] of Object.entries(map)) {
    const file = form.get(name);
    if (typeof file === 'string' || file === null) throw new MalformedUpload(`no file part ${name}`);
    if (!Array.isArray(paths) || paths.length === 0) throw new MalformedUpload(`no path for ${name}`);
    for (const path of paths) {
      if (typeof path !== 'string') throw new MalformedUpload(`bad path for ${name}`);
      if (file.size > limits.maxFileBytes) throw new FileTooLarge(fieldOf(path));
      setAt(operations, path, file);
    }
  }
  return operations;
}

function parseJsonField(form: FormData, name: string): unknown {
  const value = form.get(name);
  if (typeof value !== 'string') throw new MalformedUpload(`no ${name} field`);
  return JSON.parse(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** "variables.input.file" → "input.file": the field path BAD_USER_INPUT names, as the resolvers' do. */
function fieldOf(path: string): string {
  return path.replace(/^variables\./, '');
}

/** Sets `value` at a dotted path of existing objects and arrays (the spec's placeholders are `null`). */
function setAt(root: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  const last = segments.pop();
  if (!last || segments[0] !== 'variables') throw new MalformedUpload(`path ${path} is not in the variables`);
  if ([...segments, last].some((segment) => FORBIDDEN_SEGMENTS.has(segment))) {
    throw new MalformedUpload(`path ${path}`);
  }
  let target: unknown = root;
  for (const segment of segments) {
    target = isRecord(target) && Object.hasOwn(target, segment) ? target[segment] : undefined;
    if (!isRecord(target)) throw new MalformedUpload(`path ${path} does not exist in operations`);
  }
  if (!isRecord(target) || !Object.hasOwn(target, last)) {
    throw new MalformedUpload(`path ${path} does not exist in operations`);
  }
  (target as Record<string, unknown>)[last] = value;
}

/** The operations of the multipart requests turned into JSON requests: files cannot travel as JSON text. */
const uploadOperations = new WeakMap<Request, unknown>();

/** The operation (files in place) that the multipart middleware read from this request; undefined for others. */
export function operationsOfUpload(request: Request): unknown {
  return uploadOperations.get(request);
}

/**
 * The same request as JSON, for the GraphQL handler, which takes the operation from
 * `operationsOfUpload` instead of reading a body.
 */
function jsonRequestOf(request: Request, operations: unknown): Request {
  const headers = new Headers(request.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const json = new Request(request.url, { method: request.method, headers, signal: request.signal });
  uploadOperations.set(json, operations);
  return json;
}

/** The answer a GraphQL client expects: an error with the catalogue's code and the message to show. */
function badUpload(
  c: Context,
  message: string,
  fields: Record<string, string>,
  status: ContentfulStatusCode,
): Response {
  const extensions = Object.keys(fields).length
    ? { code: 'BAD_USER_INPUT', fields }
    : { code: 'BAD_USER_INPUT' };
  return c.json({ errors: [{ message, extensions }] }, status);
}
