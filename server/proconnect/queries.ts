import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { proConnectSessions } from '../../db/schema/proconnect.ts';

export async function insertProConnectSession(db: DbOrTx, sessionId: string, idTokenSealed: string) {
  await db.insert(proConnectSessions).values({ sessionId, idTokenSealed });
}

/** The sealed ID token of a session opened with ProConnect; null for any other session. */
export async function sealedIdTokenOf(db: DbOrTx, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ idTokenSealed: proConnectSessions.idTokenSealed })
    .from(proConnectSessions)
    .where(eq(proConnectSessions.sessionId, sessionId))
    .limit(1);
  return row?.idTokenSealed ?? null;
}
