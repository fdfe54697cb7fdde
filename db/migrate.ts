import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the drizzle-kit migrations. Node only (reads the SQL files); Workers deployments migrate from Node first. */
export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** The migrations of this version, in order: drizzle-kit's journal (`when`: the instant the migrator compares). */
export function migrationsOfThisVersion(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The migrations `migrateDb` would apply to this database, as drizzle's migrator decides: those newer than
 * the last one it recorded (all of them on a new database).
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  let last = -1;
  try {
    const { rows } = await db.client.execute('SELECT max(created_at) AS last FROM __drizzle_migrations');
    last = rows[0]?.last === null || rows[0]?.last === undefined ? -1 : Number(rows[0].last);
  } catch (error) {
    if (!/no such table/i.test(String(error))) throw error;
  }
  return migrationsOfThisVersion()
    .filter((migration) => migration.when > last)
    .map((migration) => migration.tag);
}
