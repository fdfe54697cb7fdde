import { ROUTES } from './routes.ts';

/*
 * The embeddable « Nos prochaines visites » (issue 21; docs/decisions/0052): what a company copies from its
 * profile for its own website — an <iframe> of its zero-JS page, or a plain link card — and the page's
 * heading. Absolute addresses: the snippet lives on another site.
 */

export const EMBED_HEADING = 'Nos prochaines visites';

/** Text for an HTML attribute or element written as a string (the snippets are copied as code). */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface EmbedSnippets {
  /** The embeddable page, also the preview. */
  embedUrl: string;
  /** The company's page on the platform, where teachers book. */
  companyUrl: string;
  /** The <iframe> to paste. */
  iframe: string;
  /** The alternative without a frame: one plain <a>, styled inline. */
  linkCard: string;
}

/** The snippets of one company, for a site at `publicUrl` (`PUBLIC_URL`). */
export function embedSnippets(publicUrl: string, company: { id: number; name: string }): EmbedSnippets {
  const base = publicUrl.replace(/\/+$/, '');
  const embedUrl = `${base}${ROUTES.embedCompany(company.id)}`;
  const companyUrl = `${base}${ROUTES.companyDetails}?id=${company.id}`;
  const name = escapeHtml(company.name);
  const iframe = `<iframe src="${escapeHtml(embedUrl)}" title="${EMBED_HEADING} — ${name}" width="100%" height="360" style="border:0;max-width:480px" loading="lazy"></iframe>`;
  const linkCard = `<a href="${escapeHtml(companyUrl)}" target="_blank" rel="noopener" style="display:inline-block;max-width:480px;padding:16px 20px;border:1px solid #e9e7ef;border-radius:12px;background:#ffffff;color:#1b1530;font-family:system-ui,sans-serif;text-decoration:none"><strong style="display:block;color:#4b2bae;font-size:18px">${EMBED_HEADING}</strong>Réservez une visite chez ${name} sur Passerelle Industrie</a>`;
  return { embedUrl, companyUrl, iframe, linkCard };
}
