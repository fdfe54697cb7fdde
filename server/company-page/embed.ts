import type { Hono } from 'hono';
import { createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MEETING_TYPE_LABELS, MEETING_TYPES, type MeetingType } from '../../common/constants.ts';
import { EMBED_HEADING, EMBED_HEIGHT_SCRIPT, embedSnippets } from '../../common/embed.ts';
import { elide, plural } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { companyFor } from '../companies/index.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import { countOpenSlotsByType } from '../slots/index.ts';

/*
 * « Nos prochaines visites » (issue 21; docs/decisions/0052): a validated company's open slots as a page its
 * own website frames — one script only, which posts its height to the host page (issue 36, 0085), its own
 * few lines of CSS, framed by anyone (`frame-ancestors *`, server/http/security.ts). It says what a visitor may know (PRODUCT.md, Discovery): how many open slots
 * of each type, never a date, whoever asks, so that one answer serves every reader and is shared briefly
 * (server/main/app.ts). Each type links to the company's page filtered on it, where teachers see the dates
 * and book; visitors are asked to log in there.
 */

export interface CompanyEmbed {
  company: { id: number; name: string };
  total: number;
  byType: { type: MeetingType; count: number }[];
}

/** The embed of a validated company (null: unknown, awaiting validation, refused or archived). */
export async function companyEmbed(id: number, deps: Deps): Promise<CompanyEmbed | null> {
  const company = await companyFor(null, id, deps);
  if (company?.status !== 'validated') return null;
  const counts = await countOpenSlotsByType(deps.db, company.id, deps.clock.now());
  const byType = MEETING_TYPES.map((type) => ({ type, count: counts[type] })).filter((row) => row.count > 0);
  return {
    company: { id: company.id, name: company.name },
    total: byType.reduce((sum, row) => sum + row.count, 0),
    byType,
  };
}

/** One type's count: a type is listed only when it has open slots. */
const openSlots = (count: number) => plural(count, 'créneau ouvert', 'créneaux ouverts');

/** Its own CSS, small and inline: the site's stylesheet is not for other sites' frames. */
const STYLE = `
*{box-sizing:border-box}
html{font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1530;background:#fff;line-height:1.45}
body{margin:0;padding:16px}
main{display:flex;flex-direction:column;gap:12px;max-width:480px}
h1{margin:0;font-size:1.25rem;color:#2f1b78}
p{margin:0}
.company{color:#5c5870;font-weight:600}
.total{font-size:1.125rem}
ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;padding:10px 12px;border:1px solid #e9e7ef;border-radius:10px}
.type{font-weight:700}
.count{color:#5c5870}
a{color:#4b2bae;font-weight:600}
a:focus-visible{outline:3px solid #1f4fd1;outline-offset:2px}
.book{display:inline-block;padding:6px 14px;border-radius:999px;background:#4b2bae;color:#fff;text-decoration:none}
.book:hover{background:#2f1b78}
.note{font-size:.875rem;color:#5c5870}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;

const NEW_TAB = h('span', { className: 'sr' }, ' (nouvel onglet)');

/** A link out of the frame: to the platform, in a new tab. */
const out = (href: string, className: string | undefined, ...children: ReactNode[]) =>
  h('a', { href, target: '_blank', rel: 'noopener', className }, ...children, NEW_TAB);

function documentOf(title: string, ...body: ReactNode[]): string {
  const page = h(
    'html',
    { lang: 'fr' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'robots', content: 'noindex' }),
      h('title', null, title),
      h('style', null, STYLE),
    ),
    h(
      'body',
      null,
      h('main', null, ...body),
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, the one script its CSP allows by hash.
      h('script', { dangerouslySetInnerHTML: { __html: EMBED_HEIGHT_SCRIPT } }),
    ),
  );
  return `<!doctype html>${renderToStaticMarkup(page)}`;
}

/** The embed page's HTML: the company, its open slots by type, a way to book each, its page. */
export function renderCompanyEmbed(embed: CompanyEmbed, publicUrl: string): string {
  const { company, total, byType } = embed;
  const { companyUrl } = embedSnippets(publicUrl, company);
  const typeUrl = (type: MeetingType) => `${companyUrl}&type=${type}#creneaux`;
  return documentOf(
    `${EMBED_HEADING} — ${company.name}`,
    h('h1', null, EMBED_HEADING),
    h('p', { className: 'company' }, company.name),
    h(
      'p',
      { className: 'total', 'data-total': total },
      plural(total, 'créneau ouvert', 'créneaux ouverts', 'Aucun créneau ouvert pour le moment.'),
    ),
    byType.length > 0 &&
      h(
        'ul',
        null,
        ...byType.map(({ type, count }) =>
          h(
            'li',
            { key: type, 'data-type': type },
            h(
              'span',
              null,
              h('span', { className: 'type' }, MEETING_TYPE_LABELS[type]),
              ' · ',
              h('span', { className: 'count' }, openSlots(count)),
            ),
            out(
              typeUrl(type),
              'book',
              'Réserver',
              h('span', { className: 'sr' }, ` : ${MEETING_TYPE_LABELS[type].toLowerCase()}`),
            ),
          ),
        ),
      ),
    total > 0 &&
      h(
        'p',
        { className: 'note' },
        'Les dates s’affichent, et la réservation se fait, une fois connecté en tant qu’enseignant.',
      ),
    h(
      'p',
      null,
      out(companyUrl, undefined, `Voir la page ${elide('de', company.name)} sur Passerelle Industrie`),
    ),
  );
}

/** No such company on the platform (or not shown to the public): said in the same small page. */
export function renderUnknownEmbed(publicUrl: string): string {
  return documentOf(
    'Entreprise introuvable — Passerelle Industrie',
    h('h1', null, EMBED_HEADING),
    h('p', null, 'Cette entreprise n’est pas présentée sur Passerelle Industrie.'),
    h(
      'p',
      null,
      out(`${publicUrl.replace(/\/+$/, '')}${ROUTES.searchCompanies}`, undefined, 'Voir les entreprises'),
    ),
  );
}

/** `GET /embed/company/{id}`: 200 with the page, 404 for a company the public may not see. */
export function mountCompanyEmbed(app: Hono<AppEnv>): void {
  app.get(ROUTES.embedCompany(':id'), async (c) => {
    const { deps } = c.var;
    const param = c.req.param('id') ?? '';
    const embed = /^[1-9]\d{0,14}$/.test(param) ? await companyEmbed(Number(param), deps) : null;
    if (!embed) return c.html(renderUnknownEmbed(deps.config.PUBLIC_URL), 404);
    return c.html(renderCompanyEmbed(embed, deps.config.PUBLIC_URL), 200);
  });
}
