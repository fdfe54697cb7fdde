import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '../client.ts';
import { migrateDb } from '../migrate.ts';
import { DEPARTMENTS, ensureDepartments, findDepartment, REGIONS, regionName } from './departments.ts';

describe('DEPARTMENTS', () => {
  it('lists the 101 departments once each, with Corsica split and the five overseas ones', () => {
    expect(DEPARTMENTS).toHaveLength(101);
    expect(new Set(DEPARTMENTS.map((d) => d.code)).size).toBe(101);
    expect(DEPARTMENTS.filter((d) => d.code.length === 2)).toHaveLength(96);
    expect(findDepartment('2A')).toEqual({
      code: '2A',
      name: 'Corse-du-Sud',
      regionCode: '10',
      timeZone: 'Europe/Paris',
    });
    expect(findDepartment('20')).toBeUndefined();
    expect(findDepartment('975')).toBeUndefined();
  });

  it('gives the overseas departments their own region and zone', () => {
    expect(
      DEPARTMENTS.filter((d) => d.code.length === 3).map((d) => [d.code, d.regionCode, d.timeZone]),
    ).toEqual([
      ['971', '01', 'America/Guadeloupe'],
      ['972', '02', 'America/Martinique'],
      ['973', '03', 'America/Cayenne'],
      ['974', '04', 'Indian/Reunion'],
      ['976', '05', 'Indian/Mayotte'],
    ]);
    for (const d of DEPARTMENTS.filter((d) => d.code.length === 2)) expect(d.timeZone).toBe('Europe/Paris');
  });

  it('uses every region code 01–18, each named', () => {
    expect(Object.keys(REGIONS).sort()).toEqual(
      Array.from({ length: 18 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
    expect(new Set(DEPARTMENTS.map((d) => d.regionCode))).toEqual(new Set(Object.keys(REGIONS)));
    expect(findDepartment('69')?.regionCode).toBe('06');
    expect(REGIONS['06']).toBe('Auvergne-Rhône-Alpes');
    expect(findDepartment('75')?.regionCode).toBe('13');
    expect(REGIONS['13']).toBe('Île-de-France');
  });
});

describe('ensureDepartments', () => {
  it('inserts the missing departments and leaves the existing ones, active flag and chamber included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'passerelle-departments-'));
    const db = openDb(`file:${join(dir, 'test.db')}`);
    try {
      await migrateDb(db);
      await db.client.execute(
        "INSERT INTO departments (code, name, region_code, time_zone) VALUES ('01', 'Ain', '06', 'Europe/Paris')",
      );
      await db.client.execute(
        "UPDATE departments SET active = 1, chamber = 'UIMM de l''Ain' WHERE code = '01'",
      );
      await ensureDepartments(db);
      await ensureDepartments(db);
      const rows = (await db.client.execute('SELECT code, active, chamber FROM departments ORDER BY code'))
        .rows;
      expect(rows).toHaveLength(101);
      expect(rows.filter((r) => r.active === 1).map((r) => [r.code, r.chamber])).toEqual([
        // check-french-ignore: the chamber as the SQL above stored it
        ['01', "UIMM de l'Ain"],
      ]);
    } finally {
      db.client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('regionName', () => {
  it('names a region as people read it, not by its code', () => {
    expect(regionName('06')).toBe('Auvergne-Rhône-Alpes');
    expect(regionName(null)).toBeNull();
  });
});
