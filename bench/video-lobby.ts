import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOBBY_POLL_MS } from '../common/video.ts';
import { openDb, prepareConnection } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';
import { ensureDepartments } from '../db/reference/departments.ts';
import { companies, meetings, slots, users } from '../db/schema.ts';
import { createSession, generateSessionToken } from '../server/accounts/sessions.ts';
import { freePort, waitUntilServing } from '../tests/fixtures/net.ts';
import { throwawaySecret } from '../tests/fixtures/secret.ts';

/**
 * What the lobby's polling costs the server (docs/decisions/0032): each waiting class asks
 * `videoRoomAccess` every LOBBY_POLL_MS (an upsert of its presence, then `video_room_waiting`), and the host's
 * panel asks `videoRoomState` (the booked classes, named) as often. The built server (`npm run build` first)
 * on a fresh libSQL file, a webinar starting in 10 minutes with CLASSES booked classes, all waiting; each
 * call's latency over HTTP, one at a time, and the server time the polling takes.
 * `node bench/video-lobby.ts [classes]`.
 */
const CLASSES = Number(process.argv[2] ?? 30);
const ROUNDS = 20;

const dir = mkdtempSync(join(tmpdir(), 'passerelle-bench-lobby-'));
const env = {
  DATABASE_URL: `file:${join(dir, 'lobby.db')}`,
  SEED: 'none',
  RATE_LIMIT: 'off',
  LOG_LEVEL: 'warn',
  LIVEKIT_URL: 'wss://livekit.bench',
  LIVEKIT_API_KEY: 'APIbench',
  LIVEKIT_API_SECRET: 'un-secret-de-bench-assez-long',
  JWT_SECRET: throwawaySecret(),
};
const db = openDb(env.DATABASE_URL);
await prepareConnection(db);
await migrateDb(db);
await ensureDepartments(db);
const now = new Date();
const session = async (userId: number) => {
  const token = generateSessionToken();
  await createSession(db, token, userId, now);
  return token;
};
const [company] = await db
  .insert(companies)
  .values({
    siret: '73282932000074',
    name: 'Forges du Banc',
    status: 'validated',
    nafCode: '25.62B',
    sector: 'metallurgy',
    label: '1 rue de l’Usine, 69200 Vénissieux',
    zipcode: '69200',
    city: 'Vénissieux',
    departmentCode: '69',
    lat: 45.6975,
    lng: 4.8867,
  })
  .returning();
if (!company) throw new Error('no company');
const person = (kind: 'recruiter' | 'teacher', index: number) => ({
  kind,
  email: `${kind}-${index}@bench.fr`,
  firstName: 'Camille',
  lastName: `Banc ${index}`,
  companyId: kind === 'recruiter' ? company.id : null,
});
const [recruiter] = await db.insert(users).values(person('recruiter', 0)).returning();
const startsAt = new Date(now.getTime() + 10 * 60_000);
const [slot] = await db
  .insert(slots)
  .values({
    companyId: company.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 60 * 60_000),
    timeZone: 'Europe/Paris',
    durationMinutes: 60,
    meetingType: 'Webinar',
    publicCategories: ['highSchool'],
    subjects: ['discoverJobs'],
    maxParticipants: CLASSES * 30,
    seatsTaken: CLASSES * 25,
    speakerName: 'Banc',
    speakerFirstname: 'Léa',
    speakerEmail: 'lea@bench.fr',
    speakerPhone: '0612345678',
    speakerRole: 'Responsable',
  })
  .returning();
if (!recruiter || !slot) throw new Error('no recruiter or slot');
const teachers = await db
  .insert(users)
  .values(Array.from({ length: CLASSES }, (_, index) => person('teacher', index + 1)))
  .returning();
await db.insert(meetings).values(
  teachers.map((teacher) => ({
    slotId: slot.id,
    teacherId: teacher.id,
    participantsCount: 25,
    publicCategory: 'highSchool' as const,
    charterAcceptedAt: now,
  })),
);
const teacherTokens = await Promise.all(teachers.map((teacher) => session(teacher.id)));
const hostToken = await session(recruiter.id);
db.client.close();

const ACCESS = 'query ($slotId: ID!) { videoRoomAccess(slotId: $slotId) { token } }';
const STATE = `query ($slotId: ID!) { videoRoomState(slotId: $slotId) {
  openedAt lobby { userId name waitingSince } classes { userId name participantsCount onStage removed } } }`;

// The built server on its own (bench/support.ts's starter prepares the large data set, not needed here).
const port = await freePort();
const server = spawn(process.execPath, ['dist/server/index.mjs'], {
  env: { ...process.env, ...env, PORT: String(port) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const app = { url: `http://127.0.0.1:${port}` };
await waitUntilServing(`${app.url}/healthz`, server, { timeoutMs: 30_000, output: () => '' });
async function timed(token: string, query: string, expected: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables: { slotId: slot?.id } }),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (!text.includes(expected)) throw new Error(`unexpected answer: ${text.slice(0, 200)}`);
  return elapsed;
}
const asks: number[] = [];
const states: number[] = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const token of teacherTokens) asks.push(await timed(token, ACCESS, 'video_room_waiting'));
    states.push(await timed(hostToken, STATE, '"lobby"'));
  }
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(dir, { recursive: true, force: true });
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const serverMsPerSecond = (CLASSES * percentile(asks, 50) + percentile(states, 50)) / (LOBBY_POLL_MS / 1000);
console.table({
  'a waiting class asks (videoRoomAccess)': { p50: ms(percentile(asks, 50)), p99: ms(percentile(asks, 99)) },
  [`the host's panel (videoRoomState, ${CLASSES} classes)`]: {
    p50: ms(percentile(states, 50)),
    p99: ms(percentile(states, 99)),
  },
});
console.log(
  `${CLASSES} classes waiting and one host, every ${LOBBY_POLL_MS / 1000} s: ` +
    `${((CLASSES + 1) / (LOBBY_POLL_MS / 1000)).toFixed(1)} requests/s, at most ≈ ${serverMsPerSecond.toFixed(1)} ms ` +
    `of request time per second (round trips included, one at a time over loopback).`,
);
