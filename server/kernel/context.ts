import type { Context } from 'hono';
import type { Db } from '../../db/client.ts';
import type { Clock } from './clock.ts';
import { type Config, hasBuiltInRoom } from './config.ts';
import type { EventBus, EventContext, Outbox } from './events.ts';
import type { Logger } from './logger.ts';
import type { PageCache } from './page-cache.ts';
import type { PartnerViewer } from './partner.ts';
import type { CompanyLookup } from './ports/company-lookup.ts';
import type { FileStore } from './ports/files.ts';
import type { Geocoder } from './ports/geocoding.ts';
import type { IdentityProvider } from './ports/identity-provider.ts';
import type { PdfRenderer } from './ports/pdf.ts';
import type { PictureResizer } from './ports/pictures.ts';
import type { RecruitmentSite } from './ports/recruitment-site.ts';
import type { VideoRoomService } from './ports/video-rooms.ts';
import type { RateLimiter } from './rate-limits.ts';
import type { Viewer } from './viewer.ts';

/**
 * What the app is built from: on Node once at start, on Workers for each request and each scheduled run
 * (server/main/deps.ts, docs/decisions/0025); replaced in tests.
 */
export interface Deps {
  db: Db;
  clock: Clock;
  config: Config;
  log: Logger;
  rateLimiter: RateLimiter;
  /** Publishes the changes' events to their subscribers (server/main/subscribers.ts). */
  events: EventBus;
  /** Delivers the outbox: woken after every mutation (server/main/app.ts) and by the `outbox` job. */
  outbox: Outbox;
  companyLookup: CompanyLookup;
  geocoder: Geocoder;
  recruitmentSite: RecruitmentSite;
  files: FileStore;
  /** Company pictures to their web size: photon on Node, the Images binding on Workers. */
  pictures: PictureResizer;
  /** The printed documents: pdf-lib in the process on Node, the documents Worker on Workers. */
  pdf: PdfRenderer;
  /** The visitors' shared pages (server/http/shared-cache.ts). */
  pageCache: PageCache;
  /** The video service's server API (host actions in the rooms); null without LiveKit configured. */
  videoRooms: VideoRoomService | null;
  /** ProConnect, the professionals' OpenID Connect login (server/proconnect/); null when not configured. */
  identityProvider: IdentityProvider | null;
  /** Whether the mail transport answers now: null without one (e-mails wait in the outbox). */
  checkMailTransport(): Promise<boolean | null>;
  /** The scheduled jobs by name and cron (server/main/scheduled.ts), for the operators' view. */
  schedule: readonly { name: string; cron: string }[];
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    viewer: Viewer | null;
    /** The partner key's holder, for a request made with one (server/partners/); null otherwise. */
    partner: PartnerViewer | null;
    requestId: string;
    /** The client's address for rate limits: the peer's, or the trusted proxy's word (client-address.ts). */
    clientIp: string;
    /** The connection's own address (the socket's on Node, the platform's on Workers), never a header. */
    peerAddress: string | undefined;
    /** The GraphQL operation's kind, once /graphql read it: a query changes nothing (main/app.ts). */
    graphqlOperation?: 'query' | 'mutation' | 'subscription';
  };
};

/** GraphQL resolvers receive the request's Hono context (server/graphql/handler.ts passes it). */
export type GqlContext = Context<AppEnv>;

/** The moment a use case acts at, as its events' subscribers see it. */
export function eventContext(deps: Pick<Deps, 'config' | 'events'>, now: Date): EventContext {
  return { now, publicUrl: deps.config.PUBLIC_URL, builtInRoom: hasBuiltInRoom(deps), events: deps.events };
}
