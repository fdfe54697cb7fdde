import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, insertCompany, insertUser, loginAs } from '../../tests/fixtures/app.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { lastSpeakerOf } from './views.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const CREATE = 'mutation ($input: SlotInput!) { createSlot(input: $input) { id place } }';
const SITE = { label: '12 rue du Port 69007 Lyon', zipcode: '69007', city: 'Lyon', lat: 45.745, lng: 4.84 };
const input = (meetingType: string, speakerName = 'Durand') => ({
  date: '2026-03-20',
  time: '09:00',
  durationMinutes: 60,
  meetingType,
  publicCategories: ['highSchool'],
  maxParticipants: 10,
  speaker: {
    name: speakerName,
    firstname: 'Léa',
    email: 'lea@forges.fr',
    phone: '0612345678',
    role: 'Cheffe',
  },
  place: SITE,
  // A webinar needs its link where the platform has no video room (PRODUCT.md, Teams).
  ...(meetingType === 'Webinar' ? { videoLink: 'https://visio.example.fr/forge' } : {}),
});

describe('a slot’s place and speaker (issue 14)', () => {
  let t: TestApp;
  let token: string;
  let viewer: Viewer;
  beforeEach(async () => {
    t = await createTestApp();
    const company = await insertCompany(t.db, { label: '1 rue de l’Usine, 69200 Vénissieux' });
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
    token = await loginAs(t.db, recruiter.id);
    viewer = {
      id: recruiter.id,
      kind: 'recruiter',
      companyId: company.id,
      firstName: '',
      lastName: '',
      sessionId: '',
      regionCode: null,
    };
  });
  afterEach(() => t.close());

  it('holds a visit at another address than the company’s; other types ignore it', async () => {
    const visit = await t.graphql<{ createSlot: { place: string } }>(
      CREATE,
      { input: input('CompanyVisit') },
      { token },
    );
    expect(visit.data?.createSlot.place).toBe(SITE.label);
    const webinar = await t.graphql<{ createSlot: { place: string | null } }>(
      CREATE,
      { input: input('Webinar') },
      { token },
    );
    expect(webinar.data?.createSlot.place).toBeNull();
    const far = await t.graphql(
      CREATE,
      { input: { ...input('CompanyVisit'), place: { ...SITE, lat: 48.85, lng: 2.35 } } },
      { token },
    );
    expect(far.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('prefills the next slot with the last slot’s speaker', async () => {
    expect(await lastSpeakerOf(viewer, t.deps)).toBeNull();
    await t.graphql(CREATE, { input: input('CompanyVisit', 'Premier') }, { token });
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    await t.graphql(CREATE, { input: input('Webinar', 'Second') }, { token });
    expect((await lastSpeakerOf(viewer, t.deps))?.name).toBe('Second');
  });
});
