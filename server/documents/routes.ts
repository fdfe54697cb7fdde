import type { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { attachmentDisposition } from './file-names.ts';
import { readVisitDocument } from './visit-documents.ts';

const NOT_FOUND_TEXT = "Ce document n'existe pas ou n'est plus disponible.";

/**
 * `GET /documents/{id}/{fileName}`: the file, always as an attachment and never sniffed, so that a file
 * is saved rather than shown in the site's origin. Cached by the browser only: who may read it depends on
 * the session.
 */
export function mountDocumentRoutes(app: Hono<AppEnv>): void {
  app.get('/documents/:id{[0-9]{1,15}}/:fileName', async (c) => {
    const found = await readVisitDocument(
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
}
