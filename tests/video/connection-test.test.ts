import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalLiveKit, liveKitBinary, startLiveKitDev } from '../../scripts/livekit-dev.ts';
import {
  accessibilityViolations,
  FAKE_CAMERA_AND_MICROPHONE,
  islandsReady,
  launchChromium,
  newPage,
} from '../e2e/support/browser.ts';
import { type RunningServer, startServer } from '../e2e/support/server.ts';
import { freePort } from '../fixtures/net.ts';

/**
 * Issue 38, « Tester ma connexion »: /test-connexion in Chromium (fake camera and microphone) against a real
 * LiveKit server started from livekit.yaml (scripts/livekit-dev.ts), its embedded TURN on loopback over UDP.
 * `npm run test:video` runs this file in a network namespace of its own (only `lo`, root inside): in the
 * open everything passes; then an nft rule of the namespace plays a school's firewall that drops UDP, and
 * the page says that TCP gets through and UDP does not, and what to ask the IT.
 */
let liveKit: LocalLiveKit;
let server: RunningServer;
let browser: Browser;
let turnPort = 0;

beforeAll(async () => {
  const bin = liveKitBinary();
  if (!bin) throw new Error('livekit-server is not installed: .ci/run installs it (README)');
  turnPort = await freePort();
  const relayStart = 41000 + Math.floor(Math.random() * 1000) * 10;
  liveKit = await startLiveKitDev({
    bin,
    settings: {
      // LiveKit's TURN, over UDP only, relaying to the server's own media on loopback (a restricted peer).
      turn: {
        enabled: true,
        udp_port: turnPort,
        tls_port: null,
        external_tls: null,
        relay_range_start: relayStart,
        relay_range_end: relayStart + 9,
        allow_restricted_peer_cidrs: ['127.0.0.1/32'],
      },
    },
  });
  [server, browser] = await Promise.all([
    startServer({
      LIVEKIT_URL: liveKit.url,
      LIVEKIT_API_KEY: liveKit.apiKey,
      LIVEKIT_API_SECRET: liveKit.apiSecret,
    }),
    launchChromium({ args: [...FAKE_CAMERA_AND_MICROPHONE, '--allow-loopback-in-peer-connection'] }),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await liveKit?.stop();
});

/** The namespace's firewall: a school's that drops every UDP packet going out (FIELD-NOTES, fourth look). */
function blockUdp() {
  execFileSync('nft', [
    'add table inet school; add chain inet school out { type filter hook output priority 0; policy accept; }; add rule inet school out meta l4proto udp drop',
  ]);
}
afterEach(() => {
  try {
    execFileSync('nft', ['delete table inet school'], { stdio: 'ignore' });
  } catch {
    // No firewall was set.
  }
});

/** Runs the test on the page and waits for its end: each check's outcome, by name. */
async function runTest(page: Page): Promise<Record<string, string>> {
  await page.goto('/test-connexion');
  await islandsReady(page);
  await page.getByRole('button', { name: 'Lancer le test' }).click();
  await page.getByRole('status').filter({ hasText: 'Test terminé.' }).waitFor({ timeout: 120_000 });
  const outcomes = await page
    .locator('[data-check]')
    .evaluateAll((items) =>
      items.map((item) => [item.getAttribute('data-check'), item.getAttribute('data-outcome')]),
    );
  return Object.fromEntries(outcomes);
}

describe('« Tester ma connexion » against a real LiveKit server', () => {
  it('in the open: the signalling, UDP, TCP, the relay, the camera and the microphone all pass', async () => {
    const page = await newPage(browser, server.baseURL);
    try {
      expect(await runTest(page)).toEqual({
        signalling: 'passed',
        udp: 'passed',
        tcp: 'passed',
        turn: 'passed',
        camera: 'passed',
        microphone: 'passed',
      });
      await expect
        .poll(() =>
          page
            .getByText('Tout fonctionne : votre réseau et vos appareils sont prêts pour la visioconférence.')
            .count(),
        )
        .toBe(1);
      // Nothing to ask the IT.
      expect(await page.getByRole('heading', { name: 'Pour votre service informatique' }).count()).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('with UDP blocked: TCP works, UDP and the UDP relay do not, and the IT is told which ports', async () => {
    blockUdp();
    const page = await newPage(browser, server.baseURL);
    try {
      expect(await runTest(page)).toEqual({
        signalling: 'passed',
        udp: 'failed',
        tcp: 'passed',
        turn: 'failed',
        camera: 'passed',
        microphone: 'passed',
      });
      const results = page.getByRole('region', { name: 'Résultats' });
      const udpPort = (liveKit.settings.rtc as { udp_port: number }).udp_port;
      const tcpPort = (liveKit.settings.rtc as { tcp_port: number }).tcp_port;
      await expect
        .poll(() => results.locator('[data-check="udp"]').textContent())
        .toContain(`Votre réseau bloque le son et l’image en UDP (UDP ${udpPort})`);
      expect(await results.locator('[data-check="tcp"]').textContent()).toContain(
        `Votre réseau laisse passer le son et l’image en TCP (TCP ${tcpPort})`,
      );
      expect(await results.locator('[data-check="turn"]').textContent()).toContain(
        `Votre réseau bloque le relais du serveur (TURN en UDP ${turnPort})`,
      );
      expect(await page.getByText('Vous pourrez rejoindre la salle, par un chemin de secours').count()).toBe(
        1,
      );
      const request = await page.getByLabel('Message pour le service informatique').inputValue();
      const host = new URL(liveKit.url);
      expect(request).toContain(
        `- TCP ${host.port} (WebSocket sur TLS) vers ${host.hostname} : la connexion au serveur ;`,
      );
      expect(request).toContain(`- UDP ${udpPort} vers 127.0.0.1 : le son et l’image (le meilleur chemin) ;`);
      expect(request).toContain(
        `- TCP ${tcpPort} vers 127.0.0.1 : le son et l’image, si l’UDP reste fermé ;`,
      );
      expect(request).toContain(
        `- UDP ${turnPort} (TURN en UDP) vers 127.0.0.1 : le relais, si rien d’autre ne passe ;`,
      );
      expect(request).toContain('- bloqué : le son et l’image en UDP ;');
      const mailto = await page.getByRole('link', { name: 'Envoyer par e-mail' }).getAttribute('href');
      expect(decodeURIComponent(mailto?.split('body=')[1] ?? '')).toBe(request);
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
