import type { Hono, MiddlewareHandler } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { findOfTopic, latestOfTopic, type OutboxRow } from '../events/index.ts';
import { isLoopback, isRelayed } from '../http/client-address.ts';
import type { AppEnv } from '../kernel/context.ts';
import { MAIL_TOPIC, type OutgoingMail } from './outbox.ts';
import type { MailRenderer } from './registry.ts';
import type { RenderedMail } from './render.ts';

const LIST_LIMIT = 200;
const STATUS_LABELS: Record<OutboxRow['status'], string> = {
  pending: 'En attente',
  sent: 'Envoyé',
  failed: 'Échec',
};
const DATE_FORMAT = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Paris',
});
const MAIL_FILE = /^(\d+)(\.txt)?$/;

type Page = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * The outbox's e-mails as a developer reads them: `/dev/mails` lists them, `/dev/mails/:id` shows one
 * (`.txt` for its text version). Rendered from the outbox, so it works whatever the transport.
 * It shows every recipient and every link, reset links included: only the machine itself may read it. A
 * server listening on all interfaces answers others 404, as it does a proxy on this machine (its
 * connection is from loopback, but it says it relays someone). The address is the socket's, never a
 * header's. `render` is every template's renderer (server/main/mails.ts).
 */
export function mountDevMails(app: Hono<AppEnv>, render: MailRenderer): void {
  const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isLoopback(c.var.peerAddress) || isRelayed(c.req.raw)) return c.notFound();
    await next();
  };
  app.use('/dev/mails', localOnly);
  app.use('/dev/mails/*', localOnly);
  app.get('/dev/mails', async (c) => {
    const rows = await latestOfTopic(c.var.deps.db, MAIL_TOPIC, LIST_LIMIT);
    return c.html(listPage(rows, render), 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/dev/mails/:file', async (c) => {
    const [, id, txt] = MAIL_FILE.exec(c.req.param('file')) ?? [];
    const row = id ? await findOfTopic(c.var.deps.db, MAIL_TOPIC, Number(id)) : undefined;
    if (!row) return c.html(notFoundPage(), 404);
    const rendered = renderRow(row, render);
    if (!rendered) return c.text(`Modèle « ${String(row.payload.template)} » inconnu.`, 500);
    if (txt) return c.text(rendered.text, 200, { 'Cache-Control': 'no-store' });
    return c.html(withDevBanner(row, rendered), 200, { 'Cache-Control': 'no-store' });
  });
}

function renderRow(row: OutboxRow, render: MailRenderer): RenderedMail | undefined {
  try {
    return render(row.payload as unknown as OutgoingMail);
  } catch {
    return undefined;
  }
}

function layout(title: string, body: Page): Page {
  return html`<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; color: #1f2937; background: #fff; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; margin-bottom: .5rem; color: #4b5563; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #d1d5db; vertical-align: top; }
a { color: #1d4ed8; }
</style>
</head>
<body>
<main>${body}</main>
</body>
</html>`;
}

function listPage(rows: OutboxRow[], render: MailRenderer): Page {
  const items = rows.map(
    (row) => html`<tr>
<td><time datetime="${row.createdAt.toISOString()}">${DATE_FORMAT.format(row.createdAt)}</time></td>
<td>${String(row.payload.to)}</td>
<td><a href="/dev/mails/${row.id}">${renderRow(row, render)?.subject ?? `Modèle « ${String(row.payload.template)} » inconnu`}</a></td>
<td>${STATUS_LABELS[row.status]}</td>
</tr>`,
  );
  const table = html`<table>
<caption>${rows.length} e-mail${rows.length > 1 ? 's' : ''}, du plus récent au plus ancien</caption>
<thead><tr><th scope="col">Date</th><th scope="col">Destinataire</th><th scope="col">Objet</th><th scope="col">Statut</th></tr></thead>
<tbody>${items}</tbody>
</table>`;
  return layout(
    'E-mails de la plateforme (développement)',
    html`<h1>E-mails de la plateforme</h1>
<p>Page de développement : les e-mails mis dans la file d’envoi, envoyés ou non.</p>
${rows.length ? table : html`<p>Aucun e-mail pour l’instant.</p>`}`,
  );
}

function notFoundPage(): Page {
  return layout(
    'E-mail introuvable',
    html`<h1>E-mail introuvable</h1><p><a href="/dev/mails">Retour à la liste des e-mails</a></p>`,
  );
}

/** The mail as sent, with a bar on top to get back to the list or to its text version. */
async function withDevBanner(row: OutboxRow, rendered: RenderedMail): Promise<string> {
  const banner =
    await html`<nav aria-label="Outils de développement" style="padding:8px 16px;background:#fef3c7;color:#1f2937;font:14px system-ui,sans-serif">
<a href="/dev/mails" style="color:#1d4ed8">Tous les e-mails</a> ·
<a href="/dev/mails/${row.id}.txt" style="color:#1d4ed8">Version texte</a> ·
À : ${String(row.payload.to)} · Statut : ${STATUS_LABELS[row.status]}${row.lastError ? ` · Dernière erreur : ${row.lastError}` : ''}
</nav>`;
  // The main landmark is the page's, not the mail's: mail clients have their own page around a message.
  return rendered.html
    .replace(/<body[^>]*>/, (body) => `${body}${banner}<main>`)
    .replace('</body>', '</main></body>');
}
