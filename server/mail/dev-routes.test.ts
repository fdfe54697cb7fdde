import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_NOW } from '../../tests/fixtures/app.ts';
import { mountDevMails } from './dev-routes.ts';
import { enqueueMail } from './outbox.ts';

describe('/dev/mails', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    t = await createTestApp();
    mountDevMails(t.app);
  });
  afterEach(() => t.close());

  async function enqueueWelcome(to: string, at = TEST_NOW) {
    await enqueueMail(
      t.db,
      {
        template: 'teacherWelcome',
        to,
        data: { firstName: 'Camille', loginUrl: 'https://passerelle.test/login-teacher' },
      },
      at,
    );
  }

  it('lists the queued mails, newest first, with date, recipient, subject and status', async () => {
    await enqueueWelcome('first@example.fr');
    await enqueueWelcome('second@example.fr', new Date(TEST_NOW.getTime() + 60_000));
    const response = await t.app.request('/dev/mails');
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
    expect(await (await t.app.request('/dev/mails')).text()).toContain("Aucun e-mail pour l'instant.");
  });

  it('shows a mail as HTML, with a link to its text version', async () => {
    await enqueueWelcome('camille@example.fr');
    const [id] =
      (await (await t.app.request('/dev/mails')).text()).match(/(?<=href="\/dev\/mails\/)\d+/) ?? [];
    const response = await t.app.request(`/dev/mails/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('href="https://passerelle.test/login-teacher"');
    expect(page).toContain(`href="/dev/mails/${id}.txt"`);

    const text = await t.app.request(`/dev/mails/${id}.txt`);
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toMatch(/^Bonjour Camille,\n/);
  });

  it('answers 404 for a mail that does not exist', async () => {
    for (const path of ['/dev/mails/999', '/dev/mails/999.txt', '/dev/mails/abc']) {
      expect((await t.app.request(path)).status).toBe(404);
    }
  });
});
