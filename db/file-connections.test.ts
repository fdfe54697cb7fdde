import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, prepareConnection } from './client.ts';
import { startCheckpointer, WAL_CHECKPOINT_PAGES } from './file-connections.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'passerelle-connections-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the server’s file connections (docs/decisions/0060)', () => {
  it('prepares a statement once per connection, commits without waiting for the disk, and still writes and reads', async () => {
    const db = openDb(`file:${join(dir, 'a.db')}`);
    await prepareConnection(db);
    await db.client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)');
    for (let i = 0; i < 5; i++) {
      await db.client.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: [`v${i}`] });
    }
    // The same statement, prepared once per connection; a write's raw() refusal made once.
    const connection = new Database(join(dir, 'a.db'));
    const insert = connection.prepare('INSERT INTO t (v) VALUES (?)');
    expect(connection.prepare('INSERT INTO t (v) VALUES (?)')).toBe(insert);
    expect(connection.prepare('SELECT v FROM t')).not.toBe(insert);
    const refusal = (() => {
      try {
        insert.raw(true);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(TypeError);
    expect(() => insert.raw(true)).toThrow(refusal as Error);
    connection.close();

    // A refused write (a unique value) leaves the kept statement usable; rows come back with their columns.
    await expect(db.client.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: ['v0'] })).rejects.toThrow();
    const inserted = await db.client.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: ['v9'] });
    expect(inserted.rowsAffected).toBe(1);
    const rows = await db.client.execute('SELECT v FROM t ORDER BY id');
    expect(rows.columns).toEqual(['v']);
    expect(rows.rows.map((row) => row.v)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4', 'v9']);
    const { rows: sync } = await db.client.execute('PRAGMA synchronous');
    expect(Number(sync[0]?.synchronous)).toBe(1);
    const { rows: checkpoint } = await db.client.execute('PRAGMA wal_autocheckpoint');
    expect(Number(checkpoint[0]?.wal_autocheckpoint)).toBe(WAL_CHECKPOINT_PAGES);

    // A schema change is seen by a kept statement's columns.
    const all = 'SELECT * FROM t ORDER BY id LIMIT 1';
    expect((await db.client.execute(all)).columns).toEqual(['id', 'v']);
    await db.client.execute('ALTER TABLE t ADD COLUMN w INTEGER');
    expect((await db.client.execute(all)).columns).toEqual(['id', 'v', 'w']);

    // A transaction's connection too.
    const tx = await db.client.transaction('write');
    await tx.execute({ sql: 'INSERT INTO t (v) VALUES (?)', args: ['w'] });
    await tx.commit();
    expect((await db.client.execute("SELECT count(*) AS n FROM t WHERE v = 'w'")).rows[0]?.n).toBe(1);
    db.client.close();
  });

  it('has its WAL copied into the database by the checkpointer’s thread, not by a request’s commit (0075)', async () => {
    const path = join(dir, 'b.db');
    const db = openDb(`file:${path}`);
    await prepareConnection(db);
    await db.client.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB)');
    // 1 MiB written: 256 pages of WAL, far from the connections' own checkpoint, so the file stays small.
    await db.client.execute({ sql: 'INSERT INTO t (v) VALUES (zeroblob(?))', args: [1024 * 1024] });
    expect(statSync(path).size).toBeLessThan(64 * 1024);

    const checkpointer = startCheckpointer(`file:${path}`);
    try {
      await expect.poll(() => statSync(path).size, { timeout: 5000 }).toBeGreaterThan(1024 * 1024);
    } finally {
      await checkpointer.stop();
    }
    expect((await db.client.execute('SELECT length(v) AS n FROM t')).rows[0]?.n).toBe(1024 * 1024);
    db.client.close();
  });
});
