import type { Db } from '../../db/client.ts';
import { openDb } from '../../db/client.ts';
import { createEventBus, createOutbox, deliverAllDue, followedBy } from '../events/index.ts';
import { type CacheLike, edgePageCache, memoryPageCache } from '../http/page-cache.ts';
import { memoryRateLimiter, noRateLimit } from '../http/rate-limit.ts';
import { type DurableObjectNamespaceLike, durableObjectRateLimiter } from '../http/rate-limit-object.ts';
import { type Clock, clockOf } from '../kernel/clock.ts';
import { type Config, hasBuiltInRoom, readConfig, requireOwnSecret } from '../kernel/config.ts';
import type { Deps } from '../kernel/context.ts';
import type { EventBus, Outbox } from '../kernel/events.ts';
import { jsonLogger, type Logger } from '../kernel/logger.ts';
import type { PageCache } from '../kernel/page-cache.ts';
import type { CompanyLookup } from '../kernel/ports/company-lookup.ts';
import type { Geocoder } from '../kernel/ports/geocoding.ts';
import type { MailTransport } from '../kernel/ports/mail.ts';
import { limiterOf, type RateLimiter } from '../kernel/rate-limits.ts';
import { MAIL_TOPIC, mailDomain, mailSender } from '../mail/index.ts';
import { createCompanyLookup } from '../ports/company-lookup/index.ts';
import { type BucketLike, createFileStore } from '../ports/files/index.ts';
import { createGeocoder } from '../ports/geocoding/fallback.ts';
import { createIdentityProvider } from '../ports/identity-provider/index.ts';
import { mailApiTransport } from '../ports/mail/mail-api.ts';
import { memoryTransport } from '../ports/mail/memory.ts';
import { smtpTransport } from '../ports/mail/smtp.ts';
import { createPdfRenderer, type ServiceBindingLike } from '../ports/pdf/index.ts';
import { createPictureResizer, type ImagesBindingLike } from '../ports/pictures/index.ts';
import { createRecruitmentSite } from '../ports/recruitment-site/index.ts';
import { createVideoRooms } from '../ports/video-rooms/index.ts';
import { fetchWebhookPoster } from '../ports/webhooks/fetch.ts';
import { sendingStep } from '../webhooks/index.ts';
import { renderMail } from './mails.ts';
import { JOBS } from './scheduled.ts';
import { SUBSCRIBERS } from './subscribers.ts';

/**
 * What holds no connection and no per-request state: the settings, the logs, the event table, and the
 * outside services reached by `fetch`. Made once per process on Node and once per isolate on Workers.
 */
export interface Services {
  config: Config;
  clock: Clock;
  log: Logger;
  events: EventBus;
  companyLookup: CompanyLookup;
  geocoder: Geocoder;
  /** null: no transport configured (see outboxFor). */
  mailTransport: MailTransport | null;
}

/**
 * The Worker's bindings (wrangler.toml): the R2 bucket of uploads, the Images binding that resizes pictures,
 * the documents Worker, the rate-limit Durable Objects.
 */
export interface EdgeBindings {
  FILES?: BucketLike;
  IMAGES?: ImagesBindingLike;
  /** The documents Worker (wrangler.documents.toml), which draws the PDFs. */
  PDF?: ServiceBindingLike;
  RATE_LIMITS?: DurableObjectNamespaceLike;
}

export function createServices(
  env: Record<string, string | undefined>,
  options: { onWorkers: boolean },
): Services {
  const config = readConfig(env);
  requireOwnSecret(config);
  const log = jsonLogger(config.LOG_LEVEL);
  const mailTransport = mailTransportFor(config, options.onWorkers);
  if (!mailTransport) {
    log.warn(
      'no mail transport (SMTP_URL or MAIL_TRANSPORT=brevo): e-mails stay in the outbox until one is set',
    );
  }
  return {
    config,
    clock: clockOf(config),
    log,
    events: eventBusFor(config, log, mailTransport),
    companyLookup: createCompanyLookup({
      provider: config.COMPANY_LOOKUP,
      baseUrl: config.COMPANY_LOOKUP_URL,
      userAgent: `PasserelleIndustrie/1.0 (+${config.PUBLIC_URL})`,
      onUnavailable: (error) => log.warn('company lookup unavailable', { error: error.message }),
    }),
    geocoder: createGeocoder({ provider: config.GEOCODER, baseUrl: config.GEOPLATEFORME_URL }),
    mailTransport,
  };
}

/**
 * SMTP or the HTTP mail API when configured. Without either, e-mails are "delivered" to memory on a Node
 * server on localhost (read at /dev/mails); anywhere else they wait in the outbox until a transport is set
 * (nothing is lost or exposed). A Worker never keeps them in memory: its memory is per isolate and
 * /dev/mails never answers there.
 */
function mailTransportFor(config: Config, onWorkers: boolean): MailTransport | null {
  if (config.mailTransport === 'brevo') {
    return mailApiTransport({
      baseUrl: config.MAIL_API_URL,
      apiKey: config.MAIL_API_KEY ?? '',
      from: config.MAIL_FROM,
    });
  }
  if (config.mailTransport === 'smtp')
    return smtpTransport({ url: config.SMTP_URL ?? '', from: config.MAIL_FROM });
  return config.isLocalhost && !onWorkers ? memoryTransport() : null;
}

/**
 * The bus over the subscriber table, with the e-mails' sender when a transport is configured: without one,
 * the e-mails wait in the outbox and every event still reaches its subscribers (docs/decisions/0043, 0078).
 */
export function eventBusFor(config: Config, log: Logger, mailTransport: MailTransport | null): EventBus {
  return createEventBus(SUBSCRIBERS, {
    log,
    publicUrl: config.PUBLIC_URL,
    builtInRoom: hasBuiltInRoom({ config }),
    senders: {
      [MAIL_TOPIC]: mailTransport
        ? mailSender({
            transport: mailTransport,
            mailDomain: mailDomain(config.MAIL_FROM, config.PUBLIC_URL),
            render: renderMail,
          })
        : null,
    },
  });
}

/**
 * The outbox's delivery on this database (events/worker.ts: every due row to its handler, until none is due),
 * followed by the partners' webhooks its subscribers queued, sent by a loop of their own (docs/decisions/0097).
 */
export function outboxFor(services: Pick<Services, 'clock' | 'log' | 'events' | 'config'>, db: Db): Outbox {
  const { log, events, clock, config } = services;
  // Woken only when a run of the outbox ends, whose own wait already gathered a burst's wakes: no second wait.
  const webhooks = createOutbox([sendingStep({ db, clock, log, config, poster: fetchWebhookPoster })], {
    log,
    coalesceMs: 0,
  });
  return followedBy(createOutbox([deliverAllDue(events, db, clock)], { log }), webhooks);
}

/** What a database client and the stores of a runtime add to the services. */
function assemble(
  services: Services,
  parts: {
    db: Db;
    rateLimiter: RateLimiter;
    files: Deps['files'];
    pictures: Deps['pictures'];
    pdf: Deps['pdf'];
    pageCache: PageCache;
  },
): Deps {
  const { config, clock } = services;
  const { mailTransport: _transport, ...shared } = services;
  return {
    ...shared,
    ...parts,
    outbox: outboxFor(services, parts.db),
    recruitmentSite:
      config.RECRUITMENT_SITE === 'http'
        ? createRecruitmentSite({
            adapter: 'http',
            baseUrl: config.RECRUITMENT_SITE_URL ?? '',
            clientId: config.RECRUITMENT_SITE_CLIENT_ID ?? '',
            clientSecret: config.RECRUITMENT_SITE_CLIENT_SECRET ?? '',
          })
        : createRecruitmentSite({ adapter: 'builtin', db: parts.db, clock, jwtSecret: config.JWT_SECRET }),
    videoRooms: createVideoRooms(config),
    identityProvider: createIdentityProvider(config),
    checkMailTransport: () => answers(services.mailTransport),
    schedule: JOBS.map(({ name, cron }) => ({ name, cron })),
  };
}

/** Whether a mail transport answers now (its own check); null without one. */
export async function answers(transport: MailTransport | null): Promise<boolean | null> {
  if (!transport) return null;
  try {
    await transport.check?.();
    return true;
  } catch {
    return false;
  }
}

/**
 * The production dependencies on Node, from the environment: one database client for the process, shared
 * by every request, and the process's memory for rate limits and the visitors' page cache.
 */
export function createDeps(env: Record<string, string | undefined>): Deps {
  const services = createServices(env, { onWorkers: false });
  const { config } = services;
  return assemble(services, {
    db: openDb(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN),
    rateLimiter: config.RATE_LIMIT === 'off' ? noRateLimit : memoryRateLimiter(),
    files: createFileStore({ dir: config.FILES_DIR }),
    pictures: createPictureResizer({}),
    pdf: createPdfRenderer({}),
    pageCache: memoryPageCache(),
  });
}

/** Without its Durable Object binding a Worker cannot count attempts: what is limited is refused (logged). */
const unboundRateLimiter: RateLimiter = limiterOf({
  add: unbound,
  peek: unbound,
  clear: unbound,
});
async function unbound(): Promise<never> {
  throw new Error('RATE_LIMITS, the rate limits’ Durable Object binding, is missing (wrangler.toml)');
}

/**
 * The dependencies of one Worker request or scheduled run (docs/decisions/0025). The database is the
 * isolate's handle (`requestScopedDatabase`), run inside the run's own client: workerd ties a client's
 * pending I/O to the request that started it, so a client shared by an isolate's concurrent requests gets
 * its calls cancelled and stops answering. Creating one is a few objects (no connection: each query is an
 * HTTP request). Rate limits count in Durable Objects and the visitors' pages are kept in the location's
 * cache, both shared by every isolate.
 */
export function edgeDeps(services: Services, bindings: EdgeBindings, cache: CacheLike, db: Db): Deps {
  const { config } = services;
  let rateLimiter = noRateLimit;
  if (config.RATE_LIMIT === 'on') {
    rateLimiter = bindings.RATE_LIMITS ? durableObjectRateLimiter(bindings.RATE_LIMITS) : unboundRateLimiter;
  }
  return assemble(services, {
    db,
    rateLimiter,
    files: createFileStore({ dir: config.FILES_DIR, bucket: bindings.FILES }),
    pictures: createPictureResizer({ images: bindings.IMAGES }),
    pdf: createPdfRenderer({ binding: bindings.PDF }),
    pageCache: edgePageCache(cache, config.PUBLIC_URL),
  });
}
