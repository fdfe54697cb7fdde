import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, insertCompany, insertUser } from '../../tests/fixtures/app.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { adminCompanies } from './companies.ts';
import { adminPeople } from './people.ts';

/** Issue 21: the back-office's lists sort names as a French reader does, accents and case aside. */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const NATIONAL: Viewer = {
  id: 1,
  kind: 'admin',
  companyId: null,
  firstName: 'Opé',
  lastName: 'Rateur',
  sessionId: 's',
  regionCode: null,
};

// Inserted in an order that neither character codes nor insertion would put right.
const NAMES = ['Zoé', 'Fabien', 'élodie', 'Émile', 'Eddy', 'zacharie', 'Alain'];
const FRENCH = ['Alain', 'Eddy', 'élodie', 'Émile', 'Fabien', 'zacharie', 'Zoé'];

describe('French order in the back-office’s lists', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('companies: « Émile » between « Eddy » and « Fabien », « Zoé » after « élodie »', async () => {
    for (const name of NAMES) await insertCompany(t.db, { name });
    const page = await adminCompanies(NATIONAL, { page: 1, pageSize: 20 }, t.deps);
    expect(page.items.map((company) => company.name)).toEqual(FRENCH);
    // Paged in SQL: the second page goes on where the first stopped.
    const second = await adminCompanies(NATIONAL, { page: 2, pageSize: 3 }, t.deps);
    expect(second.items.map((company) => company.name)).toEqual(FRENCH.slice(3, 6));
  });

  it('teachers and recruiters: by last name, then first name', async () => {
    for (const lastName of NAMES) await insertUser(t.db, { kind: 'teacher', lastName, firstName: 'Camille' });
    await insertUser(t.db, { kind: 'teacher', lastName: 'Eddy', firstName: 'Émilie' });
    await insertUser(t.db, { kind: 'teacher', lastName: 'Eddy', firstName: 'Adèle' });
    const page = await adminPeople(NATIONAL, { kind: 'teacher', page: 1, pageSize: 20 }, t.deps);
    expect(page.items.map((person) => `${person.firstName} ${person.lastName}`)).toEqual([
      'Camille Alain',
      'Adèle Eddy',
      'Camille Eddy',
      'Émilie Eddy',
      'Camille élodie',
      'Camille Émile',
      'Camille Fabien',
      'Camille zacharie',
      'Camille Zoé',
    ]);
    for (const lastName of ['Zoé', 'Émile', 'Eddy']) await insertUser(t.db, { kind: 'recruiter', lastName });
    const recruiters = await adminPeople(NATIONAL, { kind: 'recruiter', page: 1, pageSize: 20 }, t.deps);
    expect(recruiters.items.map((person) => person.lastName)).toEqual(['Eddy', 'Émile', 'Zoé']);
  });
});
