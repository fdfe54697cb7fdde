import { copyFileSync, cpSync, existsSync, renameSync, statSync } from 'node:fs';
import { createClient } from '@libsql/client';

/**
 * Backups of a libSQL file database (docs/operations.md, « Sauvegarder et restaurer »), Node only. Turso keeps
 * its own history (point-in-time restore): these are for the platform on one machine.
 */

export class BackupRefused extends Error {}

/** The file path of a `file:` URL; refused for Turso, which has its own restore. */
export function filePathOf(databaseUrl: string): string {
  if (!databaseUrl.startsWith('file:')) {
    throw new BackupRefused(
      'DATABASE_URL nomme une base Turso : sa restauration à un instant donné se fait avec Turso (docs/operations.md).',
    );
  }
  return databaseUrl.slice('file:'.length);
}

/** Where the uploaded files are copied beside a backup: `<backup>.uploads/`. */
export const uploadsBesideBackup = (backupPath: string) => `${backupPath}.uploads`;

/** SQLite's own verdict on a database file, and how many migrations it records; refused when not sound. */
export async function checkDatabaseFile(path: string): Promise<{ migrations: number }> {
  if (!existsSync(path) || statSync(path).size === 0)
    throw new BackupRefused(`${path} n’existe pas ou est vide.`);
  const client = createClient({ url: `file:${path}` });
  try {
    const integrity = await client.execute('PRAGMA integrity_check').catch((error) => {
      throw new BackupRefused(`${path} n’est pas une base lisible : ${String(error)}`);
    });
    const verdict = integrity.rows.map((row) => String(Object.values(row)[0])).join('; ');
    if (verdict !== 'ok') throw new BackupRefused(`${path} est abîmée : ${verdict}`);
    const migrations = await client.execute('SELECT count(*) AS n FROM __drizzle_migrations').catch(() => {
      throw new BackupRefused(`${path} n’est pas une base de la plateforme (aucune migration).`);
    });
    return { migrations: Number(migrations.rows[0]?.n ?? 0) };
  } finally {
    client.close();
  }
}

/**
 * A consistent copy of the database while the server runs and writes: `VACUUM INTO` reads one snapshot (a
 * read transaction, which WAL lets writers go on beside) and writes a compact, self-contained file. Then the
 * copy is checked, and the uploaded files copied beside it (they are written once and never changed: a
 * copy taken after the snapshot holds every file it names).
 */
export async function backupDatabase(
  databaseUrl: string,
  target: string,
  filesDir: string | null,
): Promise<{ bytes: number; migrations: number; files: boolean }> {
  const source = filePathOf(databaseUrl);
  if (existsSync(target)) throw new BackupRefused(`${target} existe déjà : choisissez un autre nom.`);
  const client = createClient({ url: `file:${source}` });
  try {
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute({ sql: 'VACUUM INTO ?', args: [target] });
  } finally {
    client.close();
  }
  const { migrations } = await checkDatabaseFile(target);
  const files = filesDir !== null && existsSync(filesDir);
  if (files) cpSync(filesDir, uploadsBesideBackup(target), { recursive: true });
  return { bytes: statSync(target).size, migrations, files };
}

/**
 * Puts a backup back, the server stopped: the backup checked first, the current database kept aside
 * (`<db>.avant-restauration-<instant>`), its WAL dropped, the backup copied in its place, and the uploaded
 * files of the backup put back. Migrations newer than the backup apply at the next start.
 */
export async function restoreDatabase(
  databaseUrl: string,
  backup: string,
  filesDir: string | null,
  now: Date,
): Promise<{ keptAside: string | null; migrations: number; files: boolean }> {
  const target = filePathOf(databaseUrl);
  const { migrations } = await checkDatabaseFile(backup);
  let keptAside: string | null = null;
  if (existsSync(target)) {
    keptAside = `${target}.avant-restauration-${now.toISOString().replaceAll(':', '-')}`;
    renameSync(target, keptAside);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(target + suffix)) renameSync(target + suffix, keptAside + suffix);
    }
  }
  copyFileSync(backup, target);
  await checkDatabaseFile(target);
  const uploads = uploadsBesideBackup(backup);
  const files = filesDir !== null && existsSync(uploads);
  if (files && filesDir) cpSync(uploads, filesDir, { recursive: true });
  return { keptAside, migrations, files };
}
