import type { Hono } from 'hono';
import type { AppEnv } from '../kernel/context.ts';
import { attachmentDisposition } from './file-names.ts';
import { readCompanyPicture } from './pictures.ts';
import { readDocument } from './read.ts';

const NOT_FOUND_TEXT = 'Ce document n’existe pas ou n’est plus disponible.';

/**
 * `GET /documents/{id}/{fileName}`: the file, always as an attachment and never sniffed, so that a file
 * is saved rather than shown in the site's origin. Cached by the browser only: who may read it depends on
 * the session.
 * `GET /pictures/{id}.jpg`: a company's picture, shown inline. A new picture gets a new id, so the answer
 * never changes: a validated company's is cached by anyone for a year; any other only by the browser.
 */
export function mountDocumentRoutes(app: Hono<AppEnv>): void {
  app.get('/documents/:id{[0-9]{1,15}}/:fileName', async (c) => {
    const found = await readDocument(
      c.var.viewer,
      { id: Number(c.req.param('id')), fileName: c.req.param('fileName') },
      c.var.deps,
    );
    if (!found) return c.text(NOT_FOUND_TEXT, 404);
    const { document, stored } = found;
    return c.body(stored.body, 200, {
      'Content-Type': document.mimeType,
      'Content-Length': String(stored.size),
      'Content-Disposition': attachmentDisposition(document.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=3600',
    });
  });
  app.get('/pictures/:file{[0-9]{1,15}\\.jpg}', async (c) => {
    const id = Number(c.req.param('file').slice(0, -'.jpg'.length));
    const found = await readCompanyPicture(c.var.viewer, { id }, c.var.deps);
    if (!found) return c.text('Cette image n’existe pas ou n’est plus disponible.', 404);
    const { stored, shared } = found;
    return c.body(stored.body, 200, {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(stored.size),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': shared ? 'public, max-age=31536000, immutable' : 'private, max-age=3600',
    });
  });
}
