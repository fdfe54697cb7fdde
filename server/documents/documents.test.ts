import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, VISIT_DOCUMENTS_MAX } from '../../common/documents.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { tinyPdf } from '../../db/seed/index.ts';
import { createTestApp, insertCompany, insertUser, loginAs } from '../../tests/fixtures/app.ts';
import type { FileStore } from '../kernel/ports/files.ts';
import { folderFileStore } from '../ports/files/folder-store.ts';
import { folderFileStore as workerFileStore } from '../ports/files/folder-unavailable.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type GraphQLBody = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

const ORIGIN = 'http://localhost:3000';
const ADD = `mutation AddCompanyDocument($file: Upload!, $title: String!) {
  addCompanyDocument(file: $file, title: $title) { id title fileName mimeType sizeBytes url createdAt }
}`;
const REMOVE = 'mutation ($id: ID!) { removeCompanyDocument(id: $id) }';
const PDF = tinyPdf('Plan', ['Accès par la rue des Forges.']);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

const pdfFile = (name = "Plan d'accès.pdf") => new File([PDF], name, { type: 'application/pdf' });

/** A multipart request as the GraphQL multipart request spec describes it, and as gqlUpload sends it. */
function multipart(
  file: Blob | File,
  variables: Record<string, unknown> = { title: 'Plan d’accès' },
  options: { query?: string; map?: unknown } = {},
): FormData {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({ query: options.query ?? ADD, variables: { file: null, ...variables } }),
  );
  form.set('map', JSON.stringify(options.map ?? { 0: ['variables.file'] }));
  form.set('0', file);
  return form;
}

async function post(t: TestApp, body: FormData | string, headers: Record<string, string> = {}) {
  const response = await t.app.request('/graphql', {
    method: 'POST',
    body,
    headers: { origin: ORIGIN, ...headers },
  });
  return { status: response.status, ...((await response.json()) as GraphQLBody) };
}

const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

let t: TestApp;
let companyId: number;
let recruiter: string;

beforeEach(async () => {
  t = await createTestApp();
  const company = await insertCompany(t.db, { name: 'Forges de Test' });
  companyId = company.id;
  const user = await insertUser(t.db, { kind: 'recruiter', companyId });
  recruiter = await loginAs(t.db, user.id);
});
afterEach(() => t.close());

/** Every file of the test's uploads folder, by key. */
function storedKeys(): string[] {
  if (!existsSync(t.filesDir)) return [];
  return (readdirSync(t.filesDir, { recursive: true }) as string[])
    .filter((name) => !name.endsWith('.content-type') && name.includes('.'))
    .map((name) => name.split('\\').join('/'))
    .sort();
}

async function documentRows() {
  return (await t.db.client.execute('SELECT * FROM documents ORDER BY id')).rows;
}

/** The document an upload answered with; the test fails if it answered an error. */
function documentOf(answer: GraphQLBody): { id: string; url: string } {
  const document = answer.data?.addCompanyDocument as { id: string; url: string } | undefined;
  if (!document) throw new Error(`no document added: ${JSON.stringify(answer.errors)}`);
  return document;
}

async function addDocument(title = 'Plan d’accès', file: File = pdfFile(), token = recruiter) {
  return post(t, multipart(file, { title }), bearer(token));
}

describe('addCompanyDocument', () => {
  it('stores the file, then its row, and answers the document with its download address', async () => {
    const { status, data, errors } = await addDocument();
    expect(errors).toBeUndefined();
    expect(status).toBe(200);
    const [row] = await documentRows();
    expect(data?.addCompanyDocument).toEqual({
      id: String(row?.id),
      title: 'Plan d’accès',
      fileName: "Plan d'accès.pdf",
      mimeType: 'application/pdf',
      sizeBytes: PDF.length,
      url: `${ORIGIN}/documents/${row?.id}/Plan%20d'acc%C3%A8s.pdf`,
      createdAt: '2026-03-10T09:00:00.000Z',
    });
    expect(row).toMatchObject({ owner_kind: 'company', owner_id: companyId, purpose: 'visitDocument' });
    expect(String(row?.storage_key)).toMatch(
      new RegExp(`^companies/${companyId}/visit-documents/[0-9a-f-]{36}\\.pdf$`),
    );
    expect(storedKeys()).toEqual([row?.storage_key]);
  });

  it('lists the documents on the company, for the recruiter and for visitors', async () => {
    await addDocument('Programme');
    await addDocument('Consignes', pdfFile('consignes.pdf'));
    const mine = await t.graphql('{ myCompany { documents { title fileName } } }', {}, { token: recruiter });
    expect(mine.data).toEqual({
      myCompany: {
        documents: [
          { title: 'Programme', fileName: "Plan d'accès.pdf" },
          { title: 'Consignes', fileName: 'consignes.pdf' },
        ],
      },
    });
    const visitor = await t.graphql('query ($id: ID!) { company(id: $id) { documents { title url } } }', {
      id: String(companyId),
    });
    expect(visitor.errors).toBeUndefined();
    expect(visitor.data).toEqual({ company: { documents: [expect.any(Object), expect.any(Object)] } });
  });

  it('accepts the formats of PRODUCT.md by their content, and refuses a file whose content is not its extension', async () => {
    const docx = new File([Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0])], 'Livret.DOCX');
    const accepted = await addDocument('Livret', docx);
    expect(accepted.data?.addCompanyDocument).toMatchObject({
      fileName: 'Livret.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });

    const disguised = await addDocument('Photo', new File([PNG], 'photo.pdf'));
    expect(disguised.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { file: DOCUMENT_MESSAGES.contentMismatch },
    });
    const html = await addDocument('Page', new File(['<script>alert(1)</script>'], 'page.html'));
    expect(html.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { file: DOCUMENT_MESSAGES.unsupportedType },
    });
    const empty = await addDocument('Vide', new File([], 'vide.pdf'));
    expect(empty.errors?.[0]?.extensions?.fields).toEqual({ file: DOCUMENT_MESSAGES.emptyFile });
    expect(await documentRows()).toHaveLength(1);
    expect(storedKeys()).toHaveLength(1);
  });

  it('needs a title of 120 characters at most', async () => {
    const missing = await addDocument('   ');
    expect(missing.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { title: 'Ce champ est requis' },
    });
    const long = await addDocument('x'.repeat(121));
    expect(long.errors?.[0]?.extensions?.fields).toEqual({ title: '120 caractères au maximum' });
    expect(storedKeys()).toEqual([]);
  });

  it('takes a file of 10 MB, and refuses one byte more while reading the request', async () => {
    const exactly = new Uint8Array(DOCUMENT_MAX_BYTES);
    exactly.set(PDF);
    const ok = await addDocument('Gros', new File([exactly], 'gros.pdf'));
    expect(ok.errors).toBeUndefined();

    const over = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    over.set(PDF);
    const refused = await addDocument('Trop gros', new File([over], 'trop.pdf'));
    expect(refused.status).toBe(413);
    expect(refused.errors).toEqual([
      {
        message: DOCUMENT_MESSAGES.tooLarge,
        extensions: { code: 'BAD_USER_INPUT', fields: { file: DOCUMENT_MESSAGES.tooLarge } },
      },
    ]);
    expect(await documentRows()).toHaveLength(1);
  });

  it('refuses a request over the limit from its announced length, and one sent without a length as it is read', async () => {
    const announced = await t.app.request('/graphql', {
      method: 'POST',
      body: 'x',
      headers: {
        origin: ORIGIN,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(12 * 1024 * 1024),
        ...bearer(recruiter),
      },
    });
    expect(announced.status).toBe(413);
    expect(((await announced.json()) as GraphQLBody).errors?.[0]?.message).toBe(DOCUMENT_MESSAGES.tooLarge);

    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const streamed = await t.app.request('/graphql', {
      method: 'POST',
      body: endless,
      headers: { origin: ORIGIN, 'content-type': 'multipart/form-data; boundary=x', ...bearer(recruiter) },
      // @ts-expect-error: Node's fetch needs it for a stream body; the DOM types do not know it.
      duplex: 'half',
    });
    expect(streamed.status).toBe(413);
    // Refused after about 11 MB (and what the stream had buffered), not after reading all 64.
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it(`keeps ${VISIT_DOCUMENTS_MAX} documents at most, and leaves no file of a refused one`, async () => {
    for (let i = 1; i <= VISIT_DOCUMENTS_MAX; i++) {
      expect((await addDocument(`Document ${i}`)).errors).toBeUndefined();
    }
    const refused = await addDocument('Un de trop');
    expect(refused.errors?.[0]).toMatchObject({
      message: DOCUMENT_MESSAGES.visitDocumentsLimit,
      extensions: { code: 'max_file_limit_reached', max: VISIT_DOCUMENTS_MAX },
    });
    expect(await documentRows()).toHaveLength(VISIT_DOCUMENTS_MAX);
    expect(storedKeys()).toHaveLength(VISIT_DOCUMENTS_MAX);
  });

  it('lets only one of two simultaneous uploads take the last place, and deletes the other file', async () => {
    for (let i = 1; i < VISIT_DOCUMENTS_MAX; i++) await addDocument(`Document ${i}`);
    const answers = await Promise.all([addDocument('A'), addDocument('B')]);
    const codes = answers.map((a) => a.errors?.[0]?.extensions?.code ?? 'ok').sort();
    expect(codes).toEqual(['max_file_limit_reached', 'ok']);
    expect(await documentRows()).toHaveLength(VISIT_DOCUMENTS_MAX);
    expect(storedKeys()).toHaveLength(VISIT_DOCUMENTS_MAX);
  });

  it('deletes the file when its row cannot be written', async () => {
    await t.db.client.execute(
      "CREATE TRIGGER refuse_documents BEFORE INSERT ON documents BEGIN SELECT RAISE(ABORT, 'disque plein'); END",
    );
    const { errors } = await addDocument();
    expect(errors?.[0]?.extensions?.code).toBe('other_error');
    expect(storedKeys()).toEqual([]);
    expect(await documentRows()).toHaveLength(0);
  });

  it('writes no row when the file cannot be stored', async () => {
    const failing: FileStore = {
      ...folderFileStore(t.filesDir),
      put: async () => {
        throw new Error('EACCES');
      },
    };
    t.deps.files = failing;
    const { errors } = await addDocument();
    expect(errors?.[0]?.extensions?.code).toBe('other_error');
    expect(await documentRows()).toHaveLength(0);
  });

  it('says so when the server has no file storage (the Worker build without a bucket)', async () => {
    t.deps.files = workerFileStore('data/uploads');
    const { errors } = await addDocument();
    expect(errors?.[0]).toMatchObject({
      message: ERROR_MESSAGES.file_storage_unavailable,
      extensions: { code: 'file_storage_unavailable' },
    });
    expect(await documentRows()).toHaveLength(0);
  });

  it('asks a client that sends no file for one', async () => {
    const { errors } = await t.graphql(ADD, { file: 'plan.pdf', title: 'Plan' }, { token: recruiter });
    expect(errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { file: DOCUMENT_MESSAGES.fileRequired },
    });
  });
});

describe('the multipart request', () => {
  it('is checked against cross-site posting: its Origin must be the platform', async () => {
    for (const origin of [undefined, 'https://evil.example']) {
      const response = await t.app.request('/graphql', {
        method: 'POST',
        body: multipart(pdfFile()),
        headers: { ...(origin ? { origin } : {}), ...bearer(recruiter) },
      });
      expect(response.status).toBe(403);
    }
    expect(await documentRows()).toHaveLength(0);
  });

  it('answers a malformed request with a French BAD_USER_INPUT', async () => {
    const noMap = new FormData();
    noMap.set('operations', JSON.stringify({ query: ADD, variables: { file: null, title: 'Plan' } }));
    noMap.set('0', pdfFile());
    const badJson = new FormData();
    badJson.set('operations', '{');
    badJson.set('map', '{}');
    const cases = [
      noMap,
      badJson,
      multipart(pdfFile(), {}, { map: { 0: ['variables.other'] } }),
      multipart(pdfFile(), {}, { map: { 0: ['query'] } }),
      multipart(pdfFile(), {}, { map: { 0: ['variables.__proto__.polluted'] } }),
      multipart(pdfFile(), {}, { map: { 1: ['variables.file'] } }),
    ];
    for (const form of cases) {
      const { status, errors } = await post(t, form, bearer(recruiter));
      expect(status).toBe(400);
      expect(errors).toEqual([
        { message: DOCUMENT_MESSAGES.malformedUpload, extensions: { code: 'BAD_USER_INPUT' } },
      ]);
    }
    const noBoundary = await t.app.request('/graphql', {
      method: 'POST',
      body: 'operations',
      headers: { origin: ORIGIN, 'content-type': 'multipart/form-data', ...bearer(recruiter) },
    });
    expect(noBoundary.status).toBe(400);
    expect(((await noBoundary.json()) as GraphQLBody).errors?.[0]?.message).toBe(
      DOCUMENT_MESSAGES.malformedUpload,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await documentRows()).toHaveLength(0);
  });

  it('leaves JSON requests alone', async () => {
    const { data } = await t.graphql('{ me { id } }', {}, { token: recruiter });
    expect(data).toEqual({ me: { id: expect.any(String) } });
  });
});

describe('who may add and remove visit documents', () => {
  it('is the recruiters of the company alone', async () => {
    const other = await insertCompany(t.db, { name: 'Autre Usine' });
    const tokens = {
      teacher: await loginAs(t.db, (await insertUser(t.db, { kind: 'teacher' })).id),
      admin: await loginAs(t.db, (await insertUser(t.db, { kind: 'admin' })).id),
      otherRecruiter: await loginAs(
        t.db,
        (await insertUser(t.db, { kind: 'recruiter', companyId: other.id })).id,
      ),
    };
    const { id } = documentOf(await addDocument());

    const visitorAdd = await post(t, multipart(pdfFile()));
    expect(visitorAdd.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const visitorRemove = await t.graphql(REMOVE, { id });
    expect(visitorRemove.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const token of [tokens.teacher, tokens.admin]) {
      expect((await addDocument('Plan', pdfFile(), token)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const removal = await t.graphql(REMOVE, { id }, { token });
      expect(removal.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const foreign = await t.graphql(REMOVE, { id }, { token: tokens.otherRecruiter });
    expect(foreign.errors?.[0]).toMatchObject({
      message: ERROR_MESSAGES.NOT_FOUND,
      extensions: { code: 'NOT_FOUND' },
    });
    // Another recruiter's upload goes to its own company.
    await addDocument('Chez nous', pdfFile(), tokens.otherRecruiter);
    const rows = await documentRows();
    expect(rows.map((r) => [r.title, r.owner_id])).toEqual([
      ['Plan d’accès', companyId],
      ['Chez nous', other.id],
    ]);
  });
});

describe('removeCompanyDocument', () => {
  it('removes the row, then the file; the address then answers 404', async () => {
    const { id, url } = documentOf(await addDocument());
    const path = new URL(url).pathname;
    expect((await t.app.request(path)).status).toBe(200);

    const { data } = await t.graphql(REMOVE, { id }, { token: recruiter });
    expect(data).toEqual({ removeCompanyDocument: true });
    expect(await documentRows()).toHaveLength(0);
    expect(storedKeys()).toEqual([]);
    expect((await t.app.request(path)).status).toBe(404);

    const again = await t.graphql(REMOVE, { id }, { token: recruiter });
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const malformed = await t.graphql(REMOVE, { id: 'abc' }, { token: recruiter });
    expect(malformed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('keeps the removal when the file cannot be deleted, and logs the file left behind', async () => {
    const { id } = documentOf(await addDocument());
    t.deps.files = {
      ...t.deps.files,
      delete: async () => {
        throw new Error('EBUSY');
      },
    };
    const { data } = await t.graphql(REMOVE, { id }, { token: recruiter });
    expect(data).toEqual({ removeCompanyDocument: true });
    expect(await documentRows()).toHaveLength(0);
    expect(t.logs).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'file left behind without its document row' }),
    );
  });
});

describe('GET /documents/{id}/{fileName}', () => {
  async function uploaded(title = 'Plan d’accès', file = pdfFile()) {
    return new URL(documentOf(await addDocument(title, file)).url).pathname;
  }

  it('serves the file as an attachment of its type, never sniffed, cached by the browser only', async () => {
    const path = await uploaded();
    const response = await t.app.request(path);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'content-disposition': `attachment; filename="Plan d'acces.pdf"; filename*=UTF-8''Plan%20d%27acc%C3%A8s.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, max-age=3600',
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
  });

  it('answers 404 for an unknown document, another name, or a file gone from the storage', async () => {
    const path = await uploaded();
    const [, , id] = path.split('/');
    expect((await t.app.request(`/documents/${Number(id) + 1}/plan.pdf`)).status).toBe(404);
    expect((await t.app.request(`/documents/${id}/autre.pdf`)).status).toBe(404);
    expect((await t.app.request('/documents/abc/plan.pdf')).status).toBe(404);
    const [row] = await documentRows();
    await t.deps.files.delete(String(row?.storage_key));
    const gone = await t.app.request(path);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe('Ce document n’existe pas ou n’est plus disponible.');
  });

  it("serves a company's documents to anyone once it is validated, and before that to its recruiters and admins", async () => {
    const path = await uploaded();
    await t.db.client.execute({
      sql: "UPDATE companies SET status = 'pending' WHERE id = ?",
      args: [companyId],
    });
    const teacher = await loginAs(t.db, (await insertUser(t.db, { kind: 'teacher' })).id);
    const admin = await loginAs(t.db, (await insertUser(t.db, { kind: 'admin' })).id);
    const as = (token?: string) => t.app.request(path, { headers: bearer(token) });
    expect((await as()).status).toBe(404);
    expect((await as(teacher)).status).toBe(404);
    expect((await as(recruiter)).status).toBe(200);
    expect((await as(admin)).status).toBe(200);
    await t.db.client.execute({
      sql: "UPDATE companies SET status = 'validated' WHERE id = ?",
      args: [companyId],
    });
    expect((await as()).status).toBe(200);
    expect((await as(teacher)).status).toBe(200);
  });

  it('serves a document whose file sits in the storage folder the app was given', async () => {
    const path = await uploaded();
    const [row] = await documentRows();
    expect(existsSync(join(t.filesDir, String(row?.storage_key)))).toBe(true);
    expect((await t.app.request(path, { method: 'HEAD' })).status).toBe(200);
  });
});
