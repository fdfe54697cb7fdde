import { openDb } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { ensureDepartments } from '../db/reference/departments.ts';
import { readConfig } from '../server/kernel/config.ts';

/** `npm run db:migrate`: applies the migrations to DATABASE_URL (a file, or Turso before a Workers deploy). */
const config = readConfig(process.env);
const db = openDb(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
await migrateDb(db);
await ensureDepartments(db);
db.client.close();
console.log(`Migrations appliquées sur ${config.DATABASE_URL}`);
