/**
 * The Worker build, booted in workerd by `wrangler dev` (offline), reading a libSQL database over HTTP
 * from the local Hrana server, as it would read Turso.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { PICTURE_MESSAGES } from '../../common/pictures.ts';
import { openDb } from '../../db/client.ts';
import { migrateDb } from '../../db/migrate.ts';
import { tinyPdf } from '../../db/seed/index.ts';
import { drawIcon } from '../../scripts/icons.ts';
import { insertCompany, insertSlot, insertUser, loginAs } from '../fixtures/app.ts';
import { type HranaServer, startHranaServer } from '../fixtures/hrana-server.ts';
import { freePort, waitUntilServing } from '../fixtures/net.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const workerConfig = join(root, 'dist-cloudflare/server/wrangler.json');
const DAY_MS = 24 * 60 * 60 * 1000;
const AUTH_TOKEN = 'test-turso-token';
const AVAILABLE = 7;
/** A 512-pixel PNG drawn in code (the app’s icon). */
const demoPicturePng = () => drawIcon({ size: 512, square: true, scale: 1 });

let dir: string;
let hrana: HranaServer;
let wrangler: ChildProcess | undefined;
let wranglerOutput = '';
let killOnExit: (() => void) | undefined;
let origin: string;
let recruiterToken: string;

describe('the Cloudflare Worker build', () => {
  beforeAll(async () => {
    // The test builds what it boots, with the project's own script, so it never passes on a stale build.
    await run('npm', ['run', '--silent', 'build:cloudflare'], {});

    // Prepared from Node over HTTP, as a Turso database is (`DATABASE_URL=libsql://… npm run db:migrate`).
    dir = mkdtempSync(join(tmpdir(), 'passerelle-worker-'));
    hrana = await startHranaServer({ path: join(dir, 'turso.db'), authToken: AUTH_TOKEN });
    const db = openDb(hrana.url, AUTH_TOKEN);
    await migrateDb(db);
    const company = await insertCompany(db);
    const now = Date.now();
    for (let i = 1; i <= AVAILABLE; i++) await insertSlot(db, company.id, new Date(now + i * DAY_MS));
    await insertSlot(db, company.id, new Date(now + DAY_MS), { maxParticipants: 5, seatsTaken: 5 });
    await insertSlot(db, company.id, new Date(now + 40 * DAY_MS));
    const recruiter = await insertUser(db, { kind: 'recruiter', companyId: company.id });
    recruiterToken = await loginAs(db, recruiter.id, new Date());
    db.client.close();

    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    wrangler = spawn(
      process.execPath,
      [
        join(root, 'node_modules/.bin/wrangler'),
        'dev',
        '--config',
        workerConfig,
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--persist-to',
        join(dir, 'wrangler-state'),
        '--show-interactive-dev-session=false',
        '--var',
        `DATABASE_URL:${hrana.url}`,
        '--var',
        `DATABASE_AUTH_TOKEN:${AUTH_TOKEN}`,
        '--var',
        `PUBLIC_URL:${origin}`,
        '--var',
        'LOG_LEVEL:warn',
      ],
      {
        cwd: root,
        // Its own process group, so that workerd goes down with wrangler.
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          WRANGLER_SEND_METRICS: 'false',
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          WRANGLER_LOG_PATH: join(dir, 'wrangler-logs'),
          CI: '1',
        },
      },
    );
    // Should the test process end without afterAll (a crash, a timeout), wrangler and workerd still go.
    const group = wrangler.pid;
    killOnExit = () => {
      if (group) killGroup(group, 'SIGKILL');
    };
    process.once('exit', killOnExit);
    wrangler.stdout?.on('data', (chunk) => {
      wranglerOutput += chunk;
    });
    wrangler.stderr?.on('data', (chunk) => {
      wranglerOutput += chunk;
    });
    await waitUntilServing(`${origin}/healthz`, wrangler, {
      timeoutMs: 60_000,
      output: () => wranglerOutput,
    });
  }, 150_000);

  afterAll(async () => {
    await stopGroup(wrangler);
    if (killOnExit) process.off('exit', killOnExit);
    await hrana?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('renders the landing page with the count read from the database', async () => {
    const queriesBefore = hrana.requests;
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`data-testid="available-slots"[^>]*><strong[^>]*>${AVAILABLE}</strong>`));
    expect(hrana.requests).toBeGreaterThan(queriesBefore);

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

  it('answers the health check after a query', async () => {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers GraphQL', async () => {
    const response = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ availableSlotsCount }' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { availableSlotsCount: AVAILABLE } });
  });

  it('refuses uploads with a clear error: a Worker has no file storage until a bucket is configured', async () => {
    const form = new FormData();
    form.set(
      'operations',
      JSON.stringify({
        query: 'mutation ($file: Upload!) { addCompanyDocument(file: $file, title: "Plan") { id } }',
        variables: { file: null },
      }),
    );
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    form.set('0', new File([tinyPdf('Plan', [])], 'plan.pdf', { type: 'application/pdf' }));
    const response = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { origin, authorization: `Bearer ${recruiterToken}` },
      body: form,
    });
    expect(await response.json()).toMatchObject({
      errors: [
        {
          message: ERROR_MESSAGES.file_storage_unavailable,
          extensions: { code: 'file_storage_unavailable' },
        },
      ],
    });
  });

  it('resizes a company picture in workerd (photon’s WebAssembly loads there), then finds no storage for it', async () => {
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
      }).then((response) => response.json());
    };
    const png = Uint8Array.from(demoPicturePng());
    // Decoded by photon inside the Worker: a cut file is refused in French, not a crash.
    expect(await upload(new File([png.slice(0, 200)], 'logo.png'))).toMatchObject({
      errors: [{ extensions: { code: 'BAD_USER_INPUT', fields: { file: PICTURE_MESSAGES.unreadable } } }],
    });
    // The whole file is decoded and resized; only then does the store refuse it.
    expect(await upload(new File([png], 'logo.png'))).toMatchObject({
      errors: [{ extensions: { code: 'file_storage_unavailable' } }],
    });
  });

  it('answers 404 to an unknown page', async () => {
    const response = await fetch(`${origin}/cette-page-n-existe-pas`);
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });
});

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

/** Stops wrangler and the workerd it started: SIGTERM to the group, SIGKILL if it lingers. */
async function stopGroup(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const group = child.pid;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killGroup(group, 'SIGTERM');
  const timer = setTimeout(() => killGroup(group, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  // workerd may outlive wrangler by a moment; whatever is left of the group goes now.
  killGroup(group, 'SIGKILL');
}

function killGroup(group: number, signal: NodeJS.Signals) {
  try {
    process.kill(-group, signal);
  } catch {
    // the group is already gone
  }
}
