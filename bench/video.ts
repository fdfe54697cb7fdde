import type { Browser, Page } from 'playwright-core';
import { openDb } from '../db/client.ts';
import { meetings, videoRooms } from '../db/schema.ts';
import { DEMO_ACCOUNTS } from '../db/seed/index.ts';
import { liveKitBinary, startLiveKitDev } from '../scripts/livekit-dev.ts';
import { VIDEO_WEBHOOK_PATH } from '../server/video/webhook.ts';
import { islandsReady, launchChromium, newPage } from '../tests/e2e/support/browser.ts';
import { demoIds } from '../tests/e2e/support/demo-meeting.ts';
import { startServer } from '../tests/e2e/support/server.ts';
import { logInAs } from '../tests/e2e/support/session.ts';
import { insertSlot, insertUser } from '../tests/fixtures/app.ts';
import { freePort } from '../tests/fixtures/net.ts';
import { byTree, processTicks, ticksOf } from './cpu.ts';

/**
 * `npm run bench:video` (after `npm run build`; issue 23): the video rooms on a real LiveKit server
 * (scripts/livekit-dev.ts, loopback only) with Chromium's fake camera and microphone.
 * - Join time: from the click on « Rejoindre » to the first frame of the company's camera decoded in the
 *   class's page, median of 10 joins.
 * - CPU: a webinar with one host on camera and eight classes in the audience, each in a Chromium of its own,
 *   over 20 s once everyone's video plays: the server's and each browser's (its process tree), in % of one core.
 */
const JOINS = 10;
const AUDIENCE = 8;
const CPU_SECONDS = 20;
const FLAGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];

const bin = liveKitBinary();
if (!bin) throw new Error('livekit-server is not installed (README, .ci/run)');
const port = await freePort();
const liveKit = await startLiveKitDev({
  bin,
  webhookUrls: [`http://127.0.0.1:${port}${VIDEO_WEBHOOK_PATH}`],
});
const server = await startServer({
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  LIVEKIT_URL: liveKit.url,
  LIVEKIT_API_KEY: liveKit.apiKey,
  LIVEKIT_API_SECRET: liveKit.apiSecret,
  RATE_LIMIT: 'off',
});
const browsers: Browser[] = [];
try {
  const { remoteSlot, webinarSlot, audience } = await prepare();
  const pageFor = async (browser: Browser, email: string): Promise<Page> => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, email);
    return page;
  };
  const join = async (page: Page, slot: number) => {
    await page.goto(`/meeting-videoconference/${slot}`);
    await islandsReady(page);
    await page.getByRole('button', { name: 'Rejoindre', exact: true }).click();
  };

  // Join time: the company is in the room on camera; the class joins ten times.
  const one = await launchChromium({ args: FLAGS });
  browsers.push(one);
  const host = await pageFor(one, DEMO_ACCOUNTS.recruiter);
  await join(host, remoteSlot);
  const joinTimes: number[] = [];
  for (let i = 0; i < JOINS; i++) {
    // A fresh page each time, as a class opens the room from its meeting.
    const teacher = await pageFor(one, DEMO_ACCOUNTS.teacher);
    await teacher.goto(`/meeting-videoconference/${remoteSlot}`);
    await islandsReady(teacher);
    const button = teacher.getByRole('button', { name: 'Rejoindre', exact: true });
    await button.waitFor();
    const started = performance.now();
    await button.click();
    await remoteFrame(teacher);
    joinTimes.push(performance.now() - started);
    await teacher.context().close();
  }
  await one.close();
  browsers.length = 0;

  // CPU: one host on camera, eight classes in the audience, each in its own Chromium.
  const emails = [DEMO_ACCOUNTS.recruiter, ...audience];
  const pages: Page[] = [];
  for (const [i, email] of emails.entries()) {
    const browser = await launchChromium({ args: [...FLAGS, `--passerelle-bench=${i}`] });
    browsers.push(browser);
    const page = await pageFor(browser, email);
    if (i === 0) {
      await page.goto(`/meeting-videoconference/${webinarSlot}`);
      await islandsReady(page);
      const panel = page.getByRole('complementary', { name: 'Animation de la rencontre' });
      await panel.getByRole('button', { name: 'Ouvrir la salle aux classes' }).click();
      await page.getByRole('button', { name: 'Rejoindre', exact: true }).click();
    } else {
      await join(page, webinarSlot);
    }
    pages.push(page);
  }
  for (const page of pages.slice(1)) await remoteFrame(page);
  const before = cpuTicks();
  await new Promise((resolve) => setTimeout(resolve, CPU_SECONDS * 1000));
  const after = cpuTicks();
  const share = (key: string) =>
    `${((100 * ((after.get(key) ?? 0) - (before.get(key) ?? 0))) / 100 / CPU_SECONDS).toFixed(0)} %`;
  joinTimes.sort((a, b) => a - b);
  const median = ((joinTimes[4] ?? 0) + (joinTimes[5] ?? 0)) / 2;
  console.log(
    `\nVideo on a real LiveKit server (${bin}, loopback), Chromium with a fake camera:\n` +
      `- join time, click → first remote frame: median ${median.toFixed(0)} ms of ${JOINS} ` +
      `(min ${joinTimes[0]?.toFixed(0)}, max ${joinTimes.at(-1)?.toFixed(0)})\n` +
      `- CPU over ${CPU_SECONDS} s, one host and ${AUDIENCE} classes, in % of one core (this machine has 2):`,
  );
  console.table([
    { process: 'livekit-server', cpu: share('livekit') },
    ...emails.map((_, i) => ({
      process: i === 0 ? 'Chromium of the host' : `Chromium of class ${i}`,
      cpu: share(`chromium-${i}`),
    })),
  ]);
} finally {
  for (const browser of browsers) await browser.close().catch(() => undefined);
  await server.stop();
  await liveKit.stop();
}

async function remoteFrame(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLVideoElement>('[data-lk-local-participant="false"] video')].some(
        (video) => video.videoWidth > 0 && video.readyState >= 2,
      ),
    null,
    { timeout: 60_000, polling: 'raf' },
  );
}

/** CPU ticks (1/100 s) of livekit-server and of each bench Chromium's process tree, by name. */
function cpuTicks(): Map<string, number> {
  const trees = byTree(processTicks(), (p) => {
    if (p.pid === liveKit.pid) return 'livekit';
    const bench = /--passerelle-bench=(\d+)/.exec(p.cmdline);
    return bench && !p.cmdline.includes('--type=') ? `chromium-${bench[1]}` : null;
  });
  return new Map([...trees].map(([name, processes]) => [name, ticksOf(processes)]));
}

/** A remote intervention whose room is open, and a webinar booked by eight classes. */
async function prepare() {
  const { teacherId, companyId } = await demoIds(server);
  const db = openDb(server.databaseUrl);
  try {
    const soon = new Date(Date.now() + 5 * 60_000);
    const remote = await insertSlot(db, companyId, soon, { meetingType: 'ClassroomIntervention' });
    const webinar = await insertSlot(db, companyId, soon, {
      meetingType: 'Webinar',
      maxParticipants: 400,
    });
    await db.insert(videoRooms).values({ slotId: remote.id, openedAt: new Date() });
    const audience: string[] = [];
    const booking = (slotId: number, teacherId: number) => ({
      slotId,
      teacherId,
      status: 'confirmed' as const,
      participantsCount: 20,
      publicCategory: 'highSchool' as const,
      charterAcceptedAt: new Date(),
    });
    await db.insert(meetings).values(booking(remote.id, teacherId));
    for (let i = 1; i <= AUDIENCE; i++) {
      const email = `classe.${i}@bench.example.fr`;
      const user = await insertUser(db, {
        kind: 'teacher',
        email,
        firstName: `Classe ${i}`,
        lastName: 'Banc',
      });
      await db.insert(meetings).values(booking(webinar.id, user.id));
      audience.push(email);
    }
    return { remoteSlot: remote.id, webinarSlot: webinar.id, audience };
  } finally {
    db.client.close();
  }
}
