import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentContentProblem } from '../../common/documents.ts';
import { folderFileStore } from '../../server/ports/files/folder-store.ts';
import { type Db, openDb, prepareConnection } from '../client.ts';
import { migrateDb } from '../migrate.ts';
import { ensureDepartments } from '../reference/departments.ts';
import { DEMO_ACCOUNTS, seedDemo, seedDemoDocuments } from './index.ts';

const NOW = new Date('2026-11-22T08:00:00.000Z');

interface Seeded {
  db: Db;
  dir: string;
  written: number;
}

async function seeded(): Promise<Seeded> {
  const dir = mkdtempSync(join(tmpdir(), 'passerelle-seed-documents-'));
  const db = openDb(`file:${join(dir, 'demo.db')}`);
  await prepareConnection(db);
  await migrateDb(db);
  await ensureDepartments(db);
  await seedDemo(db, { now: NOW, passwordHash: 'scrypt$demo' });
  const written = await seedDemoDocuments(db, folderFileStore(join(dir, 'uploads')), NOW);
  return { db, dir, written };
}

const rowsOf = async (db: Db) =>
  (
    await db.client.execute(
      'SELECT owner_kind, owner_id, purpose, title, file_name, mime_type, size_bytes, storage_key, created_at FROM documents ORDER BY id',
    )
  ).rows.map((row) => ({ ...row }));

describe('the demo visit documents', () => {
  let first: Seeded;
  let second: Seeded;
  beforeAll(async () => {
    [first, second] = await Promise.all([seeded(), seeded()]);
  }, 60_000);
  afterAll(() => {
    for (const run of [first, second]) {
      run?.db.client.close();
      if (run) rmSync(run.dir, { recursive: true, force: true });
    }
  });

  it("go to three companies, the demo recruiter's first, each file a PDF in the uploads folder", async () => {
    expect(first.written).toBe(4);
    const rows = await rowsOf(first.db);
    const owners = [...new Set(rows.map((r) => r.owner_id))];
    expect(owners).toHaveLength(3);
    const recruiter = await first.db.client.execute({
      sql: 'SELECT company_id FROM users WHERE email = ?',
      args: [DEMO_ACCOUNTS.recruiter],
    });
    expect(owners[0]).toBe(recruiter.rows[0]?.company_id);
    expect(rows.filter((r) => r.owner_id === owners[0]).map((r) => r.title)).toEqual([
      'Plan d’accès et consignes de sécurité',
      'Programme de la visite',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        owner_kind: 'company',
        purpose: 'visitDocument',
        mime_type: 'application/pdf',
      });
      const bytes = readFileSync(join(first.dir, 'uploads', String(row.storage_key)));
      expect(bytes.length).toBe(row.size_bytes);
      expect(documentContentProblem(String(row.file_name), bytes)).toBeNull();
    }
  });

  it('are the same rows and bytes on every seed', async () => {
    const rows = await rowsOf(first.db);
    expect(await rowsOf(second.db)).toEqual(rows);
    for (const row of rows) {
      const key = String(row.storage_key);
      expect(readFileSync(join(second.dir, 'uploads', key))).toEqual(
        readFileSync(join(first.dir, 'uploads', key)),
      );
    }
  });
});
