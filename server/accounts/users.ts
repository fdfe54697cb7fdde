import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { establishments, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findEstablishmentById(db: Db, id: number) {
  const [row] = await db.select().from(establishments).where(eq(establishments.id, id)).limit(1);
  return row ?? null;
}
