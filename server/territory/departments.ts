import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments } from '../../db/schema.ts';

export function listDepartments(db: Db) {
  return db.select().from(departments).orderBy(asc(departments.code));
}
