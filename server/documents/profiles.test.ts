import { existsSync, readdirSync } from 'node:fs';
import { PhotonImage } from '@cf-wasm/photon';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, TEACHER_DOCUMENTS_MAX } from '../../common/documents.ts';
import { PICTURE_MESSAGES } from '../../common/pictures.ts';
import { meetings } from '../../db/schema.ts';
import { tinyPdf } from '../../db/seed/index.ts';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { imageDimensions } from './resize.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Answer = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

const ORIGIN = 'http://localhost:3000';
const UPLOAD_TEACHER = `mutation ($file: Upload!, $title: String!) {
  uploadTeacherDocument(file: $file, title: $title) { id title fileName url }
}`;
const ADD_SLOT_DOCUMENT = `mutation ($slotId: ID!, $file: Upload!, $title: String!) {
  addSlotDocument(slotId: $slotId, file: $file, title: $title) { id fileName url }
}`;
const SET_PICTURE = 'mutation ($file: Upload!) { setCompanyPicture(file: $file) { id pictureUrl } }';

const pdf = (name: string) =>
  new File([tinyPdf(name, ['Bonjour.'])], `${name}.pdf`, { type: 'application/pdf' });

/** A picture of `width` × `height`, half transparent, encoded by photon in the given format. */
function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp'): Uint8Array<ArrayBuffer> {
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([200, 40, 90, i % 2 ? 255 : 0], i * 4);
  const image = new PhotonImage(pixels, width, height);
  try {
    if (format === 'png') return Uint8Array.from(image.get_bytes());
    return Uint8Array.from(format === 'jpeg' ? image.get_bytes_jpeg(90) : image.get_bytes_webp());
  } finally {
    image.free();
  }
}

async function upload(t: TestApp, token: string | null, query: string, file: File, variables = {}) {
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', file);
  const response = await t.app.request('/graphql', {
    method: 'POST',
    body: form,
    headers: { origin: ORIGIN, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return (await response.json()) as Answer;
}

const get = (t: TestApp, path: string, token: string | null) =>
  t.app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The answer's status, its body read to the end (a file left unread keeps its descriptor open). */
const statusOf = async (t: TestApp, path: string, token: string | null) => {
  const response = await get(t, path, token);
  await response.arrayBuffer();
  return response.status;
};

let t: TestApp;
let teacher: { id: number; token: string };
let otherTeacher: string;
let recruiter: string;
let otherRecruiter: string;
let admin: string;
let companyId: number;
let slotId: number;

beforeEach(async () => {
  t = await createTestApp();
  const company = await insertCompany(t.db, { name: 'Forges de Test' });
  const other = await insertCompany(t.db, { name: 'Autre Usine' });
  companyId = company.id;
  const login = async (values: Parameters<typeof insertUser>[1]) => {
    const user = await insertUser(t.db, values);
    return { id: user.id, token: await loginAs(t.db, user.id) };
  };
  teacher = await login({ kind: 'teacher', profileType: 'teacher', schoolLevels: ['lycee'] });
  otherTeacher = (await login({ kind: 'teacher', profileType: 'teacher', schoolLevels: ['lycee'] })).token;
  recruiter = (await login({ kind: 'recruiter', companyId })).token;
  otherRecruiter = (await login({ kind: 'recruiter', companyId: other.id })).token;
  admin = (await login({ kind: 'admin' })).token;
  const slot = await insertSlot(t.db, companyId, new Date(TEST_NOW.getTime() + 3 * 86_400_000));
  slotId = slot.id;
  // The teacher booked the company's slot: the company may now read the teacher's documents.
  await t.db.insert(meetings).values({
    slotId,
    teacherId: teacher.id,
    participantsCount: 2,
    publicCategory: 'highSchool',
    charterAcceptedAt: TEST_NOW,
  });
  await t.db.run(sql`UPDATE slots SET seats_taken = 2 WHERE id = ${slotId}`);
});
afterEach(() => t.close());

describe("a teacher's documents", () => {
  it('takes three and refuses a fourth with max_file_limit_reached and its French message', async () => {
    for (let n = 1; n <= TEACHER_DOCUMENTS_MAX; n++) {
      const answer = await upload(t, teacher.token, UPLOAD_TEACHER, pdf(`Projet ${n}`), {
        title: `Projet ${n}`,
      });
      expect(answer.errors).toBeUndefined();
    }
    const fourth = await upload(t, teacher.token, UPLOAD_TEACHER, pdf('Projet 4'), { title: 'Projet 4' });
    expect(fourth.errors?.[0]?.extensions?.code).toBe('max_file_limit_reached');
    expect(fourth.errors?.[0]?.message).toBe(DOCUMENT_MESSAGES.teacherDocumentsLimit);
    const files = readdirSync(t.filesDir, { recursive: true }) as string[];
    expect(files.filter((name) => name.endsWith('.pdf'))).toHaveLength(3);
    const { data } = await t.graphql<{ me: { documents: { title: string }[] } }>(
      '{ me { ... on Teacher { documents { title } } } }',
      {},
      { token: teacher.token },
    );
    expect(data?.me.documents.map((document) => document.title)).toEqual([
      'Projet 1',
      'Projet 2',
      'Projet 3',
    ]);
  });

  it('checks the content against the extension, and is for teachers only', async () => {
    const fake = new File(['pas un pdf'], 'faux.pdf', { type: 'application/pdf' });
    const refused = await upload(t, teacher.token, UPLOAD_TEACHER, fake, { title: 'Faux' });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { file: DOCUMENT_MESSAGES.contentMismatch },
    });
    const byRecruiter = await upload(t, recruiter, UPLOAD_TEACHER, pdf('Plan'), { title: 'Plan' });
    expect(byRecruiter.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('is read by the teacher, the companies they booked with and the operators; a 404 for anyone else', async () => {
    const added = await upload(t, teacher.token, UPLOAD_TEACHER, pdf('Projet'), {
      title: 'Projet de classe',
    });
    const { url } = (added.data?.uploadTeacherDocument ?? {}) as { url: string };
    const path = new URL(url).pathname;
    const status = (token: string | null) => statusOf(t, path, token);
    expect(await status(teacher.token)).toBe(200);
    expect(await status(recruiter)).toBe(200);
    expect(await status(admin)).toBe(200);
    expect(await status(otherRecruiter)).toBe(404);
    expect(await status(otherTeacher)).toBe(404);
    expect(await status(null)).toBe(404);

    // The company sees them on the meeting; once the booking is cancelled, no more.
    const query = '{ myMeetings { teacher { documents { title } } } }';
    const seen = await t.graphql<{ myMeetings: { teacher: { documents: unknown[] } }[] }>(
      query,
      {},
      { token: recruiter },
    );
    expect(seen.data?.myMeetings[0]?.teacher.documents).toHaveLength(1);
    await t.db.run(sql`UPDATE meetings SET status = 'cancelled'`);
    expect(await status(recruiter)).toBe(404);
  });

  it('removes its own only: the row and the file', async () => {
    const added = await upload(t, teacher.token, UPLOAD_TEACHER, pdf('Projet'), { title: 'Projet' });
    const id = ((added.data?.uploadTeacherDocument ?? {}) as { id: string }).id;
    const remove = 'mutation ($id: ID!) { removeTeacherDocument(id: $id) }';
    expect((await t.graphql(remove, { id }, { token: otherTeacher })).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await t.graphql(remove, { id }, { token: teacher.token })).data).toEqual({
      removeTeacherDocument: true,
    });
    const files = readdirSync(t.filesDir, { recursive: true }) as string[];
    expect(files.filter((name) => name.endsWith('.pdf'))).toEqual([]);
  });
});

describe("a slot's documents", () => {
  it('are added by its company and read by its booked teachers, its company and the operators only', async () => {
    const added = await upload(t, recruiter, ADD_SLOT_DOCUMENT, pdf('Consignes'), {
      slotId: String(slotId),
      title: 'Consignes de sécurité',
    });
    const path = new URL(((added.data?.addSlotDocument ?? {}) as { url: string }).url).pathname;
    const status = (token: string | null) => statusOf(t, path, token);
    expect([await status(teacher.token), await status(recruiter), await status(admin)]).toEqual([
      200, 200, 200,
    ]);
    expect([await status(otherTeacher), await status(otherRecruiter), await status(null)]).toEqual([
      404, 404, 404,
    ]);

    const query = 'query ($id: ID!) { slot(id: $id) { documents { title } } }';
    const list = async (token: string) =>
      (
        (await t.graphql<{ slot: { documents: unknown[] } }>(query, { id: slotId }, { token })).data?.slot
          .documents ?? []
      ).length;
    expect(await list(teacher.token)).toBe(1);
    expect(await list(otherTeacher)).toBe(0);

    const byOther = await upload(t, otherRecruiter, ADD_SLOT_DOCUMENT, pdf('Intrus'), {
      slotId: String(slotId),
      title: 'Intrus',
    });
    expect(byOther.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe("a company's picture", () => {
  for (const format of ['png', 'jpeg', 'webp'] as const) {
    it(`keeps a web-size JPEG of a ${format}, served to anyone with a year of caching`, async () => {
      const bytes = picture(1600, 1000, format);
      const file = new File([bytes], `logo.${format === 'jpeg' ? 'jpg' : format}`, {
        type: `image/${format}`,
      });
      const answer = await upload(t, recruiter, SET_PICTURE, file);
      expect(answer.errors).toBeUndefined();
      const { pictureUrl } = (answer.data?.setCompanyPicture ?? {}) as { pictureUrl: string };
      expect(pictureUrl).toMatch(/^http:\/\/localhost:3000\/pictures\/\d+\.jpg$/);
      const response = await get(t, new URL(pictureUrl).pathname, null);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const served = new Uint8Array(await response.arrayBuffer());
      expect(imageDimensions(served, 'jpeg')).toEqual({ width: 800, height: 500 });
      if (format === 'jpeg') return;
      // Transparent pixels are laid on white, not left black.
      const decoded = PhotonImage.new_from_byteslice(served);
      const [r, g, b] = decoded.get_raw_pixels();
      decoded.free();
      expect(Math.min(r ?? 0, g ?? 0, b ?? 0)).toBeGreaterThan(100);
    });
  }

  it('replaces the previous picture and its file; the public search shows the new one', async () => {
    const first = await upload(t, recruiter, SET_PICTURE, new File([picture(300, 200, 'png')], 'a.png'));
    const second = await upload(t, recruiter, SET_PICTURE, new File([picture(300, 200, 'png')], 'b.png'));
    const firstUrl = ((first.data?.setCompanyPicture ?? {}) as { pictureUrl: string }).pictureUrl;
    const secondUrl = ((second.data?.setCompanyPicture ?? {}) as { pictureUrl: string }).pictureUrl;
    expect(secondUrl).not.toBe(firstUrl);
    expect(await statusOf(t, new URL(firstUrl).pathname, null)).toBe(404);
    const files = readdirSync(t.filesDir, { recursive: true }) as string[];
    expect(files.filter((name) => name.endsWith('.jpg'))).toHaveLength(1);
    const found = await t.graphql<{
      searchCompanies: { items: { id: string; pictureUrl: string | null }[] };
    }>('{ searchCompanies(input: {}) { items { id pictureUrl } } }');
    const item = found.data?.searchCompanies.items.find((company) => company.id === String(companyId));
    expect(item?.pictureUrl).toBe(secondUrl);
  });

  it('refuses what is not a picture, an image too large once decoded, and a file over 1 MB', async () => {
    const text = await upload(t, recruiter, SET_PICTURE, new File(['bonjour'], 'logo.png'));
    expect(text.errors?.[0]?.extensions?.fields).toEqual({ file: PICTURE_MESSAGES.unsupportedType });
    // A PNG header announcing 20,000 × 20,000 pixels, which decoded would take 1.6 GB.
    const bomb = picture(10, 10, 'png');
    new DataView(bomb.buffer).setUint32(16, 20_000);
    new DataView(bomb.buffer).setUint32(20, 20_000);
    const huge = await upload(t, recruiter, SET_PICTURE, new File([bomb], 'logo.png'));
    expect(huge.errors?.[0]?.extensions?.fields).toEqual({ file: PICTURE_MESSAGES.tooManyPixels });
    const truncated = await upload(
      t,
      recruiter,
      SET_PICTURE,
      new File([picture(50, 50, 'png').slice(0, 60)], 'logo.png'),
    );
    expect(truncated.errors?.[0]?.extensions?.fields).toEqual({ file: PICTURE_MESSAGES.unreadable });
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(picture(10, 10, 'png'));
    const tooBig = await upload(t, recruiter, SET_PICTURE, new File([big], 'logo.png'));
    expect(tooBig.errors?.[0]?.extensions?.fields).toEqual({ file: PICTURE_MESSAGES.tooLarge });
    expect(
      existsSync(t.filesDir)
        ? (readdirSync(t.filesDir, { recursive: true }) as string[]).filter((n) => n.endsWith('.jpg'))
        : [],
    ).toEqual([]);
  });
});
