import { afterEach, describe, expect, it } from 'vitest';
import { SLOT_MESSAGES } from '../../common/slots.ts';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';

/** PRODUCT.md, Teams: a webinar needs the built-in room (LiveKit configured) or its external link. */
const LIVEKIT = {
  LIVEKIT_URL: 'wss://livekit.example.fr',
  LIVEKIT_API_KEY: 'key',
  LIVEKIT_API_SECRET: 'secret',
};
const CREATE = 'mutation ($input: SlotInput!) { createSlot(input: $input) { id meetingType videoLink } }';
const UPDATE =
  'mutation ($id: ID!, $input: SlotInput!) { updateSlot(id: $id, input: $input) { id videoLink } }';

const webinar = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-03-20',
  time: '09:00',
  durationMinutes: 60,
  meetingType: 'Webinar',
  publicCategories: ['highSchool'],
  subjects: [],
  maxParticipants: 100,
  speaker: {
    name: 'Durand',
    firstname: 'Léa',
    email: 'lea.durand@example.fr',
    phone: '0612345678',
    role: 'Responsable RH',
  },
  ...overrides,
});

let close: (() => void) | undefined;
afterEach(() => close?.());

async function appWith(env: Record<string, string> = {}) {
  const t = await createTestApp({ now: TEST_NOW, env });
  close = () => t.close();
  const company = await insertCompany(t.db);
  const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
  return { t, company, token: await loginAs(t.db, recruiter.id) };
}

describe('a webinar without LiveKit', () => {
  it('is refused without an external link, the message under the link', async () => {
    const { t, token } = await appWith();
    const { data, errors } = await t.graphql(CREATE, { input: webinar() }, { token });
    expect(data?.createSlot ?? null).toBeNull();
    expect(errors?.[0]?.extensions).toMatchObject({
      code: 'webinar_needs_link',
      fields: { videoLink: SLOT_MESSAGES.webinarNeedsLink },
    });
  });

  it('is published with its external link', async () => {
    const { t, token } = await appWith();
    const input = webinar({ videoLink: 'https://visio.example.fr/forge' });
    const { data, errors } = await t.graphql(CREATE, { input }, { token });
    expect(errors).toBeUndefined();
    expect(data?.createSlot).toMatchObject({
      meetingType: 'Webinar',
      videoLink: 'https://visio.example.fr/forge',
    });
  });

  it('keeps visits and interventions as they are: no link needed', async () => {
    const { t, token } = await appWith();
    for (const meetingType of ['CompanyVisit', 'ClassroomIntervention']) {
      const { errors } = await t.graphql(CREATE, { input: webinar({ meetingType }) }, { token });
      expect(errors).toBeUndefined();
    }
  });

  it('refuses an edit of an existing webinar that still has no link, and takes the link', async () => {
    const { t, company, token } = await appWith();
    const slot = await insertSlot(t.db, company.id, new Date('2026-03-20T08:00:00Z'), {
      meetingType: 'Webinar',
      maxParticipants: 100,
    });
    const refused = await t.graphql(UPDATE, { id: slot.id, input: webinar() }, { token });
    expect(refused.errors?.[0]?.extensions?.code).toBe('webinar_needs_link');
    const input = webinar({ videoLink: 'https://visio.example.fr/forge' });
    const preview = await t.graphql<{ slotUpdatePreview: { changes: unknown[] } }>(
      'query ($id: ID!, $input: SlotInput!) { slotUpdatePreview(id: $id, input: $input) { changes { label before after } } }',
      { id: slot.id, input },
      { token },
    );
    // The place the teachers read was not a room: the company's word, now its link.
    expect(preview.data?.slotUpdatePreview.changes).toContainEqual({
      label: 'Lieu',
      before: 'Lien communiqué par l’entreprise',
      after: 'https://visio.example.fr/forge',
    });
    const accepted = await t.graphql(UPDATE, { id: slot.id, input }, { token });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data?.updateSlot).toMatchObject({ videoLink: 'https://visio.example.fr/forge' });
  });

  it('answers another company’s slot NOT_FOUND, not with the room rule', async () => {
    const { t, token } = await appWith();
    const other = await insertCompany(t.db);
    const slot = await insertSlot(t.db, other.id, new Date('2026-03-20T08:00:00Z'), {
      meetingType: 'Webinar',
    });
    const { errors } = await t.graphql(UPDATE, { id: slot.id, input: webinar() }, { token });
    expect(errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('a webinar with LiveKit', () => {
  it('is published and edited without a link: the built-in room holds it', async () => {
    const { t, token } = await appWith(LIVEKIT);
    const { data, errors } = await t.graphql(CREATE, { input: webinar() }, { token });
    expect(errors).toBeUndefined();
    const id = (data?.createSlot as { id: string } | undefined)?.id;
    const edited = await t.graphql(UPDATE, { id, input: webinar({ maxParticipants: 120 }) }, { token });
    expect(edited.errors).toBeUndefined();
  });
});
