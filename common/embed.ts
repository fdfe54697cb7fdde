import { ROUTES } from './routes.ts';

/*
 * The embeddable « Nos prochaines visites » (issue 21; docs/decisions/0052): what a company copies from its
 * profile for its own website — an <iframe> of its page, or a plain link card — and the page's heading.
 * Absolute addresses: the snippet lives on another site. The frame sizes itself to its content (issue 36,
 * docs/decisions/0085): the page posts its height, the snippet's few lines set the frame's; without them
 * the frame keeps a height that holds the page on a phone.
 */

export const EMBED_HEADING = 'Nos prochaines visites';

/** The message's key the embed's height travels under, from the framed page to the host page. */
const HEIGHT_KEY = 'passerelleEmbedHeight';

/**
 * The one script of the embed's page (its CSP allows it by its hash, server/http/security.ts): it tells the
 * page that frames it how tall it is, at first and whenever that changes (a narrower frame, a larger font).
 */
export const EMBED_HEIGHT_SCRIPT = `new ResizeObserver(()=>parent.postMessage({${HEIGHT_KEY}:Math.ceil(document.documentElement.getBoundingClientRect().height)},"*")).observe(document.documentElement)`;

/** The frame's height without the host's script: the page with the three types, on a 390 px phone. */
export const EMBED_FALLBACK_HEIGHT = 560;

/**
 * The host page's side: a frame of the platform (`data-passerelle`) takes the height its own page posts,
 * and only that — the message must come from the platform's origin and from that very frame.
 */
function hostScript(origin: string): string {
  return `<script>addEventListener("message",function(e){if(e.origin!==${JSON.stringify(origin)}||!e.data||typeof e.data.${HEIGHT_KEY}!=="number")return;document.querySelectorAll("iframe[data-passerelle]").forEach(function(f){if(f.contentWindow===e.source)f.style.height=e.data.${HEIGHT_KEY}+"px"})})</script>`;
}

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
  /** The <iframe> to paste, and the script that sizes it to its content. */
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
  const iframe = `<iframe src="${escapeHtml(embedUrl)}" title="${EMBED_HEADING} — ${name}" width="100%" height="${EMBED_FALLBACK_HEIGHT}" style="border:0;max-width:480px" loading="lazy" data-passerelle></iframe>\n${hostScript(new URL(base).origin)}`;
  const linkCard = `<a href="${escapeHtml(companyUrl)}" target="_blank" rel="noopener" style="display:inline-block;max-width:480px;padding:16px 20px;border:1px solid #e9e7ef;border-radius:12px;background:#ffffff;color:#1b1530;font-family:system-ui,sans-serif;text-decoration:none"><strong style="display:block;color:#4b2bae;font-size:18px">${EMBED_HEADING}</strong>Réservez une visite chez ${name} sur Passerelle Industrie</a>`;
  return { embedUrl, companyUrl, iframe, linkCard };
}
