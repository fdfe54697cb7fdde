import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureFormatOf } from '../../common/pictures.ts';
import { folderFileStore } from '../../server/ports/files/folder-store.ts';
import { type Db, openDb, prepareConnection } from '../client.ts';
import { migrateDb } from '../migrate.ts';
import { ensureDepartments } from '../reference/departments.ts';
import { DEMO_ACCOUNTS, seedDemo, seedDemoJobOffers, seedDemoPictures } from './index.ts';

const NOW = new Date('2026-11-22T08:00:00.000Z');

describe('the demo pictures and job offers (issue 14: no company had a picture, no page an offer)', () => {
  let db: Db;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'passerelle-seed-profiles-'));
    db = openDb(`file:${join(dir, 'demo.db')}`);
    await prepareConnection(db);
    await migrateDb(db);
    await ensureDepartments(db);
    await seedDemo(db, { now: NOW, passwordHash: 'scrypt$demo' });
    await seedDemoPictures(db, folderFileStore(join(dir, 'uploads')), NOW);
    await seedDemoJobOffers(db, NOW);
  }, 60_000);
  afterAll(() => {
    db.client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives two validated companies in three a JPEG picture, written through the files port', async () => {
    const { rows } = await db.client.execute(
      `SELECT c.id, d.storage_key FROM companies c LEFT JOIN documents d ON d.id = c.picture_document_id
       WHERE c.status = 'validated' ORDER BY c.id`,
    );
    const withPicture = rows.filter((row) => row.storage_key !== null);
    expect(withPicture.length).toBe(rows.length - Math.floor(rows.length / 3));
    const bytes = readFileSync(join(dir, 'uploads', String(withPicture[0]?.storage_key)));
    expect(pictureFormatOf(bytes)).toBe('jpeg');
  });

  it('gives the demo recruiter’s company three offers and five other companies two', async () => {
    const { rows } = await db.client.execute({
      // The demo company is a team (issue 21): whether it is the demo recruiter's, without counting its members.
      sql: `SELECT o.company_id, count(*) AS n,
          EXISTS (SELECT 1 FROM users u WHERE u.company_id = o.company_id AND u.email = ?) AS own
        FROM job_offers o GROUP BY o.company_id`,
      args: [DEMO_ACCOUNTS.recruiter],
    });
    expect(rows.map((row) => [Number(row.own), Number(row.n)]).sort()).toEqual([
      [0, 2],
      [0, 2],
      [0, 2],
      [0, 2],
      [0, 2],
      [1, 3],
    ]);
  });
});
