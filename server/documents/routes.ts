import type { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { findCompanyById } from '../companies/index.ts';
import type { AppEnv, Viewer } from '../http/context.ts';
import { attachmentDisposition } from './file-names.ts';
import { findVisitDocument } from './visit-documents.ts';

const NOT_FOUND_TEXT = "Ce document n'existe pas ou n'est plus disponible.";

/**
 * Who may download a company's visit document: anyone while the company is validated (its page is
 * public), and otherwise only its own recruiters and the admins, who see the company anyway.
 */
async function mayRead(db: Db, viewer: Viewer | null, companyId: number): Promise<boolean> {
  if (viewer?.kind === 'admin' || (viewer?.kind === 'recruiter' && viewer.companyId === companyId))
    return true;
  const company = await findCompanyById(db, companyId);
  return company?.status === 'validated';
}

/**
 * `GET /documents/{id}/{fileName}`: the file, always as an attachment and never sniffed, so that a file
 * is saved rather than shown in the site's origin. The name must be the document's own (a link to a
 * renamed or other document is a 404). Cached by the browser only: who may read it depends on the session.
 */
export function mountDocumentRoutes(app: Hono<AppEnv>): void {
  app.get('/documents/:id{[0-9]{1,15}}/:fileName', async (c) => {
    const document = await findVisitDocument(c.var.deps.db, Number(c.req.param('id')));
    if (!document || document.fileName !== c.req.param('fileName')) return c.text(NOT_FOUND_TEXT, 404);
    if (!(await mayRead(c.var.deps.db, c.var.viewer, document.ownerId))) return c.text(NOT_FOUND_TEXT, 404);
    const stored = await c.var.deps.files.get(document.storageKey);
    if (!stored) {
      c.var.deps.log.error('document file missing', { requestId: c.var.requestId, id: document.id });
      return c.text(NOT_FOUND_TEXT, 404);
    }
    return c.body(stored.body, 200, {
      'Content-Type': document.mimeType,
      'Content-Length': String(stored.size),
      'Content-Disposition': attachmentDisposition(document.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=3600',
    });
  });
}
