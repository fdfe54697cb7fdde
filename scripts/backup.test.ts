import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/fixtures/db.ts';
import { freePort } from '../tests/fixtures/net.ts';
import { npmRun } from '../tests/fixtures/npm-run.ts';

/** Rows of the audit log, which the writer below fills two at a time, in one transaction each. */
async function auditRows(path: string): Promise<number> {
  const client = createClient({ url: `file:${path}` });
  try {
    const { rows } = await client.execute('SELECT count(*) AS n FROM audit_log');
    return Number(rows[0]?.n);
  } finally {
    client.close();
  }
}

describe('npm run backup and npm run restore (issue 34)', () => {
  let t: TestDb;
  let dir: string;
  let port: number;
  beforeEach(async () => {
    t = await createTestDb();
    dir = mkdtempSync(join(tmpdir(), 'passerelle-backup-'));
    port = await freePort();
  });
  afterEach(() => {
    t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies the database consistently while it is written, then puts the copy back, the server stopped', async () => {
    const uploads = join(dir, 'uploads');
    mkdirSync(join(uploads, 'slots'), { recursive: true });
    writeFileSync(join(uploads, 'slots', 'consignes.pdf'), '%PDF-1.4 consignes');
    // The server's bookings, as a writer that never stops: two rows per transaction.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await t.db.client.batch(
          [0, 1].map((i) => ({
            sql: "INSERT INTO audit_log (actor_id, actor_name, action, target) VALUES (NULL, 'Test', 'company.validated', ?)",
            args: [`#${written}-${i}`],
          })),
          'write',
        );
        written += 2;
        // The file client answers synchronously underneath: let the child's output in between.
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const backup = join(dir, 'sauvegarde.db');
    const env = { DATABASE_URL: t.url, FILES_DIR: uploads, PORT: String(port) };
    const done = await npmRun('backup', [backup], env);
    writing = false;
    await writer;
    expect(done.status, done.output).toBe(0);
    expect(done.output).toMatch(
      /^Sauvegarde écrite\s: .*sauvegarde\.db \([\d.]+ Mo, \d+ migrations, vérifiée\) en [\d.]+ s/,
    );
    const copied = await auditRows(backup);
    // One instant of the database: whole transactions only, some written before it, some after.
    expect(copied % 2).toBe(0);
    expect(copied).toBeGreaterThan(0);
    expect(copied).toBeLessThan(written);
    expect(readFileSync(join(`${backup}.uploads`, 'slots', 'consignes.pdf'), 'utf8')).toBe(
      '%PDF-1.4 consignes',
    );

    // A second backup under the same name would overwrite the first: refused.
    const again = await npmRun('backup', [backup], env);
    expect(again.status).toBe(1);
    expect(again.output).toContain('existe déjà');

    // The day something went wrong: the server stopped, the backup put back, the newer rows gone.
    t.db.client.close();
    rmSync(join(uploads, 'slots', 'consignes.pdf'));
    const restored = await npmRun('restore', [backup], env);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toContain('Base restaurée depuis');
    expect(await auditRows(t.url.slice('file:'.length))).toBe(copied);
    expect(
      readdirSync(join(t.url.slice('file:'.length), '..')).some((name) =>
        name.includes('.avant-restauration-'),
      ),
    ).toBe(true);
    expect(existsSync(join(uploads, 'slots', 'consignes.pdf'))).toBe(true);
  });

  it('refuses to restore while a server answers, or from a file that is not a sound database', async () => {
    const backup = join(dir, 'sauvegarde.db');
    const env = { DATABASE_URL: t.url, PORT: String(port) };
    expect((await npmRun('backup', [backup], env)).status).toBe(0);
    const server = createServer((_req, res) => res.end('ok')).listen(port, '127.0.0.1');
    try {
      const running = await npmRun('restore', [backup], env);
      expect(running.status).toBe(1);
      expect(running.output).toContain(`un serveur répond sur le port ${port}`);
    } finally {
      server.close();
    }
    const garbage = join(dir, 'pas-une-base.db');
    writeFileSync(garbage, 'ceci n’est pas une base SQLite '.repeat(200));
    const refused = await npmRun('restore', [garbage], env);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(
      /Restauration impossible\s: .*pas-une-base\.db n’est pas une base lisible/,
    );
    const turso = await npmRun('backup', [join(dir, 'x.db')], {
      DATABASE_URL: 'libsql://passerelle.turso.io',
    });
    expect(turso.status).toBe(1);
    expect(turso.output).toContain('base Turso');
  });
});
