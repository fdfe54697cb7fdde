import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slotDeletionConsequences, slotEditConsequences } from '../../common/slot-consequences.ts';
import { type SlotInput, slotInputSchema } from '../../common/slots.ts';
import { createTestApp, insertCompany, insertSlot, insertUser, TEST_NOW } from '../../tests/fixtures/app.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { previewSlotUpdate, updateSlot } from './use-cases.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const input = (overrides: Record<string, unknown> = {}): SlotInput =>
  slotInputSchema.parse({
    date: '2026-03-20',
    time: '09:00',
    durationMinutes: 60,
    meetingType: 'CompanyVisit',
    publicCategories: ['highSchool'],
    subjects: ['discoverJobs'],
    maxParticipants: 20,
    speaker: {
      name: 'Durand',
      firstname: 'Léa',
      email: 'lea.durand@example.fr',
      phone: '0612345678',
      role: 'Responsable RH',
    },
    ...overrides,
  });

describe('previewSlotUpdate: what an edit would tell the booked groups (issue 21)', () => {
  let t: TestApp;
  let viewer: Viewer;
  let slotId: number;
  beforeEach(async () => {
    t = await createTestApp({ now: TEST_NOW });
    const company = await insertCompany(t.db);
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
    viewer = {
      id: recruiter.id,
      kind: 'recruiter',
      companyId: company.id,
      firstName: '',
      lastName: '',
      sessionId: '',
      regionCode: null,
    };
    // The same slot as `input()`: 2026-03-20 09:00 Paris, a visit at the company, 20 seats.
    slotId = (await insertSlot(t.db, company.id, new Date('2026-03-20T08:00:00Z'), { seatsTaken: 6 })).id;
  });
  afterEach(() => t.close());

  it('says nothing changes for an edit the groups do not care about (the capacity)', async () => {
    expect(
      await previewSlotUpdate(viewer, { id: slotId, input: input({ maxParticipants: 30 }) }, t.deps),
    ).toEqual({
      changes: [],
      moved: false,
      seatsTaken: 6,
    });
  });

  it('lists a move (the meetings become reported) and the other changes, old → new, in French', async () => {
    const preview = await previewSlotUpdate(
      viewer,
      {
        id: slotId,
        input: input({ time: '14:00', meetingType: 'Webinar', videoLink: 'https://visio.example.fr/a' }),
      },
      t.deps,
    );
    expect(preview.moved).toBe(true);
    expect(preview.changes).toEqual([
      {
        label: 'Date et heure',
        before: 'vendredi 20 mars 2026 à 09:00',
        after: 'vendredi 20 mars 2026 à 14:00',
      },
      { label: 'Type de rencontre', before: 'Visite', after: 'Webinaire' },
      { label: 'Lieu', before: '1 rue de l’Usine, 69200 Vénissieux', after: 'https://visio.example.fr/a' },
    ]);
  });

  it('is what the change itself then publishes (one plan for both)', async () => {
    const edit = { id: slotId, input: input({ durationMinutes: 90, subjects: [] }) };
    const preview = await previewSlotUpdate(viewer, edit, t.deps);
    const publish = vi.spyOn(t.deps.events, 'publish');
    await updateSlot(viewer, edit, t.deps);
    const published = publish.mock.calls.find(([, topic]) => topic === 'slot.changed')?.[2] as {
      changes: unknown;
      moved: unknown;
    };
    expect(published.changes).toEqual(preview.changes);
    expect(published.moved !== null).toBe(preview.moved);
  });

  it('refuses as the change would: a capacity below the seats booked, another company’s slot', async () => {
    await expect(
      previewSlotUpdate(viewer, { id: slotId, input: input({ maxParticipants: 4 }) }, t.deps),
    ).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
    });
    const other = await insertCompany(t.db);
    const foreign = await insertSlot(t.db, other.id, new Date('2026-03-20T08:00:00Z'));
    await expect(previewSlotUpdate(viewer, { id: foreign.id, input: input() }, t.deps)).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
  });
});

describe('the consequences in French, singular and plural', () => {
  it('counts the bookings and the waiting teachers a deletion touches', () => {
    expect(slotDeletionConsequences({ bookingsCount: 0, seatsTaken: 0, waitingCount: 0 })).toEqual([
      'Aucune réservation : personne n’a encore réservé ce créneau.',
      'Aucun enseignant en liste d’attente.',
    ]);
    expect(slotDeletionConsequences({ bookingsCount: 1, seatsTaken: 1, waitingCount: 1 })).toEqual([
      '1 réservation sera annulée (1 place) : l’enseignant sera prévenu par e-mail.',
      '1 enseignant en liste d’attente sera prévenu que le créneau n’aura pas lieu.',
    ]);
    expect(slotDeletionConsequences({ bookingsCount: 2, seatsTaken: 12, waitingCount: 3 })).toEqual([
      '2 réservations seront annulées (12 places) : les enseignants seront prévenus par e-mail.',
      '3 enseignants en liste d’attente seront prévenus que le créneau n’aura pas lieu.',
    ]);
  });

  it('says who is told of an edit and what a move does', () => {
    const change = { label: 'Durée', before: '1 h', after: '1 h 30' };
    expect(slotEditConsequences({ changes: [change], moved: true, bookingsCount: 1 })).toEqual([
      'L’enseignant de la réservation sera prévenu par e-mail, comme votre entreprise, de chaque changement (ancien → nouveau).',
      'Date, horaire ou durée changent : la réservation passera en « Reportée », l’enseignant pourra la garder ou l’annuler.',
    ]);
    expect(slotEditConsequences({ changes: [change], moved: false, bookingsCount: 3 })).toEqual([
      'Les enseignants des 3 réservations seront prévenus par e-mail, comme votre entreprise, de chaque changement (ancien → nouveau).',
    ]);
    expect(slotEditConsequences({ changes: [], moved: false, bookingsCount: 0 })).toEqual([
      'Aucune réservation : personne n’est prévenu.',
    ]);
  });
});
