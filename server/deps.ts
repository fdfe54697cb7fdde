import type { Db } from '../db/client.ts';
import { openDb } from '../db/client.ts';
import type { Config } from './config.ts';
import { readConfig } from './config.ts';
import type { Deps } from './http/context.ts';
import { jsonLogger, type Logger } from './http/logger.ts';
import { memoryRateLimiter, noRateLimit } from './http/rate-limit.ts';
import { createEventBus, createMailer, type EventBus, type Mailer, mailDomain } from './mail/index.ts';
import { systemClock } from './ports/clock.ts';
import { createCompanyLookup } from './ports/company-lookup/index.ts';
import { createFileStore } from './ports/files/index.ts';
import { createGeocoder } from './ports/geocoding/fallback.ts';
import { memoryTransport } from './ports/mail/memory.ts';
import { smtpTransport } from './ports/mail/smtp.ts';
import type { MailTransport } from './ports/mail.ts';
import { createRecruitmentSite } from './ports/recruitment-site/index.ts';
import { createVideoRooms } from './ports/video-rooms/index.ts';
import { SUBSCRIBERS } from './subscribers.ts';

/**
 * Without SMTP_URL, e-mails are kept in the outbox: on localhost they are "delivered" to memory and read
 * at /dev/mails; anywhere else they wait, pending, until SMTP_URL is set (nothing is lost or exposed).
 */
function createMailerFor(config: Config, db: Db, log: Logger, events: EventBus): Mailer {
  if (!config.SMTP_URL && !config.isLocalhost) {
    log.warn('SMTP_URL is not set: e-mails stay in the outbox until it is');
    return { wake: async () => {}, start() {}, stop: async () => {} };
  }
  const transport: MailTransport = config.SMTP_URL
    ? smtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM })
    : memoryTransport();
  const composeMail = () => events.dispatch(db, { now: systemClock.now(), publicUrl: config.PUBLIC_URL });
  const domain = mailDomain(config.MAIL_FROM, config.PUBLIC_URL);
  return createMailer({ db, clock: systemClock, log, transport, mailDomain: domain, composeMail });
}

/** The production dependencies, from the environment (process.env on Node and, with nodejs_compat, on Workers). */
export function createDeps(env: Record<string, string | undefined>): Deps {
  const config = readConfig(env);
  const db = openDb(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  const log = jsonLogger(config.LOG_LEVEL);
  const events = createEventBus(SUBSCRIBERS, log);
  return {
    config,
    db,
    clock: systemClock,
    log,
    rateLimiter: config.RATE_LIMIT === 'off' ? noRateLimit : memoryRateLimiter(),
    mailer: createMailerFor(config, db, log, events),
    events,
    companyLookup: createCompanyLookup({
      provider: config.COMPANY_LOOKUP,
      baseUrl: config.COMPANY_LOOKUP_URL,
      userAgent: `PasserelleIndustrie/1.0 (+${config.PUBLIC_URL})`,
      onUnavailable: (error) => log.warn('company lookup unavailable', { error: error.message }),
    }),
    geocoder: createGeocoder({ provider: config.GEOCODER, baseUrl: config.GEOPLATEFORME_URL }),
    recruitmentSite:
      config.RECRUITMENT_SITE === 'http'
        ? createRecruitmentSite({
            adapter: 'http',
            baseUrl: config.RECRUITMENT_SITE_URL ?? '',
            clientId: config.RECRUITMENT_SITE_CLIENT_ID ?? '',
            clientSecret: config.RECRUITMENT_SITE_CLIENT_SECRET ?? '',
          })
        : createRecruitmentSite({ adapter: 'builtin', db, clock: systemClock, jwtSecret: config.JWT_SECRET }),
    files: createFileStore({ dir: config.FILES_DIR }),
    videoRooms: createVideoRooms(config),
  };
}
