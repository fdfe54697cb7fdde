import { z } from 'zod';

/** Every setting of the platform, read from the environment once; `.env.example` lists them with these defaults. */
const configSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().positive().default(3000),
  DATABASE_URL: z.string().default('file:data/app.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  ADMIN_EMAIL: z.string().email().default('admin@passerelle-industrie.fr'),
  ADMIN_PASSWORD: z.string().min(8).default('Admin-Passerelle-2026!'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema> & { isLocalhost: boolean };

export function readConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.parse(env);
  const host = new URL(parsed.PUBLIC_URL).hostname;
  return { ...parsed, isLocalhost: host === 'localhost' || host === '127.0.0.1' || host === '[::1]' };
}
