import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { insertUser, TEST_NOW } from '../../tests/fixtures/app.ts';
import { createTestDb, type TestDb } from '../../tests/fixtures/db.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  createSession,
  generateSessionToken,
  invalidateSession,
  invalidateUserSessions,
  SESSION_LIFETIME_MS,
  sessionIdOf,
  validateSessionToken,
} from './sessions.ts';

const DAY = 24 * 3_600_000;
const later = (ms: number) => new Date(TEST_NOW.getTime() + ms);

describe('sessions', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(() => t.close());

  it('stores only the SHA-256 of the token', async () => {
    const user = await insertUser(t.db, { kind: 'teacher' });
    const token = generateSessionToken();
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    await createSession(t.db, token, user.id, TEST_NOW);
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(sessionIdOf(token));
    expect(rows[0]?.id).not.toContain(token);
  });

  it('knows the user until expiry, then forgets the session', async () => {
    const user = await insertUser(t.db, { kind: 'recruiter' });
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, TEST_NOW);
    expect(await validateSessionToken(t.db, token, later(DAY))).toMatchObject({
      id: user.id,
      kind: 'recruiter',
      renewed: false,
    });
    expect(await validateSessionToken(t.db, token, later(SESSION_LIFETIME_MS))).toBeNull();
    expect(await t.db.select().from(sessions)).toHaveLength(0);
    expect(await validateSessionToken(t.db, 'not-a-token', TEST_NOW)).toBeNull();
  });

  it('slides the expiry when less than half the lifetime is left', async () => {
    const user = await insertUser(t.db, { kind: 'teacher' });
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, TEST_NOW);
    const at = later(20 * DAY);
    const validated = await validateSessionToken(t.db, token, at);
    expect(validated?.renewed).toBe(true);
    expect(validated?.expiresAt.getTime()).toBe(at.getTime() + SESSION_LIFETIME_MS);
    expect(await validateSessionToken(t.db, token, later(45 * DAY))).not.toBeNull();
  });

  it('ends one session on logout and all of them on demand', async () => {
    const user = await insertUser(t.db, { kind: 'teacher' });
    const [a, b] = [generateSessionToken(), generateSessionToken()];
    await createSession(t.db, a, user.id, TEST_NOW);
    await createSession(t.db, b, user.id, TEST_NOW);
    await invalidateSession(t.db, sessionIdOf(a));
    expect(await validateSessionToken(t.db, a, TEST_NOW)).toBeNull();
    expect(await validateSessionToken(t.db, b, TEST_NOW)).not.toBeNull();
    await invalidateUserSessions(t.db, user.id);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

describe('passwords', () => {
  it('hashes with scrypt and a salt, and verifies', async () => {
    const hash = await hashPassword('Motdepasse-1');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await hashPassword('Motdepasse-1')).not.toBe(hash);
    expect(await verifyPassword(hash, 'Motdepasse-1')).toBe(true);
    expect(await verifyPassword(hash, 'motdepasse-1')).toBe(false);
    expect(await verifyPassword('garbage', 'Motdepasse-1')).toBe(false);
  });
});
