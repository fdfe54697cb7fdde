import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companies, companyJobs, documents, jobs } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertSlot, insertUser, TEST_NOW } from '../../tests/fixtures/app.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { firstStepsFor } from './first-steps.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const recruiterOf = (id: number, companyId: number): Viewer => ({
  id,
  kind: 'recruiter',
  companyId,
  firstName: 'Inès',
  lastName: 'Roux',
  sessionId: 's',
  regionCode: null,
});

describe('a company’s first steps', () => {
  let t: TestApp;
  let viewer: Viewer;
  let companyId: number;
  beforeEach(async () => {
    t = await createTestApp();
    const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
    companyId = company.id;
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId });
    viewer = recruiterOf(recruiter.id, companyId);
  });
  afterEach(() => t.close());

  /** Everything a new company has left to do, done, `count` times where a thing can be many. */
  async function doEverything(count = 1) {
    const [picture] = await t.db
      .insert(documents)
      .values({
        ownerKind: 'company',
        ownerId: companyId,
        purpose: 'picture',
        title: 'Logo',
        fileName: 'logo.png',
        mimeType: 'image/png',
        sizeBytes: 10,
        storageKey: 'k/logo',
      })
      .returning();
    await t.db.update(companies).set({
      description: 'Forge depuis 1920.',
      employeesCount: 120,
      pictureDocumentId: picture?.id ?? null,
    });
    for (let i = 0; i < count; i++) {
      const [job] = await t.db
        .insert(jobs)
        .values({ label: `Métier ${i}` })
        .returning();
      await t.db.insert(companyJobs).values({ companyId, jobId: job?.id ?? 0 });
      await insertSlot(t.db, companyId, new Date(TEST_NOW.getTime() + (i + 1) * 86_400_000));
      await t.db.insert(documents).values({
        ownerKind: 'company',
        ownerId: companyId,
        purpose: 'visitDocument',
        title: `Consignes ${i}`,
        fileName: `consignes-${i}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: 10,
        storageKey: `k/${i}`,
      });
    }
  }

  it('lists all five steps to do for a new company, each with where it is done', async () => {
    const steps = await firstStepsFor(viewer, t.deps);
    expect(steps?.doneCount).toBe(0);
    expect(steps?.steps.map((step) => [step.key, step.done, step.href])).toEqual([
      ['profile', false, '/my-company#presentation'],
      ['picture', false, '/my-company#image'],
      ['jobs', false, '/my-company#metiers'],
      ['slot', false, '/my-slots/new-slot'],
      ['documents', false, '/my-company#documents-de-visite'],
    ]);
    expect(steps?.steps[0]?.detail).toBe('Il manque la présentation et la taille de l’entreprise.');
  });

  it('ticks what is done and says what the profile still lacks', async () => {
    await t.db.update(companies).set({ description: 'Forge depuis 1920.' });
    await insertSlot(t.db, companyId, new Date(TEST_NOW.getTime() - 86_400_000));
    const steps = await firstStepsFor(viewer, t.deps);
    const byKey = Object.fromEntries(steps?.steps.map((step) => [step.key, step]) ?? []);
    expect(byKey.profile).toMatchObject({ done: false, href: '/my-company#taille' });
    expect(byKey.profile?.detail).toBe('Il manque la taille de l’entreprise.');
    // A past slot was a first slot all the same; a deleted one is not.
    expect(byKey.slot?.done).toBe(true);
    expect(steps?.doneCount).toBe(1);
  });

  it('does not count a deleted slot as the first one', async () => {
    await insertSlot(t.db, companyId, new Date(TEST_NOW.getTime() + 86_400_000), { deletedAt: TEST_NOW });
    const steps = await firstStepsFor(viewer, t.deps);
    expect(steps?.steps.find((step) => step.key === 'slot')?.done).toBe(false);
  });

  it('is no list at all once everything is done', async () => {
    await doEverything();
    expect(await firstStepsFor(viewer, t.deps)).toBeNull();
  });

  it('reads the same few statements however many jobs, slots and documents (no N+1)', async () => {
    const execute = vi.spyOn(t.db.client, 'execute');
    await firstStepsFor(viewer, t.deps);
    const forNone = execute.mock.calls.length;
    await doEverything(5);
    await t.db.update(companies).set({ employeesCount: null });
    execute.mockClear();
    const steps = await firstStepsFor(viewer, t.deps);
    expect(steps?.doneCount).toBe(4);
    expect(execute.mock.calls.length).toBe(forNone);
    expect(forNone).toBeGreaterThanOrEqual(3);
    expect(forNone).toBeLessThanOrEqual(4);
  });

  it('is nothing for a teacher or a visitor', async () => {
    const teacher = await insertUser(t.db, { kind: 'teacher' });
    expect(
      await firstStepsFor({ ...viewer, id: teacher.id, kind: 'teacher', companyId: null }, t.deps),
    ).toBeNull();
    expect(await firstStepsFor(null, t.deps)).toBeNull();
  });
});
