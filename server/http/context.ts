import type { Context } from 'hono';
import type { UserKind } from '../../common/constants.ts';
import type { Db } from '../../db/client.ts';
import type { Config } from '../config.ts';
import type { Mailer } from '../mail/index.ts';
import type { Clock } from '../ports/clock.ts';
import type { CompanyLookup } from '../ports/company-lookup.ts';
import type { FileStore } from '../ports/files.ts';
import type { Geocoder } from '../ports/geocoding.ts';
import type { RecruitmentSite } from '../ports/recruitment-site.ts';
import type { Logger } from './logger.ts';
import type { RateLimiter } from './rate-limit.ts';

/** What the app is built from; chosen once at start (Node or Workers), replaced in tests. */
export interface Deps {
  db: Db;
  clock: Clock;
  config: Config;
  log: Logger;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  companyLookup: CompanyLookup;
  geocoder: Geocoder;
  recruitmentSite: RecruitmentSite;
  files: FileStore;
}

/** The logged-in person behind a request. */
export interface Viewer {
  id: number;
  kind: UserKind;
  companyId: number | null;
  firstName: string;
  lastName: string;
  sessionId: string;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    viewer: Viewer | null;
    requestId: string;
    /** Workers say it in cf-connecting-ip, srvx (Node) on the request. */
    clientIp: string;
  };
};

/** GraphQL resolvers receive the request's Hono context (server/graphql/handler.ts passes it). */
export type GqlContext = Context<AppEnv>;
