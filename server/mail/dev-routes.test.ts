import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_NOW } from '../../tests/fixtures/app.ts';
import { accountMails } from '../accounts/mails.ts';
import { renderMail } from '../main/mails.ts';
import { mountDevMails } from './dev-routes.ts';
import { enqueueMail } from './outbox.ts';

/** A request as srvx hands it to the app on Node: the socket's address on `ip`. */
function fromAddress(path: string, ip: string | undefined, headers: Record<string, string> = {}): Request {
  const request = new Request(`http://localhost:3000${path}`, { headers });
  if (ip !== undefined) Object.defineProperty(request, 'ip', { value: ip });
  return request;
}

describe('/dev/mails', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const get = (path: string) => t.app.request(fromAddress(path, '127.0.0.1'));
  beforeEach(async () => {
    t = await createTestApp();
    mountDevMails(t.app, renderMail);
  });
  afterEach(() => t.close());

  async function enqueueWelcome(to: string, at = TEST_NOW) {
    await enqueueMail(
      t.db,
      accountMails.teacherWelcome,
      {
        to,
        data: { firstName: 'Camille', loginUrl: 'https://passerelle.test/login-teacher' },
      },
      at,
    );
  }

  it('lists the queued mails, newest first, with date, recipient, subject and status', async () => {
    await enqueueWelcome('first@example.fr');
    await enqueueWelcome('second@example.fr', new Date(TEST_NOW.getTime() + 60_000));
    const response = await get('/dev/mails');
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('<th scope="col">Destinataire</th>');
    expect(page).toContain('Bienvenue sur Passerelle Industrie');
    expect(page).toContain('En attente');
    expect(page).toContain('10/03/2026 10:00:00');
    expect(page.indexOf('second@example.fr')).toBeLessThan(page.indexOf('first@example.fr'));
    expect(page).toMatch(/href="\/dev\/mails\/\d+"/);
  });

  it('says when there is no mail yet', async () => {
    expect(await (await get('/dev/mails')).text()).toContain('Aucun e-mail pour l’instant.');
  });

  it('shows a mail as HTML, with a link to its text version', async () => {
    await enqueueWelcome('camille@example.fr');
    const [id] = (await (await get('/dev/mails')).text()).match(/(?<=href="\/dev\/mails\/)\d+/) ?? [];
    const response = await get(`/dev/mails/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('href="https://passerelle.test/login-teacher"');
    expect(page).toContain(`href="/dev/mails/${id}.txt"`);

    const text = await get(`/dev/mails/${id}.txt`);
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toMatch(/^Bonjour Camille,\n/);
  });

  it('answers 404 for a mail that does not exist', async () => {
    for (const path of ['/dev/mails/999', '/dev/mails/999.txt', '/dev/mails/abc']) {
      expect((await get(path)).status).toBe(404);
    }
  });

  it('answers only the machine itself: loopback sockets, IPv4 and IPv6', async () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.request(fromAddress('/dev/mails', ip))).status, ip).toBe(200);
    }
  });

  it('answers 404 to any other address, whatever the headers say', async () => {
    await enqueueWelcome('camille@example.fr');
    for (const ip of [
      '192.168.1.20',
      '10.0.0.3',
      '::ffff:192.168.1.20',
      'fe80::1',
      '2001:db8::7',
      undefined,
    ]) {
      for (const path of ['/dev/mails', '/dev/mails/1', '/dev/mails/1.txt']) {
        const response = await t.app.request(
          fromAddress(path, ip, { 'cf-connecting-ip': '127.0.0.1', 'x-forwarded-for': '127.0.0.1' }),
        );
        expect(response.status, `${ip} ${path}`).toBe(404);
        expect(await response.text()).not.toContain('camille@example.fr');
      }
    }
  });

  it('answers 404 to a request a proxy on this machine relays, though it connects from loopback', async () => {
    for (const header of ['x-forwarded-for', 'cf-connecting-ip', 'forwarded', 'x-real-ip']) {
      const relayed = fromAddress('/dev/mails', '127.0.0.1', { [header]: '203.0.113.9' });
      expect((await t.app.request(relayed)).status, header).toBe(404);
    }
  });
});
