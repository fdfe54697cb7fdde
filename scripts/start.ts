import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../server/kernel/config.ts';
import { VIDEO_WEBHOOK_PATH } from '../server/video/webhook.ts';
import { keptSecret } from './kept-secret.ts';
import { LIVEKIT_INSTALL, liveKitBinary, startLiveKitDev } from './livekit-dev.ts';
import { prepareDatabase } from './prepare-db.ts';

/** `npm start`: build, migrate, seed when empty, serve, and say how to log in. */
if (existsSync('.env')) process.loadEnvFile('.env');
// The server refuses to start in production mode without its own secret: a first run makes one up.
process.env.JWT_SECRET ||= keptSecret('data/jwt-secret');
const config = readConfig(process.env);

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { seeded, demoAccounts } = await prepareDatabase(config);
if (config.RATE_LIMIT === 'off') {
  console.warn('\n!!! RATE_LIMIT=off : aucune limite de tentatives. Réservé aux tests de charge. !!!\n');
}

const video = await videoRooms();
await import(pathToFileURL('dist/server/index.mjs').href);

const lines = [
  '',
  `Passerelle Industrie écoute sur http://localhost:${config.PORT}`,
  seeded === 'demo'
    ? 'Base vide : données de démonstration créées.'
    : `Base ${config.DATABASE_URL} conservée.`,
  '',
  'Comptes :',
  `  Administrateur : ${config.ADMIN_EMAIL} / ${config.ADMIN_PASSWORD}`,
  ...demoAccounts.map((a) => `  ${a.label} : ${a.email} / ${a.password}`),
  '',
  video,
  '',
];
console.log(lines.join('\n'));

/**
 * The video rooms (issue 23, decision 0062): LIVEKIT_URL when given; else a `livekit-server` found on PATH
 * (or LIVEKIT_BIN) started from livekit.yaml made local (loopback), as a child process stopped with this one; else
 * none, and the slot form offers external links only. Returns the start-up line that says which.
 */
async function videoRooms(): Promise<string> {
  if (process.env.LIVEKIT_URL) return `Visioconférence : serveur LiveKit ${process.env.LIVEKIT_URL}`;
  const bin = liveKitBinary();
  if (!bin)
    return `Visioconférence : pas de serveur LiveKit, liens externes seulement. Pour l’avoir : ${LIVEKIT_INSTALL}.`;
  const liveKit = await startLiveKitDev({
    bin,
    webhookUrls: [`http://127.0.0.1:${config.PORT}${VIDEO_WEBHOOK_PATH}`],
  });
  process.env.LIVEKIT_URL = liveKit.url;
  process.env.LIVEKIT_API_KEY = liveKit.apiKey;
  process.env.LIVEKIT_API_SECRET = liveKit.apiSecret;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void liveKit.stop().finally(() => process.exit(0)));
  }
  return `Visioconférence : serveur LiveKit local (${bin}, processus ${liveKit.pid}, réglé par livekit.yaml) sur ${liveKit.url}, en boucle locale.`;
}
