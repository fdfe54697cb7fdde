import { existsSync } from 'node:fs';
import { BackupRefused, backupDatabase } from '../db/backup.ts';
import { readConfig } from '../server/kernel/config.ts';

/**
 * `npm run backup -- <file>`: a consistent copy of the database (DATABASE_URL, a libSQL file) while the
 * server runs and takes bookings, checked, and the uploaded files (FILES_DIR) beside it in `<file>.uploads/`.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const target = process.argv[2];
if (!target) {
  console.error('Usage : npm run backup -- <fichier>');
  process.exit(2);
}
const config = readConfig(process.env);
const started = performance.now();
try {
  const copy = await backupDatabase(config.DATABASE_URL, target, config.FILES_DIR);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Sauvegarde écrite : ${target} (${(copy.bytes / 1024 / 1024).toFixed(1)} Mo, ${copy.migrations} migrations, vérifiée) en ${seconds} s` +
      (copy.files ? `, fichiers déposés dans ${target}.uploads` : ''),
  );
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(`Sauvegarde impossible : ${error.message}`);
  process.exitCode = 1;
}
