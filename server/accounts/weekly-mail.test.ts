import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, insertUser } from '../../tests/fixtures/app.ts';
import { signLink } from '../signed-links.ts';
import { weeklyMailLinkState, weeklyMailUnsubscribeUrl } from './weekly-mail.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;
let teacherId: number;
let path: string;

const flags = async (id = teacherId) => {
  const [row] = await t.db
    .select({ weeklyMail: users.weeklyMail, useEstablishmentAddress: users.useEstablishmentAddress })
    .from(users)
    .where(eq(users.id, id));
  return row;
};

/** RFC 8058's one-click: a form post with that one field, no cookie, no Origin. */
const oneClick = (to: string) =>
  t.app.request(to, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

beforeEach(async () => {
  t = await createTestApp();
  teacherId = (await insertUser(t.db, { kind: 'teacher', email: 'lea@lycee.example', weeklyMail: true })).id;
  path = new URL(weeklyMailUnsubscribeUrl(t.deps.config, teacherId)).pathname;
});
afterEach(() => t.close());

describe('the weekly alert’s unsubscribe link', () => {
  it('turns only the weekly-mail flag off on a one-click POST without cookie nor Origin, 200, and again', async () => {
    expect(path).toMatch(/^\/unsubscribe\/[\w-]+\.[\w-]+$/);
    const response = await oneClick(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Vous ne recevrez plus l’alerte hebdomadaire');
    expect(await flags()).toEqual({ weeklyMail: false, useEstablishmentAddress: true });
    expect((await oneClick(path)).status).toBe(200);
    expect(await flags()).toEqual({ weeklyMail: false, useEstablishmentAddress: true });
  });

  it('takes RFC 8058’s multipart/form-data too', async () => {
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const response = await t.app.request(path, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect((await flags())?.weeklyMail).toBe(false);
  });

  it('sends the page’s button back to the page, which then says it is done', async () => {
    const response = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://ailleurs.example' },
      body: 'List-Unsubscribe=One-Click&depuis=page',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(path);
    expect((await flags())?.weeklyMail).toBe(false);
  });

  it('refuses a tampered link, another purpose’s or another secret’s with a 400 in French, changing nothing', async () => {
    const other = await insertUser(t.db, { kind: 'teacher', email: 'paul@lycee.example', weeklyMail: true });
    const [body, signature] = path.slice('/unsubscribe/'.length).split('.');
    const otherBody = new URL(weeklyMailUnsubscribeUrl(t.deps.config, other.id)).pathname
      .split('/')[2]
      ?.split('.')[0];
    const forged = [
      `/unsubscribe/${otherBody}.${signature}`,
      `/unsubscribe/${body}.${signature?.slice(0, -2)}AA`,
      `/unsubscribe/${body}`,
      `/unsubscribe/${signLink(t.deps.config.JWT_SECRET, { purpose: 'meeting-release', subject: teacherId })}`,
      `/unsubscribe/${signLink('another-secret-of-thirty-two-characters', { purpose: 'unsubscribe-weekly-mail', subject: teacherId })}`,
    ];
    for (const to of forged) {
      const response = await oneClick(to);
      expect(response.status, to).toBe(400);
      expect(await response.text()).toContain('Ce lien de désabonnement n’est pas valide');
    }
    expect((await flags())?.weeklyMail).toBe(true);
    expect((await flags(other.id))?.weeklyMail).toBe(true);
  });

  it('never acts on a GET (mail software opens links): the page only reads the state', async () => {
    // The app without its pages: no GET route here; the page's data is the use case below.
    expect((await t.app.request(path)).status).toBe(404);
    const token = path.slice('/unsubscribe/'.length);
    expect(await weeklyMailLinkState({ token }, t.deps)).toEqual({ valid: true, subscribed: true });
    expect(await weeklyMailLinkState({ token }, t.deps)).toEqual({ valid: true, subscribed: true });
    expect((await flags())?.weeklyMail).toBe(true);
    await oneClick(path);
    expect(await weeklyMailLinkState({ token }, t.deps)).toEqual({ valid: true, subscribed: false });
    expect(await weeklyMailLinkState({ token: `${token}x` }, t.deps)).toEqual({ valid: false });
  });

  it('acts on no one but a teacher', async () => {
    const recruiter = await insertUser(t.db, {
      kind: 'recruiter',
      email: 'rh@forges.example',
      weeklyMail: true,
    });
    const recruiterPath = new URL(weeklyMailUnsubscribeUrl(t.deps.config, recruiter.id)).pathname;
    expect((await oneClick(recruiterPath)).status).toBe(200);
    expect((await flags(recruiter.id))?.weeklyMail).toBe(true);
  });
});
