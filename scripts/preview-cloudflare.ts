import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Cron } from 'croner';
import { getPlatformProxy } from 'wrangler';
import { readConfig } from '../server/kernel/config.ts';
import type { BucketLike } from '../server/ports/files/index.ts';
import { startHranaServer } from '../tests/fixtures/hrana-server.ts';
import { type ApiMail, startMailApiServer } from '../tests/fixtures/mail-api-server.ts';
import { startWorker, WORKER_CONFIG } from '../tests/fixtures/worker.ts';
import { keptSecret } from './kept-secret.ts';
import { prepareDatabase } from './prepare-db.ts';

/**
 * `npm run preview:cloudflare`: the Worker build (`npm run build:cloudflare` first) in workerd, as
 * `wrangler dev` runs it, on http://localhost:8787 (or PORT), with no internet and no account
 * (docs/decisions/0025). Around it, on loopback: the libSQL HTTP stand-in (tests/fixtures/hrana-server.ts,
 * a Turso for one machine) over data/preview/turso.db, migrated and seeded from Node as Turso is; the mail
 * API stand-in, whose e-mails are written to data/preview/mails/; R2, the rate-limit Durable Objects and
 * the cache in workerd's local state (data/preview/wrangler/); and the Cron Triggers fired on their
 * crons, as Cloudflare would. Settings as `npm start`: PORT, RATE_LIMIT, ADMIN_EMAIL, ADMIN_PASSWORD,
 * SEED, LOG_LEVEL…; without JWT_SECRET, one is made up and kept for the next runs. PREVIEW_DIR moves
 * data/preview elsewhere (the Worker test's smoke run uses a folder of its own).
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const DIR = process.env.PREVIEW_DIR || 'data/preview';
const STATE = join(DIR, 'wrangler');

if (!existsSync(WORKER_CONFIG)) {
  console.error(
    'Pas de build Worker : lancez `npm run preview:cloudflare` (qui construit) ou `npm run build:cloudflare`.',
  );
  process.exit(1);
}
mkdirSync(join(DIR, 'mails'), { recursive: true });

const port = Number(process.env.PORT || 8787);
const origin = `http://localhost:${port}`;
const jwtSecret = process.env.JWT_SECRET || keptSecret(join(DIR, 'jwt-secret'));
const config = readConfig({ ...process.env, PORT: String(port), PUBLIC_URL: origin, JWT_SECRET: jwtSecret });
const built = JSON.parse(readFileSync(WORKER_CONFIG, 'utf8')) as {
  r2_buckets: { bucket_name: string }[];
  triggers: { crons?: string[] };
};

const databaseToken = randomBytes(24).toString('hex');
const hrana = await startHranaServer({ path: join(DIR, 'turso.db'), authToken: databaseToken });
// Numbered after those of the previous runs.
let mailCount = readdirSync(join(DIR, 'mails')).length;
const mailApi = await startMailApiServer({ apiKey: randomBytes(24).toString('hex'), onMessage: keepMail });

// The demo's documents go to the Worker's own R2 bucket, in the state wrangler dev reads.
const bucket = await getPlatformProxy<{ FILES: BucketLike }>({
  configPath: writeBucketConfig(),
  persist: { path: join(STATE, 'v3') },
});
const { seeded, demoAccounts } = await prepareDatabase(
  { ...config, DATABASE_URL: hrana.url, DATABASE_AUTH_TOKEN: databaseToken },
  {
    files: {
      put: async (key, bytes, contentType) => {
        await bucket.env.FILES.put(key, bytes, { httpMetadata: { contentType } });
      },
    },
  },
);
await bucket.dispose();
if (config.RATE_LIMIT === 'off') {
  console.warn('\n!!! RATE_LIMIT=off : aucune limite de tentatives. Réservé aux tests de charge. !!!\n');
}

const vars: Record<string, string> = {
  // wrangler prints a line per request already.
  LOG_LEVEL: 'warn',
  ...passThrough([
    'NODE_ENV',
    'LOG_LEVEL',
    'GEOCODER',
    'GEOPLATEFORME_URL',
    'COMPANY_LOOKUP',
    'MAP_TILE_URL',
  ]),
  PUBLIC_URL: origin,
  JWT_SECRET: jwtSecret,
  RATE_LIMIT: config.RATE_LIMIT,
  DATABASE_URL: hrana.url,
  DATABASE_AUTH_TOKEN: databaseToken,
  MAIL_TRANSPORT: 'brevo',
  MAIL_API_URL: mailApi.url,
  MAIL_API_KEY: mailApi.apiKey,
  MAIL_FROM: config.MAIL_FROM,
};
let ready = false;
const worker = await startWorker({
  vars,
  stateDir: STATE,
  port,
  ip: 'localhost',
  onOutput: (chunk) => {
    if (ready) process.stdout.write(chunk);
  },
});
ready = true;

// Cloudflare fires the Cron Triggers; wrangler dev only offers to (/cdn-cgi/local/scheduled).
const triggers = (built.triggers.crons ?? []).map(
  (cron) =>
    new Cron(cron, { timezone: 'UTC', protect: true }, async () => {
      const { outcome } = await worker.trigger(cron);
      if (outcome !== 'ok') console.error(`Tâches du cron « ${cron} » : ${outcome}`);
    }),
);
const stop = async () => {
  for (const trigger of triggers) trigger.stop();
  await worker.stop();
  await Promise.all([hrana.close(), mailApi.close()]);
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

console.log(
  [
    '',
    `Passerelle Industrie (Worker, workerd) écoute sur ${origin}`,
    seeded === 'demo'
      ? 'Base vide : données de démonstration créées.'
      : `Base ${join(DIR, 'turso.db')} conservée.`,
    `E-mails envoyés : ${join(DIR, 'mails')}/`,
    '',
    'Comptes :',
    `  Administrateur : ${config.ADMIN_EMAIL} / ${config.ADMIN_PASSWORD}`,
    ...demoAccounts.map((account) => `  ${account.label} : ${account.email} / ${account.password}`),
    '',
  ].join('\n'),
);

/** A secret made once for this machine's preview and kept beside its data, so sessions outlive a restart. */

/** The bucket alone, under the Worker's bucket name, for wrangler's platform proxy. */
function writeBucketConfig(): string {
  const path = join(DIR, 'bucket.wrangler.toml');
  writeFileSync(
    path,
    [
      'name = "passerelle-preview-seed"',
      'compatibility_date = "2026-10-01"',
      '[[r2_buckets]]',
      'binding = "FILES"',
      `bucket_name = "${built.r2_buckets[0]?.bucket_name}"`,
    ].join('\n'),
  );
  return path;
}

function passThrough(names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

/** Each e-mail the Worker sends, as a text file, and a line saying so. */
function keepMail(mail: ApiMail): void {
  const file = join(DIR, 'mails', `${String(++mailCount).padStart(4, '0')}.txt`);
  const lines = [
    `À : ${mail.to.map((recipient) => recipient.email).join(', ')}`,
    `Objet : ${mail.subject}`,
    ...Object.entries(mail.headers).map(([name, value]) => `${name}: ${value}`),
    ...mail.attachments.map((attachment) => `Pièce jointe : ${attachment.name}`),
    '',
    mail.text ?? '',
  ];
  writeFileSync(file, lines.join('\n'));
  console.log(`E-mail à ${mail.to[0]?.email} : « ${mail.subject} » (${file})`);
}
