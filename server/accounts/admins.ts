import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { hashPassword } from './password.ts';
import { TEAM_FIRST_NAME } from './users.ts';

/**
 * The first operator comes from ADMIN_EMAIL / ADMIN_PASSWORD at start (PRODUCT.md, People). An existing
 * account keeps its password: changing the variable later does not overwrite a password set since.
 */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<'created' | 'exists'> {
  const normalized = email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalized))
    .limit(1);
  if (existing) return 'exists';
  await db.insert(users).values({
    kind: 'admin',
    email: normalized,
    passwordHash: await hashPassword(password),
    firstName: TEAM_FIRST_NAME,
    lastName: 'Passerelle Industrie',
  });
  return 'created';
}
