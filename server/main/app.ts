import { Hono, type MiddlewareHandler } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import {
  DOCUMENT_MESSAGES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_REQUEST_BYTES,
} from '../../common/documents.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { EMBED_PATH_PREFIX, ROUTES } from '../../common/routes.ts';
import { prepareConnection } from '../../db/client.ts';
import { mountUnsubscribeRoute, sessionMiddleware } from '../accounts/index.ts';
import { mountExportRoutes } from '../admin/index.ts';
import { mountGroupExport, mountGroupSummary } from '../classes/index.ts';
import { mountCompanyEmbed } from '../company-page/index.ts';
import { mountDocumentRoutes, mountMeetingDocumentRoutes } from '../documents/index.ts';
import { mountFeedbackExport } from '../feedback/index.ts';
import { createGraphqlEndpoint, otherMethods } from '../graphql/handler.ts';
import { schema } from '../graphql/index.ts';
import { FORM_POST_MAX_BYTES, limitBody } from '../http/body-limit.ts';
import { graphqlMultipart } from '../http/multipart.ts';
import { type DepsSource, requestContext } from '../http/request-log.ts';
import { securityHeaders } from '../http/security.ts';
import { sharedCache } from '../http/shared-cache.ts';
import { inBackground } from '../kernel/background.ts';
import type { AppEnv } from '../kernel/context.ts';
import { mountDevMails } from '../mail/dev-routes.ts';
import { mountCalendarRoutes } from '../meetings/index.ts';
import { mountReadiness } from '../operations/index.ts';
import { partnerAdmission, partnerMiddleware } from '../partners/index.ts';
import { mountMyData } from '../privacy/index.ts';
import { mountProConnect } from '../proconnect/index.ts';
import { mountVideoWebhook, VIDEO_WEBHOOK_PATH } from '../video/index.ts';
import { renderMail } from './mails.ts';

export const LANDING_CACHE_TTL_MS = 10_000;
/** How long an embedded « Nos prochaines visites » may be a little late (docs/decisions/0052). */
export const EMBED_CACHE_TTL_MS = 60_000;

/**
 * The one place that starts the outbox's delivery (docs/decisions/0043): after any request that may have
 * changed something — a form post, a GraphQL mutation — what it recorded (events, e-mails) is handed on
 * without making it wait. A GraphQL query, a GET, changes nothing.
 */
const deliverAfterChanges: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const readOnly = c.req.method === 'GET' || c.req.method === 'HEAD' || c.var.graphqlOperation === 'query';
  if (!readOnly) inBackground(c, c.var.deps.outbox.wake());
};

/**
 * A form posted to its page answers 303 See Other on success (API.md « Fresh-style »): the browser then asks
 * for the next page with a GET. Vike's `redirect()` only sends 301 or 302, so its 302 after a post becomes
 * 303 here, once for every page (docs/decisions/0056). The session cookie a login set is kept.
 */
const seeOtherAfterPost: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== 'POST' || c.res.status !== 302) return;
  c.res = new Response(null, { status: 303, headers: c.res.headers });
};

/** The routes that read their body with a limit of their own. */
function ownBodyLimit(path: string): boolean {
  return path === '/graphql' || path === VIDEO_WEBHOOK_PATH || path.startsWith(ROUTES.unsubscribe(''));
}

/** The pages whose plain forms send a file (a picture, a document; decision 0090). */
const FILE_FORM_PAGES: readonly string[] = [ROUTES.myCompany, ROUTES.myProfile];

/** What a page's post may weigh: a form's text, or on the pages that take files, one upload (as /graphql's). */
function pagePostMaxBytes(path: string, contentType: string | undefined): number {
  const upload = FILE_FORM_PAGES.includes(path) && /^multipart\/form-data\b/i.test(contentType ?? '');
  return upload ? UPLOAD_MAX_REQUEST_BYTES : FORM_POST_MAX_BYTES;
}

/**
 * The Hono app without the pages: middleware, /graphql, /healthz. Vike is mounted on it by pages/+server.ts.
 * Its dependencies are the process's, or made for each request on Workers (server/main/runtime.ts).
 */
export function createApp(deps: DepsSource): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let ready: Promise<void> | undefined;
  const production = deps.config.NODE_ENV === 'production';

  app.use(requestContext(deps));
  app.use(sharedCache(['/'], LANDING_CACHE_TTL_MS));
  app.use(sharedCache((path) => path.startsWith(EMBED_PATH_PREFIX), EMBED_CACHE_TTL_MS));
  app.use(
    securityHeaders({
      production,
      hsts: !deps.config.isLocalhost,
      mapTileUrl: deps.config.MAP_TILE_URL,
      liveKitUrl: deps.config.LIVEKIT_URL,
      proConnectIssuer: deps.config.PROCONNECT_ISSUER,
    }),
  );

  // A page's form post is read whole by the page: refused over FORM_POST_MAX_BYTES (an upload's limit on the
  // pages that take files) before it is read, with or without Content-Length (issue 34). /graphql, its
  // uploads, the video webhook and the unsubscribe link read theirs with limits of their own.
  app.use(
    limitBody(
      (c) => (ownBodyLimit(c.req.path) ? null : pagePostMaxBytes(c.req.path, c.req.header('content-type'))),
      (c) => c.text('Le formulaire envoyé est trop volumineux.', 413),
    ),
  );

  app.get('/healthz', async (c) => {
    try {
      await c.var.deps.db.client.execute('SELECT 1');
      return c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' });
    } catch (error) {
      deps.log.error('health check failed', { requestId: c.var.requestId, error: String(error) });
      return c.json({ status: 'unavailable' }, 503, { 'Cache-Control': 'no-store' });
    }
  });

  app.use(async (c, next) => {
    ready ??= prepareConnection(c.var.deps.db).catch((error) => {
      ready = undefined;
      throw error;
    });
    await ready;
    await next();
  });
  mountReadiness(app);
  // A partner key (`pk_…`) is read first: the session middleware never takes it for a session.
  app.use(partnerMiddleware);
  app.use(sessionMiddleware);
  app.use(deliverAfterChanges);
  app.use(seeOtherAfterPost);
  if (deps.config.isLocalhost && !deps.config.mailTransport) mountDevMails(app, renderMail);
  // Form, multipart and text posts are what a foreign page can send with the user's cookies: their Origin
  // must be ours. JSON posts need CORS, which is not granted.
  app.use('/graphql', csrf({ origin: deps.config.PUBLIC_URL }));
  // After the CSRF check, which must see the multipart request as the browser sent it.
  app.use(
    '/graphql',
    graphqlMultipart({
      maxFileBytes: UPLOAD_MAX_FILE_BYTES,
      maxRequestBytes: UPLOAD_MAX_REQUEST_BYTES,
      tooLargeMessage: DOCUMENT_MESSAGES.tooLarge,
    }),
  );
  app.on(
    ['GET', 'POST'],
    '/graphql',
    createGraphqlEndpoint({ schema, production, admission: partnerAdmission(schema) }).handle,
  );
  app.all('/graphql', otherMethods);
  mountCalendarRoutes(app);
  mountMeetingDocumentRoutes(app);
  mountDocumentRoutes(app);
  // The feedback export is read by recruiters too: its route goes before the operators' exports.
  mountFeedbackExport(app);
  mountGroupExport(app);
  mountGroupSummary(app);
  mountMyData(app);
  mountExportRoutes(app);
  mountVideoWebhook(app);
  mountCompanyEmbed(app);
  mountProConnect(app);
  // Outside the CSRF check on purpose (RFC 8058 one-click: no cookie, no Origin; docs/decisions/0039).
  mountUnsubscribeRoute(app);

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      // The CSRF check's refusal: GraphQL clients read a coded error, as from the endpoint itself.
      if (c.req.path === '/graphql' && error.status === 403) {
        const forbidden = { message: ERROR_MESSAGES.FORBIDDEN, extensions: { code: 'FORBIDDEN' } };
        return c.json({ errors: [forbidden] }, 403);
      }
      return error.getResponse();
    }
    const requestId = c.var.requestId;
    deps.log.error('request failed', { requestId, error: error.stack ?? String(error) });
    if (c.req.path === '/graphql') {
      const graphqlError = {
        message: ERROR_MESSAGES.other_error,
        extensions: { code: 'other_error', requestId },
      };
      return c.json({ errors: [graphqlError] }, 500);
    }
    return c.text(ERROR_MESSAGES.other_error, 500);
  });
  return app;
}
