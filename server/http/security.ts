import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { EMBED_HEIGHT_SCRIPT } from '../../common/embed.ts';
import { EMBED_PATH_PREFIX, ROUTES } from '../../common/routes.ts';
import { mapTileOrigin } from '../kernel/config.ts';
import type { AppEnv } from '../kernel/context.ts';

/**
 * Pages carry no inline script (island props travel as JSON data), so scripts come from 'self' only.
 * Vite's dev server injects inline scripts: in development they get a nonce, passed to Vike as cspNonce.
 * Images may also come from the map's tile server (MAP_TILE_URL), and from nowhere else outside.
 * The video room connects to the LiveKit server (LIVEKIT_URL) and plays the cameras' streams (blob:).
 * « Se déconnecter » posted from a session opened with ProConnect is answered by a redirect to ProConnect's
 * logout (docs/decisions/0095): its origin is a form's allowed destination too.
 */
export function securityHeaders(options: {
  production: boolean;
  hsts: boolean;
  mapTileUrl?: string;
  liveKitUrl?: string | undefined;
  proConnectIssuer?: string | undefined;
}): MiddlewareHandler<AppEnv> {
  const tileOrigin = options.mapTileUrl ? mapTileOrigin(options.mapTileUrl) : '';
  // Known at start: the policy is one string, not rebuilt for every response.
  const liveKitSources = liveKitOrigins(options.liveKitUrl);
  const site = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: options.production ? ["'self'"] : ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
      fontSrc: ["'self'"],
      connectSrc: options.production ? ["'self'", ...liveKitSources] : ["'self'", 'ws:', ...liveKitSources],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", ...(options.proConnectIssuer ? [new URL(options.proConnectIssuer).origin] : [])],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: options.hsts ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'same-origin',
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
    // Obsolete (IE, Flash) or without effect in current browsers; each header is paid on every response.
    xDownloadOptions: false,
    xXssProtection: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
  });
  const embed = embedSecurityHeaders(options.hsts);
  return async (c, next) => {
    if (c.req.path.startsWith(EMBED_PATH_PREFIX)) return embed(c, next);
    await site(c, next);
    c.header('Permissions-Policy', permissionsPolicyOf(c.req.path));
  };
}

/**
 * The pages that use the camera and the microphone: the video room (and the devices' check before it), and
 * « Tester ma connexion », whose checks publish a few seconds of each to its test room.
 */
const MEDIA_PATHS = [ROUTES.meetingVideoConference(''), ROUTES.connectionTest];

/**
 * Which powerful features a page may use (issue 34): the camera, the microphone and sharing the screen on
 * the video room's pages only, from this site only (not from a frame); the position, payments and USB
 * devices nowhere. A script injected into any other page cannot switch a camera on.
 */
export function permissionsPolicyOf(path: string): string {
  const media = MEDIA_PATHS.some((prefix) => path.startsWith(prefix)) ? '(self)' : '()';
  return `camera=${media}, microphone=${media}, display-capture=${media}, geolocation=(), payment=(), usb=()`;
}

/** The CSP source of the embed's one inline script: its SHA-256, as CSP writes a hash. */
export const EMBED_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EMBED_HEIGHT_SCRIPT).digest('base64')}'`;

/**
 * The pages other sites frame (`/embed/…`, « Nos prochaines visites »: docs/decisions/0052): any site may
 * frame them (`frame-ancestors *`, and no X-Frame-Options), and they run one script only — the inline one
 * that posts their height to the host page, allowed by its hash (0085), none from anywhere —, their own
 * inline CSS, images from this site only, no form. The rest of the site is framed by nobody.
 */
function embedSecurityHeaders(hsts: boolean): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      scriptSrc: [EMBED_SCRIPT_SOURCE],
      styleSrc: ["'unsafe-inline'"],
      imgSrc: ["'self'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ['*'],
    },
    strictTransportSecurity: hsts ? 'max-age=31536000; includeSubDomains' : false,
    referrerPolicy: 'same-origin',
    xFrameOptions: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'cross-origin',
    xDownloadOptions: false,
    xXssProtection: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
  });
}

/**
 * Where the browser reaches LiveKit: its WebSocket and, for its connection check, the same host over HTTP.
 * LiveKit Cloud also moves a client to a regional host (`<project>.<region>.production.livekit.cloud`).
 */
export function liveKitOrigins(url: string | undefined): string[] {
  if (!url || !URL.canParse(url)) return [];
  const { protocol, host, hostname } = new URL(url);
  const secure = protocol === 'wss:' || protocol === 'https:';
  const hosts = hostname.endsWith('.livekit.cloud') ? ['*.livekit.cloud'] : [host];
  return hosts.flatMap((name) =>
    secure ? [`wss://${name}`, `https://${name}`] : [`ws://${name}`, `http://${name}`],
  );
}
