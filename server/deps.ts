import { openDb } from '../db/client.ts';
import { readConfig } from './config.ts';
import type { Deps } from './http/context.ts';
import { jsonLogger } from './http/logger.ts';
import { memoryRateLimiter, noRateLimit } from './http/rate-limit.ts';
import { systemClock } from './ports/clock.ts';

/** The production dependencies, from the environment (process.env on Node and, with nodejs_compat, on Workers). */
export function createDeps(env: Record<string, string | undefined>): Deps {
  const config = readConfig(env);
  return {
    config,
    db: openDb(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN),
    clock: systemClock,
    log: jsonLogger(config.LOG_LEVEL),
    rateLimiter: config.RATE_LIMIT === 'off' ? noRateLimit : memoryRateLimiter(),
  };
}
