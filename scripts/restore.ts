import { existsSync } from 'node:fs';
import { BackupRefused, restoreDatabase } from '../db/backup.ts';
import { readConfig } from '../server/kernel/config.ts';

/**
 * `npm run restore -- <file>`: puts a backup of `npm run backup` back in DATABASE_URL's place, the server
 * stopped (refused while something answers on PORT), the backup checked first, the current database kept
 * aside. `npm start` then applies the migrations newer than the backup.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const backup = process.argv[2];
if (!backup) {
  console.error('Usage : npm run restore -- <fichier>');
  process.exit(2);
}
const config = readConfig(process.env);

/** Whether the platform answers on this machine's port: it must be stopped before its database is replaced. */
async function serverAnswers(): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${config.PORT}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

try {
  if (await serverAnswers()) {
    throw new BackupRefused(
      `un serveur répond sur le port ${config.PORT} : arrêtez-le d’abord, la base ne se remplace pas sous lui.`,
    );
  }
  const restored = await restoreDatabase(config.DATABASE_URL, backup, config.FILES_DIR, new Date());
  console.log(
    [
      `Base restaurée depuis ${backup} (${restored.migrations} migrations, vérifiée).`,
      restored.keptAside ? `L’ancienne base est gardée : ${restored.keptAside}` : null,
      restored.files ? `Fichiers déposés remis dans ${config.FILES_DIR}.` : null,
      'Relancez le serveur (npm start) : il applique les migrations plus récentes que la sauvegarde.',
    ]
      .filter(Boolean)
      .join('\n'),
  );
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(`Restauration impossible : ${error.message}`);
  process.exitCode = 1;
}
