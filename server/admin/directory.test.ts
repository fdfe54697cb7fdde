import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, companyDirectoryChecks } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser, TEST_NOW } from '../../tests/fixtures/app.ts';
import {
  type RechercheEntreprisesServer,
  startRechercheEntreprisesServer,
} from '../../tests/fixtures/recherche-entreprises-server.ts';
import { checkNewCompaniesInDirectory } from '../companies/index.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { createCompanyLookup } from '../ports/company-lookup/index.ts';
import { recheckCompanyDirectory } from './moderation.ts';
import { reviewQueue } from './overview.ts';

/**
 * Issue 21: the validation card says what the company directory said of the SIRET, against the local
 * recherche-entreprises server: found and matching, found with another name, not found, directory down.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const operator = (regionCode: string | null, id = 1): Viewer => ({
  id,
  kind: 'admin',
  companyId: null,
  firstName: 'Opé',
  lastName: 'Rateur',
  sessionId: 's',
  regionCode,
});

let directory: RechercheEntreprisesServer;
beforeAll(async () => {
  directory = await startRechercheEntreprisesServer();
});
afterAll(() => directory.close());

describe('the company directory on the validation card', () => {
  let t: TestApp;
  beforeEach(async () => {
    directory.setMode('ok');
    directory.requests.length = 0;
    t = await createTestApp({
      // As in production: the register, with the local stand-in for the sign-up's prefill only.
      companyLookup: createCompanyLookup({ provider: 'api', baseUrl: directory.url, timeoutMs: 300 }),
    });
  });
  afterEach(() => t.close());

  const pending = (name: string, siret: string, extra: Parameters<typeof insertCompany>[1] = {}) =>
    insertCompany(t.db, {
      name,
      siret,
      status: 'pending',
      zipcode: '69200',
      city: 'Vénissieux',
      label: '12 rue de l’Usine, 69200 Vénissieux',
      ...extra,
    });
  const card = async (id: number) =>
    (await reviewQueue(operator(null), t.deps)).find((company) => company.id === String(id))?.directory;

  it('says « not checked yet » until the job asks, then the job asks each new company once', async () => {
    const company = await pending('Les Forges de Vénissieux SAS', '51234567900017');
    expect((await card(company.id))?.answer).toBe('unchecked');
    expect(await checkNewCompaniesInDirectory(t.deps)).toMatchObject({ checked: 1, found: 1 });
    expect(await checkNewCompaniesInDirectory(t.deps)).toMatchObject({ checked: 0 });
    expect(directory.requests).toHaveLength(1);
  });

  it('found, name and address matching (accents, case, legal form aside)', async () => {
    const company = await pending('Les Forges de Vénissieux SAS', '51234567900017');
    await checkNewCompaniesInDirectory(t.deps);
    expect(await card(company.id)).toEqual({
      answer: 'found',
      checkedOn: expect.stringMatching(/2026/),
      name: { matches: true, directory: 'FORGES DE VENISSIEUX' },
      address: { matches: true, directory: '12 Rue de l’Usine 69200 Vénissieux' },
    });
  });

  it('found, with another name and another address', async () => {
    const company = await pending('Chaudronnerie Martin', '51234567900025');
    await checkNewCompaniesInDirectory(t.deps);
    expect(await card(company.id)).toMatchObject({
      answer: 'found',
      name: { matches: false, directory: 'FORGES DE VENISSIEUX' },
      address: { matches: false, directory: 'ZI DU CHAMP DU PONT 4 AVENUE DES FORGERONS 69800 SAINT-PRIEST' },
    });
  });

  it('not found', async () => {
    const company = await pending('Forges inconnues', '90123456700013');
    await checkNewCompaniesInDirectory(t.deps);
    expect(await card(company.id)).toMatchObject({ answer: 'notFound', name: null, address: null });
  });

  it('directory down: « annuaire injoignable », asked again half an hour later, and on demand', async () => {
    const company = await pending('Les Forges de Vénissieux', '51234567900017');
    directory.setMode('hang');
    await checkNewCompaniesInDirectory(t.deps);
    expect((await card(company.id))?.answer).toBe('unavailable');
    // Not asked again at once…
    directory.setMode('ok');
    expect(await checkNewCompaniesInDirectory(t.deps)).toMatchObject({ checked: 0 });
    // …but the operator's « Vérifier à nouveau » asks now, and the log says who did.
    const admin = await insertUser(t.db, { kind: 'admin', operatorRegion: '06' });
    const check = await recheckCompanyDirectory(operator('06', admin.id), { id: company.id }, t.deps);
    expect(check?.answer).toBe('found');
    expect((await card(company.id))?.name?.matches).toBe(true);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'company.directoryChecked'));
    expect(entry).toMatchObject({ details: 'SIRET trouvé', regionCode: '06', subjectId: company.id });
    // The directory answering 500 is unavailable too.
    directory.setMode('error');
    expect(
      (await recheckCompanyDirectory(operator('06', admin.id), { id: company.id }, t.deps))?.answer,
    ).toBe('unavailable');
  });

  it('the job stops its run at the first unanswered question, the others waiting for the next run', async () => {
    await pending('Les Forges de Vénissieux', '51234567900017');
    await pending('Forges inconnues', '90123456700013');
    directory.setMode('error');
    expect(await checkNewCompaniesInDirectory(t.deps)).toMatchObject({ checked: 1, unavailable: 1 });
    directory.setMode('ok');
    expect(await checkNewCompaniesInDirectory(t.deps)).toMatchObject({ checked: 1, notFound: 1 });
  });

  it('the job retries an unanswered check after half an hour', async () => {
    const company = await pending('Les Forges de Vénissieux', '51234567900017');
    await t.db.insert(companyDirectoryChecks).values({
      companyId: company.id,
      answer: 'unavailable',
      checkedAt: new Date(TEST_NOW.getTime() - 31 * 60_000),
    });
    expect(await checkNewCompaniesInDirectory(t.deps)).toMatchObject({ checked: 1, found: 1 });
  });

  it('is NOT_FOUND for another region’s operator', async () => {
    const company = await pending('Chantier du Port', '51234567900017', {
      departmentCode: '974',
      zipcode: '97420',
    });
    await expect(recheckCompanyDirectory(operator('06'), { id: company.id }, t.deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('is for operators only', async () => {
    const company = await pending('Les Forges de Vénissieux', '51234567900017');
    await expect(recheckCompanyDirectory(null, { id: company.id }, t.deps)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const teacher: Viewer = { ...operator(null), kind: 'teacher' };
    await expect(recheckCompanyDirectory(teacher, { id: company.id }, t.deps)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(directory.requests).toHaveLength(0);
  });

  it('says no directory is configured with the local lookup, and asks nothing', async () => {
    const local = await createTestApp();
    try {
      const company = await insertCompany(local.db, { status: 'pending' });
      expect(await checkNewCompaniesInDirectory(local.deps)).toEqual({ checked: 0 });
      const [review] = await reviewQueue(operator(null), local.deps);
      expect(review?.id).toBe(String(company.id));
      expect(review?.directory.answer).toBe('none');
    } finally {
      await local.close();
    }
  });
});
