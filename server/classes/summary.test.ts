import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classGroups } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
} from '../../tests/fixtures/app.ts';
import { pdfText } from '../../tests/fixtures/pdf.ts';
import { folded } from '../../tests/fixtures/text.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let groupId: number;
let teacherToken: string;
let otherToken: string;

beforeEach(async () => {
  t = await createTestApp();
  const forges = await insertCompany(t.db, { name: 'Forges de Vénissieux', sector: 'metallurgy' });
  const teacher = await insertUser(t.db, { kind: 'teacher' });
  const other = await insertUser(t.db, { kind: 'teacher' });
  teacherToken = await loginAs(t.db, teacher.id);
  otherToken = await loginAs(t.db, other.id);
  const [group] = await t.db
    .insert(classGroups)
    .values({ teacherId: teacher.id, name: '4e « Hêtres »', level: '4e', schoolYear: '2025-2026' })
    .returning();
  groupId = group?.id ?? 0;
  for (const [startsAt, minutes] of [
    ['2025-10-07T08:00:00Z', 90],
    ['2026-02-03T08:00:00Z', 120],
  ] as const) {
    const slot = await insertSlot(t.db, forges.id, new Date(startsAt), { durationMinutes: minutes });
    await insertMeeting(t.db, slot.id, teacher.id, { groupId });
  }
});
afterEach(() => t.close());

const get = (path: string, token?: string) =>
  t.app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('a group’s PDF summary', () => {
  it('prints its held encounters, hours and sectors, with its French name intact', async () => {
    const response = await get(`/my-groups/${groupId}/synthese.pdf`, teacherToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const [page] = pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(page).toContain(folded('Synthèse du groupe 4e « Hêtres »'));
    expect(page).toContain('année scolaire 2025–2026');
    expect(page).toContain('2 rencontres');
    expect(page).toContain('3 h 30');
    expect(page).toContain('Forges de Vénissieux');
    expect(page).toContain('mardi 7 octobre 2025');
  });

  it('is nobody else’s: another teacher, a visitor and an unknown group get the same 404', async () => {
    for (const [path, token] of [
      [`/my-groups/${groupId}/synthese.pdf`, otherToken],
      [`/my-groups/${groupId}/synthese.pdf`, undefined],
      [`/my-groups/${groupId + 99}/synthese.pdf`, teacherToken],
    ] as const) {
      const response = await get(path, token);
      expect(response.status, `${path} ${token ? 'other' : 'visitor'}`).toBe(404);
    }
  });
});
