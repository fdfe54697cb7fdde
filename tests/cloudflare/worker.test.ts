/**
 * The Worker build, booted in workerd by `wrangler dev` (offline), reading a libSQL database over HTTP
 * from the local Hrana server as it would read Turso, sending e-mail to the local mail API stand-in, with
 * Miniflare's R2, Durable Objects and cache. Concurrent requests, as production sends them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MESSAGES, PICTURE_WEB_SIZE } from '../../common/pictures.ts';
import { type Db, openDb } from '../../db/client.ts';
import { meetings, users } from '../../db/schema.ts';
import { tinyPdf } from '../../db/seed/index.ts';
import { drawIcon } from '../../scripts/icons.ts';
import { accountMails } from '../../server/accounts/mails.ts';
import { hashPassword } from '../../server/accounts/password.ts';
import { imageDimensions } from '../../server/documents/resize.ts';
import { enqueueMail } from '../../server/mail/index.ts';
import { insertCompany, insertMeeting, insertSlot, insertUser, loginAs } from '../fixtures/app.ts';
import { prepareTestDatabase } from '../fixtures/db.ts';
import { type HranaServer, startHranaServer } from '../fixtures/hrana-server.ts';
import { type MailApiServer, startMailApiServer } from '../fixtures/mail-api-server.ts';
import { freePort } from '../fixtures/net.ts';
import { pdfPages } from '../fixtures/pdf.ts';
import { type ProConnectServer, startProConnectServer } from '../fixtures/proconnect-server.ts';
import { startWorker, type WorkerServer, workerSize } from '../fixtures/worker.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;
const AUTH_TOKEN = 'test-turso-token';
const AVAILABLE = 7;
/** A 512-pixel PNG drawn in code (the app’s icon). */
const demoPicturePng = () => drawIcon({ size: 512, square: true, scale: 1 });

const SEATS = 20;
/**
 * The Worker's weight, gzipped, as `wrangler deploy --dry-run` counts it (every module): issue 22's budget
 * of 1,000 KiB, 1,050 since the plain forms of issue 36 (decision 0093), 1,120 since issue 37 (decision 0100,
 * which says what would win it back).
 * Pictures are resized by the Images binding and PDFs drawn by the documents Worker (decision 0066).
 */
const WORKER_GZIP_BUDGET_KIB = 1_120;
const TEACHERS = 60;

let dir: string;
let hrana: HranaServer;
let mailApi: MailApiServer;
let proconnect: ProConnectServer;
let worker: WorkerServer;
let db: Db;
let origin: string;
let recruiterToken: string;
let crowdedSlotId: number;
let teacherTokens: string[];

async function graphql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
  return { status: response.status, ...body };
}

describe('the Cloudflare Worker build', () => {
  beforeAll(async () => {
    // The test builds what it boots, with the project's own script, so it never passes on a stale build.
    await run('npm', ['run', '--silent', 'build:cloudflare']);

    // Prepared from Node over HTTP, as a Turso database is (`DATABASE_URL=libsql://… npm run db:migrate`).
    dir = mkdtempSync(join(tmpdir(), 'passerelle-worker-'));
    hrana = await startHranaServer({ path: join(dir, 'turso.db'), authToken: AUTH_TOKEN });
    mailApi = await startMailApiServer();
    db = openDb(hrana.url, AUTH_TOKEN);
    await prepareTestDatabase(db);
    const company = await insertCompany(db);
    const now = Date.now();
    for (let i = 1; i <= AVAILABLE; i++) await insertSlot(db, company.id, new Date(now + i * DAY_MS));
    await insertSlot(db, company.id, new Date(now + DAY_MS), { maxParticipants: 5, seatsTaken: 5 });
    await insertSlot(db, company.id, new Date(now + 40 * DAY_MS));
    const other = await insertCompany(db, { name: 'Chaudronnerie de la Foule' });
    crowdedSlotId = (await insertSlot(db, other.id, new Date(now + 50 * DAY_MS), { maxParticipants: SEATS }))
      .id;
    const recruiter = await insertUser(db, { kind: 'recruiter', companyId: company.id });
    await insertUser(db, { kind: 'recruiter', companyId: other.id });
    recruiterToken = await loginAs(db, recruiter.id, new Date());
    teacherTokens = [];
    for (let i = 0; i < TEACHERS; i++) {
      // The first one has all a home page reads: criteria (a sector, a job), an address, a past meeting.
      const criteria =
        i === 0
          ? { sectors: ['aerospace' as const], jobs: ['Soudeur'], referenceLat: 45.76, referenceLng: 4.83 }
          : {};
      const teacher = await insertUser(db, { kind: 'teacher', useEstablishmentAddress: false, ...criteria });
      teacherTokens.push(await loginAs(db, teacher.id, new Date()));
      if (i === 0) {
        const past = await insertSlot(db, company.id, new Date(now - 3 * DAY_MS));
        await insertMeeting(db, past.id, teacher.id);
      }
    }

    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    proconnect = await startProConnectServer({ platformUrl: origin });
    worker = await startWorker({
      port,
      stateDir: join(dir, 'wrangler-state'),
      vars: {
        DATABASE_URL: hrana.url,
        DATABASE_AUTH_TOKEN: AUTH_TOKEN,
        PUBLIC_URL: origin,
        LOG_LEVEL: 'warn',
        MAIL_TRANSPORT: 'brevo',
        MAIL_API_URL: mailApi.url,
        MAIL_API_KEY: mailApi.apiKey,
        PROCONNECT_ISSUER: proconnect.issuer,
        PROCONNECT_CLIENT_ID: proconnect.clientId,
        PROCONNECT_CLIENT_SECRET: proconnect.clientSecret,
      },
    });
  }, 170_000);

  afterAll(async () => {
    await worker?.stop();
    await proconnect?.close();
    db?.client.close();
    await Promise.all([hrana?.close(), mailApi?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('renders the landing page with the count read from the database, then serves it from the cache', async () => {
    const queriesBefore = hrana.requests;
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`data-testid="available-slots"[^>]*><strong[^>]*>${AVAILABLE}</strong>`));
    expect(hrana.requests).toBeGreaterThan(queriesBefore);

    // The Cache API of the location keeps it for every isolate; a hit reads nothing from the database.
    const beforeHit = hrana.requests;
    const cached = await fetch(`${origin}/`);
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-cache')).toBe('hit');
    expect(await cached.text()).toBe(html);
    expect(hrana.requests).toBe(beforeHit);

    // The stylesheet comes from Workers Static Assets (dist-cloudflare/client).
    const stylesheet = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await fetch(`${origin}${stylesheet}`);
    expect(css.status).toBe(200);
    await css.arrayBuffer();

    const serviceWorker = await fetch(`${origin}/sw.js`);
    expect(serviceWorker.status).toBe(200);
    expect(await serviceWorker.text()).toContain('precache');
  });

  it(`weighs at most ${WORKER_GZIP_BUDGET_KIB} KiB gzipped, as wrangler counts the upload`, () => {
    const { gzipKib } = workerSize();
    expect(gzipKib).toBeGreaterThan(0);
    expect(gzipKib).toBeLessThanOrEqual(WORKER_GZIP_BUDGET_KIB);
  });

  it('leaves the browser-only LiveKit client out of the Worker, in the room page’s chunk alone', () => {
    // A logger name of livekit-client that minification keeps (livekit-server-sdk has no such string).
    const marker = 'livekit-pc-manager';
    const containing = (folder: string) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.js') || name.endsWith('.mjs'))
        .filter((name) => readFileSync(join(root, folder, name), 'utf8').includes(marker));
    expect(containing('dist-cloudflare/server')).toEqual([]);
    expect(containing('dist-cloudflare/client')).toHaveLength(1);
  });

  it('leaves photon, pdf-lib, croner and React’s streaming renderer out of the Worker (decision 0066)', () => {
    const sources = readdirSync(join(root, 'dist-cloudflare/server'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.js.map'))
      .flatMap(
        (name) =>
          (
            JSON.parse(readFileSync(join(root, 'dist-cloudflare/server', name), 'utf8')) as {
              sources: string[];
            }
          ).sources,
      );
    expect(sources.some((source) => source.includes('react-dom-server-legacy'))).toBe(true);
    for (const left of ['@cf-wasm/photon', 'pdf-lib', 'croner', 'react-dom-server.edge'])
      expect(sources.filter((source) => source.includes(left))).toEqual([]);
    const wasm = readdirSync(join(root, 'dist-cloudflare/server'), {
      recursive: true,
      encoding: 'utf8',
    }).filter((name) => name.endsWith('.wasm'));
    expect(wasm).toEqual([]);
  });

  it('renders a teacher’s home page in two database round trips: the session’s, then all the page’s reads', async () => {
    const before = hrana.requests;
    const response = await fetch(`${origin}/home-teacher`, {
      headers: { authorization: `Bearer ${teacherTokens[0]}` },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1');
    // Its suggestions (the company near, with free seats) and the past meeting waiting for an opinion.
    expect(html).toContain('Forges de Test');
    expect(html).toContain('Donner mon avis');
    // The session, then the page's reads started in one turn of the event loop as one read batch (0025):
    // the opinions due are read by the list's ids and the suggestions find the teacher's point and bookings
    // themselves (docs/decisions/0073). One request per read was nine, then five, then three.
    expect(hrana.requests - before).toBe(2);
  });

  it('starts a ProConnect login in workerd: the issuer’s discovery, PKCE, state and nonce (issue 37)', async () => {
    const login = await (await fetch(`${origin}/login-teacher`)).text();
    expect(login).toContain('href="/auth/proconnect?');
    const response = await fetch(`${origin}/auth/proconnect?pour=teacher`, { redirect: 'manual' });
    expect([302, 303]).toContain(response.status);
    const to = new URL(response.headers.get('location') ?? '');
    expect(to.origin).toBe(new URL(proconnect.issuer).origin);
    expect(to.searchParams.get('client_id')).toBe(proconnect.clientId);
    expect(to.searchParams.get('redirect_uri')).toBe(`${origin}/auth/proconnect/callback`);
    expect(to.searchParams.get('scope')).toBe('openid email given_name usual_name siret');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['code_challenge', 'state', 'nonce']) expect(to.searchParams.get(name)).toBeTruthy();
    // The checks travel sealed in a cookie the callback reads once.
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i);
  });

  it('answers the health check and 404 to an unknown page', async () => {
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const missing = await fetch(`${origin}/cette-page-n-existe-pas`);
    expect(missing.status).toBe(404);
    await missing.arrayBuffer();
  });

  it('answers 100 concurrent GraphQL reads, each with 200 and the count', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => graphql('{ availableSlotsCount }')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(200));
    expect(
      answers.every(
        (answer) => (answer.data as { availableSlotsCount: number }).availableSlotsCount === AVAILABLE,
      ),
    ).toBe(true);
  });

  it(`gives ${TEACHERS} concurrent bookings of a ${SEATS}-seat slot exactly ${SEATS} seats, slot_full to the rest, no error`, async () => {
    const answers = await Promise.all(
      teacherTokens.map((token) =>
        graphql(
          'mutation ($input: BookingInput!) { bookSlot(input: $input) { id } }',
          {
            input: {
              slotId: String(crowdedSlotId),
              participantsCount: 1,
              publicCategory: 'highSchool',
              acceptCharter: true,
            },
          },
          token,
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(TEACHERS).fill(200));
    const outcomes = answers.map((answer) => answer.errors?.[0]?.extensions?.code ?? 'confirmed');
    expect(outcomes.filter((outcome) => outcome === 'confirmed')).toHaveLength(SEATS);
    expect(outcomes.filter((outcome) => outcome === 'slot_full')).toHaveLength(TEACHERS - SEATS);
    const { rows } = await db.client.execute({
      sql: 'SELECT seats_taken FROM slots WHERE id = ?',
      args: [crowdedSlotId],
    });
    expect(Number(rows[0]?.seats_taken)).toBe(SEATS);
  });

  it('drains the outbox through the scheduled handler to the mail API, each e-mail once, however often it runs', async () => {
    const pending = async () =>
      Number(
        (await db.client.execute("SELECT count(*) AS n FROM outbox WHERE status = 'pending'")).rows[0]?.n,
      );
    // The bookings' e-mails go after each answer (waitUntil): let them go first, so that only the
    // scheduled handler can send what is queued next.
    await expect.poll(pending, { timeout: 20_000 }).toBe(0);
    const requestsBefore = mailApi.requests;
    const messagesBefore = mailApi.messages.length;
    for (let i = 1; i <= 3; i++) {
      await enqueueMail(
        db,
        accountMails.teacherWelcome,
        {
          to: `planifie-${i}@example.fr`,
          data: { firstName: 'Léa', loginUrl: origin },
        },
        new Date(),
      );
    }
    expect(await pending()).toBe(3);

    // The run ends when its delivery does: nothing is left, and the mail API was asked exactly three times.
    expect(await worker.trigger('* * * * *')).toMatchObject({ outcome: 'ok' });
    expect(await pending()).toBe(0);
    expect(mailApi.requests - requestsBefore).toBe(3);
    expect(mailApi.messages.slice(messagesBefore).map((mail) => mail.to[0]?.email)).toEqual([
      'planifie-1@example.fr',
      'planifie-2@example.fr',
      'planifie-3@example.fr',
    ]);

    // Run again: nothing is sent twice.
    expect(await worker.trigger('* * * * *')).toMatchObject({ outcome: 'ok' });
    expect(mailApi.requests - requestsBefore).toBe(3);

    const sent = Number(
      (await db.client.execute("SELECT count(*) AS n FROM outbox WHERE topic = 'mail' AND status = 'sent'"))
        .rows[0]?.n,
    );
    expect(sent).toBeGreaterThanOrEqual(SEATS * 2 + 3);
    expect(mailApi.messages).toHaveLength(sent);
    expect(new Set(mailApi.messages.map((mail) => mail.headers['Message-Id'])).size).toBe(sent);
  });

  it('stores an upload in R2 and serves it back', async () => {
    const pdf = tinyPdf('Plan', ['Accès par le portail nord']);
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query: 'mutation ($file: Upload!) { addCompanyDocument(file: $file, title: "Plan") { id url } }',
        variables: { file: null },
      }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([pdf], 'plan.pdf', { type: 'application/pdf' }));
    const response = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { origin, authorization: `Bearer ${recruiterToken}` },
      body: form,
    });
    const body = (await response.json()) as {
      data?: { addCompanyDocument: { url: string } };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    const path = new URL(body.data?.addCompanyDocument.url ?? '').pathname;
    const download = await fetch(`${origin}${path}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
  });

  it('resizes a company picture in workerd with the Images binding, stores it in R2 and serves it', async () => {
    const upload = (file: File) => {
      const form = new FormData();
      form.set(
        'operations',
        JSON.stringify({
          query: 'mutation ($file: Upload!) { setCompanyPicture(file: $file) { pictureUrl } }',
          variables: { file: null },
        }),
      );
      form.set('map', JSON.stringify({ 0: ['variables.file'] }));
      form.set('0', file);
      return fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { origin, authorization: `Bearer ${recruiterToken}` },
        body: form,
      }).then(
        (response) => response.json() as Promise<{ data?: { setCompanyPicture: { pictureUrl: string } } }>,
      );
    };
    const png = Uint8Array.from(demoPicturePng());
    // Decoded by the Images binding (sharp under wrangler dev): a cut file is refused in French, not a crash.
    expect(await upload(new File([png.slice(0, 200)], 'logo.png'))).toMatchObject({
      errors: [{ extensions: { code: 'BAD_USER_INPUT', fields: { file: PICTURE_MESSAGES.unreadable } } }],
    });
    const stored = await upload(new File([png], 'logo.png'));
    const path = new URL(stored.data?.setCompanyPicture.pictureUrl ?? '', origin).pathname;
    const picture = await fetch(`${origin}${path}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await picture.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    // Resized to the web size by the binding (no photon in the Worker any more: decision 0066).
    const large = await upload(
      new File([Uint8Array.from(drawIcon({ size: 1200, square: true, scale: 1 }))], 'grand.png'),
    );
    const resized = await fetch(new URL(large.data?.setCompanyPicture.pictureUrl ?? '', origin));
    const resizedBytes = new Uint8Array(await resized.arrayBuffer());
    expect(imageDimensions(resizedBytes, 'jpeg')).toEqual({
      width: PICTURE_WEB_SIZE,
      height: PICTURE_WEB_SIZE,
    });
  });

  it('makes a meeting’s PDF in workerd (pdf-lib loads there, in Helvetica), read back with accents', async () => {
    const company = await insertCompany(db, { name: 'Fonderie Élégance' });
    const slot = await insertSlot(db, company.id, new Date(Date.now() + 3 * DAY_MS));
    const teacher = await insertUser(db, { kind: 'teacher', firstName: 'Léonie' });
    await insertMeeting(db, slot.id, teacher.id, { participantsCount: 2 });
    const [meeting] = await db
      .select({ id: meetings.id })
      .from(meetings)
      .where(eq(meetings.teacherId, teacher.id));
    const response = await fetch(`${origin}/meetings/${meeting?.id}/autorisation-parentale.pdf`, {
      headers: { authorization: `Bearer ${await loginAs(db, teacher.id, new Date())}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pages = pdfPages(new Uint8Array(await response.arrayBuffer()));
    expect(pages.filter((page) => page.includes('Autorisation parentale de sortie'))).toHaveLength(2);
    expect(pages.join('\f')).toContain('Visite de l’entreprise Fonderie Élégance');
  });

  it('counts login attempts in Durable Objects, shared by every isolate: the 11th is rate_limited', async () => {
    const attempt = () =>
      graphql('mutation { loginTeacher(email: "essais@example.fr", password: "Mauvais-1!") { token } }');
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 11; i++) codes.push((await attempt()).errors?.[0]?.extensions?.code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill('wrong_credentials'));
    expect(codes[10]).toBe('rate_limited');
    // One object per key (the account, the account from the address, the address), each with its own storage.
    const objects = join(dir, 'wrangler-state/v3/do');
    const classDir = existsSync(objects)
      ? readdirSync(objects).find((name) => name.includes('RateLimitWindow'))
      : undefined;
    expect(classDir).toBeDefined();
    const files = readdirSync(join(objects, classDir as string)).filter((name) => name.endsWith('.sqlite'));
    expect(files.length).toBeGreaterThanOrEqual(2);
  });

  describe('the logins’ limits in Durable Objects (docs/decisions/0050)', () => {
    const PASSWORD = 'Motdepasse-1';
    let hash: string;
    let batch = 0;
    /** Teachers with one precomputed hash, inserted at once. */
    async function teachers(count: number): Promise<string[]> {
      hash ??= await hashPassword(PASSWORD);
      batch++;
      const rows = Array.from({ length: count }, (_, i) => ({
        kind: 'teacher' as const,
        email: `limites-${batch}-${i}@lycee.fr`,
        firstName: 'Camille',
        lastName: `Martin ${i}`,
        passwordHash: hash,
      }));
      await db.insert(users).values(rows);
      return rows.map((row) => row.email);
    }
    /** A teacher's login from an address (workerd keeps a CF-Connecting-IP sent to wrangler dev). */
    async function login(email: string, password: string, from: string): Promise<string> {
      const response = await fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': from },
        body: JSON.stringify({
          query: 'mutation ($e: String!, $p: String!) { loginTeacher(email: $e, password: $p) { token } }',
          variables: { e: email, p: password },
        }),
      });
      const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
      return body.errors?.[0]?.extensions?.code ?? 'ok';
    }

    it('lets 45 teachers behind one address in, each after a wrong password: their successes take them back', async () => {
      const emails = await teachers(45);
      for (const email of emails) {
        expect(await login(email, 'Mot-de-passe-1', '198.51.100.20')).toBe('wrong_credentials');
        expect(await login(email, PASSWORD, '198.51.100.20')).toBe('ok');
      }
    }, 120_000);

    it('stops a spray over 50 accounts from one address after 40, not the owners elsewhere', async () => {
      const emails = await teachers(50);
      const codes: string[] = [];
      for (const email of emails) codes.push(await login(email, 'Printemps2026!', '203.0.113.21'));
      expect(codes).toEqual([...Array(40).fill('wrong_credentials'), ...Array(10).fill('rate_limited')]);
      expect(await login(emails[45] ?? '', PASSWORD, '192.0.2.21')).toBe('ok');
    }, 120_000);

    it('slows the address that failed for an account, lets its owner in elsewhere, and forgets on success', async () => {
      const [owner = ''] = await teachers(1);
      const codes: string[] = [];
      for (let i = 0; i < 11; i++) codes.push(await login(owner, `Faux-${i}!`, '203.0.113.22'));
      expect(codes).toEqual([...Array(10).fill('wrong_credentials'), 'rate_limited']);
      expect(await login(owner, PASSWORD, '203.0.113.22')).toBe('rate_limited');
      expect(await login(owner, PASSWORD, '198.51.100.22')).toBe('ok');
      expect(await login(owner, 'Faux-11!', '203.0.113.22')).toBe('wrong_credentials');
    }, 60_000);

    it('tells the owner of an account guessed from many addresses once, whichever isolate counts (issue 37)', async () => {
      const [owner = ''] = await teachers(1);
      const codes = await Promise.all(
        Array.from({ length: 16 }, (_, i) => login(owner, `Ailleurs-${i}!`, `198.18.37.${i + 1}`)),
      );
      expect(codes).toEqual(Array(16).fill('wrong_credentials'));
      const told = await db.client.execute({
        sql: "SELECT count(*) AS n FROM outbox WHERE topic = 'mail' AND payload LIKE ? AND payload LIKE ?",
        args: ['%"loginAttempts"%', `%${owner}%`],
      });
      expect(Number(told.rows[0]?.n)).toBe(1);
    }, 60_000);

    it('counts a burst sent at once before checking its passwords: 10 failures, the rest refused', async () => {
      const [owner = ''] = await teachers(1);
      const codes = await Promise.all(
        Array.from({ length: 25 }, (_, i) => login(owner, `Rafale-${i}!`, '203.0.113.23')),
      );
      expect(codes.filter((code) => code === 'wrong_credentials')).toHaveLength(10);
      expect(codes.filter((code) => code === 'rate_limited')).toHaveLength(15);
    }, 60_000);
  });
});

describe('npm run preview:cloudflare', () => {
  it('serves the built Worker on PORT over the seeded stand-in, with the settings of npm start', async () => {
    // The build of the describe above; the preview's data in a folder of its own.
    const previewDir = mkdtempSync(join(tmpdir(), 'passerelle-preview-'));
    const port = await freePort();
    const admin = { email: 'exploitation@example.fr', password: 'Preview-Admin-2026!' };
    const child = spawn(process.execPath, ['scripts/preview-cloudflare.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        PREVIEW_DIR: previewDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SEED: 'demo',
        JWT_SECRET: '',
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      },
    });
    let output = '';
    const listening = new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Comptes :') && output.includes(admin.email)) resolve();
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.on('exit', (code) => reject(new Error(`preview exited with ${code}:\n${output}`)));
    });
    try {
      await listening;
      const origin = `http://localhost:${port}`;
      expect(output).toContain(`écoute sur ${origin}`);
      expect(output).toContain('données de démonstration créées');
      const landing = await fetch(`${origin}/`);
      expect(landing.status).toBe(200);
      expect(await landing.text()).toContain('Passerelle Industrie');
      const login = await fetch(`${origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: 'mutation ($e: String!, $p: String!) { loginAdmin(email: $e, password: $p) { token } }',
          variables: { e: admin.email, p: admin.password },
        }),
      });
      const body = (await login.json()) as { data?: { loginAdmin: { token: string } } };
      expect(body.data?.loginAdmin.token).toMatch(/\S{20,}/);
      // No JWT_SECRET given: one was made up and kept beside the data for the next runs.
      expect(readFileSync(join(previewDir, 'jwt-secret'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
      rmSync(previewDir, { recursive: true, force: true });
    }
  }, 120_000);
});

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // As it ships: vitest's NODE_ENV=test would build React's development files into the Worker.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}
