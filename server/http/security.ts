import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './context.ts';

/**
 * Pages carry no inline script (island props travel as JSON data), so scripts come from 'self' only.
 * Vite's dev server injects inline scripts: in development they get a nonce, passed to Vike as cspNonce.
 */
export function securityHeaders(options: { production: boolean; hsts: boolean }): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: options.production ? ["'self'"] : ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: options.production ? ["'self'"] : ["'self'", 'ws:'],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
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
}
