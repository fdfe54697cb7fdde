import { z } from 'zod';

/** OpenStreetMap's standard tiles; Géoplateforme's Plan IGN is the documented alternative (.env.example). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_MAP_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">les contributeurs d’OpenStreetMap</a>';

/** A tile URL template: http(s), a host (`{s}` for a subdomain allowed) and Leaflet's placeholders. */
const TILE_URL = /^https?:\/\/[\w.{}-]+(:\d+)?\/\S*$/i;

/**
 * The origin the map's tiles come from, as the Content-Security-Policy's img-src names it: a `{s}`
 * subdomain placeholder becomes a wildcard.
 */
export function mapTileOrigin(tileUrl: string): string {
  const origin = /^https?:\/\/[^/?#]+/i.exec(tileUrl)?.[0] ?? '';
  return origin.replace('{s}', '*');
}

// Only for the scripts and tests that read the settings without serving (a server in production mode
// refuses to start on it: requireOwnSecret), on localhost: anywhere else JWT_SECRET must be set.
const LOCAL_JWT_SECRET = 'local-only-secret-never-used-outside-localhost';

/** Every setting of the platform, read from the environment once; `.env.example` lists them with these defaults. */
const configSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().positive().default(3000),
  DATABASE_URL: z.string().default('file:data/app.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  FILES_DIR: z.string().default('data/uploads'),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().default('admin@passerelle-industrie.fr'),
  ADMIN_PASSWORD: z.string().min(8).default('Admin-Passerelle-2026!'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  /** The proxy whose word on the client's address counts (client-address.ts); unset: the socket's. */
  TRUST_PROXY: z.enum(['cloudflare', 'local']).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  GEOCODER: z.enum(['geoplateforme', 'offline']).default('geoplateforme'),
  GEOPLATEFORME_URL: z.string().url().default('https://data.geopf.fr/geocodage'),
  SMTP_URL: z.string().optional(),
  /**
   * How e-mail leaves: smtp (SMTP_URL) or brevo (the HTTP mail API); unset: smtp when SMTP_URL is set, else
   * brevo when MAIL_API_KEY is (a Worker given its key as a secret sends, docs/operations.md).
   */
  MAIL_TRANSPORT: z.enum(['smtp', 'brevo']).optional(),
  MAIL_API_URL: z.string().url().default('https://api.brevo.com/v3'),
  MAIL_API_KEY: z.string().min(1).optional(),
  MAIL_FROM: z.string().default('Passerelle Industrie <contact@passerelle-industrie.fr>'),
  /** The team's address for anyone without an account: every page's footer offers it (« Nous écrire »). */
  CONTACT_EMAIL: z.string().email().default('contact@passerelle-industrie.fr'),
  COMPANY_LOOKUP: z.enum(['api', 'local']).default('api'),
  COMPANY_LOOKUP_URL: z.string().url().default('https://recherche-entreprises.api.gouv.fr'),
  RECRUITMENT_SITE: z.enum(['builtin', 'http']).default('builtin'),
  RECRUITMENT_SITE_URL: z.string().url().optional(),
  RECRUITMENT_SITE_CLIENT_ID: z.string().optional(),
  RECRUITMENT_SITE_CLIENT_SECRET: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  MAP_TILE_URL: z
    .string()
    .regex(TILE_URL, { error: 'MAP_TILE_URL must be an http(s) tile URL template' })
    .default(DEFAULT_MAP_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().default(DEFAULT_MAP_TILE_ATTRIBUTION),
  /** The LiveKit server of the video rooms (wss://…); without the three, rooms are unavailable. */
  LIVEKIT_URL: z.string().url().optional(),
  LIVEKIT_API_KEY: z.string().min(1).optional(),
  LIVEKIT_API_SECRET: z.string().min(1).optional(),
  /**
   * ProConnect (OpenID Connect, docs/decisions/0095): its issuer (the discovery document is read from it), this
   * platform's client id and secret; without the three, the logins offer no ProConnect button.
   */
  PROCONNECT_ISSUER: z.string().url().optional(),
  PROCONNECT_CLIENT_ID: z.string().min(1).optional(),
  PROCONNECT_CLIENT_SECRET: z.string().min(1).optional(),
  /** The algorithm ProConnect signs this client's ID tokens and userinfo with (chosen at its registration). */
  PROCONNECT_SIGNING_ALG: z.enum(['ES256', 'RS256']).default('ES256'),
  /**
   * Tests only: the server's clock runs this many milliseconds from the real one (clockOf), the offset the
   * test run and its browser share (TEST_NOW, docs/decisions/0077). Refused unless NODE_ENV=test.
   */
  TEST_CLOCK_OFFSET_MS: z.coerce.number().int().optional(),
});

type ParsedConfig = z.infer<typeof configSchema>;
export type Config = ParsedConfig & {
  /** Where users reach the platform: links in e-mails; by default this machine on PORT. */
  PUBLIC_URL: string;
  JWT_SECRET: string;
  /** Whether JWT_SECRET was given, rather than the local stand-in of the scripts and tests. */
  ownSecret: boolean;
  /** The transport e-mails leave by; null: none configured (they wait in the outbox, or /dev/mails). */
  mailTransport: 'smtp' | 'brevo' | null;
  /** Served on localhost: no HSTS or Secure cookies, and e-mails readable at /dev/mails without SMTP. */
  isLocalhost: boolean;
};

export function readConfig(env: Record<string, string | undefined>): Config {
  // An empty variable in .env means "not set".
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.parse(present);
  const publicUrl = parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`;
  const host = new URL(publicUrl).hostname;
  const isLocalhost = host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  if (!parsed.JWT_SECRET && !isLocalhost) throw new Error('JWT_SECRET (32 characters or more) must be set.');
  if (
    parsed.RECRUITMENT_SITE === 'http' &&
    !(parsed.RECRUITMENT_SITE_URL && parsed.RECRUITMENT_SITE_CLIENT_ID)
  ) {
    throw new Error(
      'RECRUITMENT_SITE=http needs RECRUITMENT_SITE_URL, RECRUITMENT_SITE_CLIENT_ID and _SECRET.',
    );
  }
  if (parsed.TEST_CLOCK_OFFSET_MS !== undefined && parsed.NODE_ENV !== 'test') {
    throw new Error(
      'TEST_CLOCK_OFFSET_MS moves the clock for tests only: a server whose NODE_ENV is not "test" refuses it.',
    );
  }
  const mailTransport =
    parsed.MAIL_TRANSPORT ?? (parsed.SMTP_URL ? 'smtp' : parsed.MAIL_API_KEY ? 'brevo' : null);
  if (mailTransport === 'smtp' && !parsed.SMTP_URL) throw new Error('MAIL_TRANSPORT=smtp needs SMTP_URL.');
  if (mailTransport === 'brevo' && !parsed.MAIL_API_KEY)
    throw new Error('MAIL_TRANSPORT=brevo needs MAIL_API_KEY.');
  return {
    ...parsed,
    PUBLIC_URL: publicUrl,
    JWT_SECRET: parsed.JWT_SECRET ?? LOCAL_JWT_SECRET,
    ownSecret: parsed.JWT_SECRET !== undefined,
    mailTransport,
    isLocalhost,
  };
}

/**
 * A server in production mode (NODE_ENV=production, the default) signs links and tokens with its own secret
 * only: never with the stand-in anybody can read in this repository, even on localhost (issue 22). `npm start`
 * makes one up and keeps it in data/jwt-secret; a Worker gets it as a secret (wrangler secret put).
 */
export function requireOwnSecret(config: Config): void {
  if (config.NODE_ENV === 'production' && !config.ownSecret) {
    throw new Error(
      'JWT_SECRET (32 characters or more) must be set: a server in production mode signs its links with its own secret.',
    );
  }
}

export interface LiveKitSettings {
  url: string;
  apiKey: string;
  apiSecret: string;
}

/** Whether the platform has its built-in video room: a webinar without a link can be held there. */
export function hasBuiltInRoom(deps: { config: Parameters<typeof liveKitSettings>[0] }): boolean {
  return liveKitSettings(deps.config) !== null;
}

/** LiveKit settings from the configuration, or null when any of the three is missing. */
export function liveKitSettings(config: {
  LIVEKIT_URL?: string | undefined;
  LIVEKIT_API_KEY?: string | undefined;
  LIVEKIT_API_SECRET?: string | undefined;
}): LiveKitSettings | null {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = config;
  return url && apiKey && apiSecret ? { url, apiKey, apiSecret } : null;
}

export interface ProConnectSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  signingAlg: 'ES256' | 'RS256';
}

/** ProConnect's settings, or null when any of the three is missing: the logins then offer no button. */
export function proConnectSettings(config: {
  PROCONNECT_ISSUER?: string | undefined;
  PROCONNECT_CLIENT_ID?: string | undefined;
  PROCONNECT_CLIENT_SECRET?: string | undefined;
  PROCONNECT_SIGNING_ALG: 'ES256' | 'RS256';
}): ProConnectSettings | null {
  const {
    PROCONNECT_ISSUER: issuer,
    PROCONNECT_CLIENT_ID: clientId,
    PROCONNECT_CLIENT_SECRET: clientSecret,
  } = config;
  return issuer && clientId && clientSecret
    ? { issuer, clientId, clientSecret, signingAlg: config.PROCONNECT_SIGNING_ALG }
    : null;
}
