import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { inArray } from 'drizzle-orm';
import { type Db, openDb, prepareConnection } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { ensureDepartments } from '../db/reference/departments.ts';
import { users } from '../db/schema.ts';
import {
  DEMO_ACCOUNTS,
  type FileWriter,
  isDatabaseEmpty,
  seedDemo,
  seedDemoDocuments,
  seedDemoJobOffers,
  seedDemoPictures,
  seedLarge,
} from '../db/seed/index.ts';
import { ensureAdmin, hashPassword } from '../server/accounts/index.ts';
import { clockOf } from '../server/kernel/clock.ts';
import type { Config } from '../server/kernel/config.ts';
import { createFileStore } from '../server/ports/files/index.ts';

/** The password of every demo account, printed at start. */
export const DEMO_PASSWORD = 'Demo-Passerelle-2026!';

export interface PreparedDb {
  seeded: 'demo' | 'large' | null;
  demoAccounts: { label: string; email: string; password: string }[];
}

const DEMO_LABELS: Record<keyof typeof DEMO_ACCOUNTS, string> = {
  teacher: 'Enseignant',
  recruiter: 'Entreprise',
  pendingRecruiter: 'Entreprise en attente de validation',
  regionalOperator: 'Opérateur régional (Auvergne-Rhône-Alpes, administration)',
};

/** The demo accounts this database holds (none when it was not seeded with the demo). */
async function existingDemoAccounts(db: Db): Promise<PreparedDb['demoAccounts']> {
  const emails = Object.values(DEMO_ACCOUNTS);
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  const present = new Set(rows.map((r) => r.email));
  return (Object.keys(DEMO_ACCOUNTS) as (keyof typeof DEMO_ACCOUNTS)[])
    .filter((key) => present.has(DEMO_ACCOUNTS[key]))
    .map((key) => ({ label: DEMO_LABELS[key], email: DEMO_ACCOUNTS[key], password: DEMO_PASSWORD }));
}

/**
 * Brings the database to the current schema, loads the reference data, seeds the demo data when the
 * database is empty (SEED=demo), and makes sure the admin exists. The demo's files go to FILES_DIR, or
 * to `files` (the Worker preview's bucket).
 */
export async function prepareDatabase(
  config: Config,
  options: { large?: boolean; files?: FileWriter } = {},
): Promise<PreparedDb> {
  if (config.DATABASE_URL.startsWith('file:')) {
    mkdirSync(dirname(config.DATABASE_URL.slice('file:'.length)), { recursive: true });
  }
  const db = openDb(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    await prepareConnection(db);
    await migrateDb(db);
    await ensureDepartments(db);
    let seeded: PreparedDb['seeded'] = null;
    if (await isDatabaseEmpty(db)) {
      const now = clockOf(config).now();
      const passwordHash = await hashPassword(DEMO_PASSWORD);
      if (options.large) {
        await seedLarge(db, { now, passwordHash });
        seeded = 'large';
      } else if (config.SEED === 'demo') {
        await seedDemo(db, { now, passwordHash });
        await seedDemoJobOffers(db, now);
        // Files in FILES_DIR, through the same port as uploads.
        const files = options.files ?? createFileStore({ dir: config.FILES_DIR });
        await seedDemoDocuments(db, files, now);
        await seedDemoPictures(db, files, now);
        seeded = 'demo';
      }
    }
    await ensureAdmin(db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    return { seeded, demoAccounts: await existingDemoAccounts(db) };
  } finally {
    db.client.close();
  }
}
