import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMBED_HEIGHT_SCRIPT, embedSnippets } from '../../common/embed.ts';
import { departments } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const DAY = 86_400_000;
const inDays = (days: number) => new Date(TEST_NOW.getTime() + days * DAY);

describe('GET /embed/company/{id}', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await t.db.update(departments).set({ active: true }).where(eq(departments.code, '69'));
  });
  afterEach(() => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

  it('shows a validated company’s open slots by type, with its one script, framed by anyone', async () => {
    const company = await insertCompany(t.db, { name: 'Forges & Fils' });
    await insertSlot(t.db, company.id, inDays(2));
    await insertSlot(t.db, company.id, inDays(40));
    await insertSlot(t.db, company.id, inDays(3), { meetingType: 'Webinar' });
    // Not open: full, deleted, past, started.
    await insertSlot(t.db, company.id, inDays(4), { seatsTaken: 20 });
    await insertSlot(t.db, company.id, inDays(5), { deletedAt: TEST_NOW });
    await insertSlot(t.db, company.id, inDays(-1));
    await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() - 60_000), { durationMinutes: 90 });
    const response = await get(`/embed/company/${company.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("default-src 'none'");
    expect(response.headers.get('x-frame-options')).toBeNull();
    const html = await response.text();
    // One script, the one that posts its height to the host page, allowed by its hash and nothing else.
    const scripts = [...html.matchAll(/<script>(.*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toEqual([EMBED_HEIGHT_SCRIPT]);
    expect(html.match(/<script/g)).toHaveLength(1);
    const hash = createHash('sha256').update(EMBED_HEIGHT_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}';`);
    expect(csp).not.toMatch(/script-src[^;]*('unsafe-inline'|'self'|\*|https?:)/);
    expect(html).toContain('Forges &amp; Fils');
    expect(html).toContain('3 créneaux ouverts');
    expect(html).toMatch(/data-type="CompanyVisit".*2 créneaux ouverts/);
    expect(html).toMatch(/data-type="Webinar".*1 créneau ouvert/);
    expect(html).not.toContain('data-type="ClassroomIntervention"');
    // A link to book each, out of the frame, and the company's page.
    const { companyUrl } = embedSnippets(t.deps.config.PUBLIC_URL, company);
    expect(html).toContain(
      `href="${companyUrl}&amp;type=CompanyVisit#creneaux" target="_blank" rel="noopener"`,
    );
    expect(html).toContain(`href="${companyUrl}" target="_blank" rel="noopener"`);
    // What a visitor may see: no date, no time (PRODUCT.md, Discovery).
    expect(html).not.toMatch(/\b(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b/i);
    expect(html).not.toMatch(/\d{1,2}\s?h\s?\d{0,2}|\d{1,2}:\d{2}|\d{1,2}\/\d{1,2}/);
    expect(html).not.toMatch(
      /\b(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)\b/i,
    );
  });

  it('shows no date to a logged-in teacher either: one answer for every reader', async () => {
    const company = await insertCompany(t.db);
    await insertSlot(t.db, company.id, inDays(2));
    const teacher = await insertUser(t.db, { kind: 'teacher' });
    const token = await loginAs(t.db, teacher.id);
    const html = await (
      await get(`/embed/company/${company.id}`, { authorization: `Bearer ${token}` })
    ).text();
    expect(html).toContain('1 créneau ouvert');
    expect(html).not.toMatch(/\d{1,2}:\d{2}|\d{1,2}\s?h\s?\d{2}|mars/);
  });

  it('says « Aucun créneau ouvert pour le moment » when there is none', async () => {
    const company = await insertCompany(t.db);
    const html = await (await get(`/embed/company/${company.id}`)).text();
    expect(html).toContain('Aucun créneau ouvert pour le moment.');
    expect(html).not.toContain('<ul');
  });

  it('is 404 for an unknown, unvalidated, refused or archived company, and a malformed id', async () => {
    const pending = await insertCompany(t.db, { status: 'pending' });
    const refused = await insertCompany(t.db, { status: 'refused' });
    const archived = await insertCompany(t.db, { status: 'archived' });
    await insertSlot(t.db, archived.id, inDays(2), { listed: true });
    for (const id of [pending.id, refused.id, archived.id, 999_999, '0', '01', 'abc']) {
      const response = await get(`/embed/company/${id}`);
      expect(response.status, String(id)).toBe(404);
      const html = await response.text();
      // Sized to its content in the host's frame too.
      expect(html.match(/<script.*?<\/script>/g)).toEqual([`<script>${EMBED_HEIGHT_SCRIPT}</script>`]);
      expect(html).toContain('n’est pas présentée sur Passerelle Industrie');
    }
  });

  it('is shared briefly with visitors, and the rest of the site is still framed by nobody', async () => {
    const company = await insertCompany(t.db);
    const first = await get(`/embed/company/${company.id}`);
    expect(first.headers.get('cache-control')).toContain('s-maxage=60');
    await insertSlot(t.db, company.id, inDays(2));
    const second = await get(`/embed/company/${company.id}`);
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(second.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const site = await get('/healthz');
    expect(site.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(site.headers.get('x-frame-options')).toBe('DENY');
  });
});
