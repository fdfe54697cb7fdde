import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../server/kernel/config.ts';
import { keptSecret } from './kept-secret.ts';
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

await import(pathToFileURL('dist/server/index.mjs').href);

const lines = [
  '',
  `Passerelle Industrie écoute sur http://localhost:${config.PORT}`,
  seeded === 'demo'
    ? 'Base vide : données de démonstration créées.'
    : `Base ${config.DATABASE_URL} conservée.`,
  '',
  'Comptes :',
  `  Administrateur : ${config.ADMIN_EMAIL} / ${config.ADMIN_PASSWORD}`,
  ...demoAccounts.map((a) => `  ${a.label} : ${a.email} / ${a.password}`),
  '',
];
console.log(lines.join('\n'));
