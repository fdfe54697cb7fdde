import type { Hono } from 'hono';
import { isMeetingDocumentKind } from '../../common/meeting-documents.ts';
import { pdfResponse } from '../http/pdf.ts';
import type { AppEnv } from '../kernel/context.ts';
import { meetingDocumentPdf } from './class-out.ts';

const NOT_FOUND_TEXT = "Ce document n'existe pas ou n'est plus disponible.";

/**
 * `GET /meetings/{id}/{fiche-de-sortie|autorisation-parentale|billet|attestation}.pdf`: a meeting's document
 * for its teacher or its company's recruiters (session cookie); anyone else, a visitor included, and a
 * document the meeting does not have get the same 404. Made on each request: never kept by a shared cache.
 */
export function mountMeetingDocumentRoutes(app: Hono<AppEnv>): void {
  app.get('/meetings/:id{[0-9]{1,15}}/:file{[a-z-]+\\.pdf}', async (c) => {
    const kind = c.req.param('file').slice(0, -'.pdf'.length);
    if (!isMeetingDocumentKind(kind)) return c.text(NOT_FOUND_TEXT, 404);
    const found = await meetingDocumentPdf(c.var.viewer, Number(c.req.param('id')), kind, c.var.deps);
    if (!found) return c.text(NOT_FOUND_TEXT, 404);
    return pdfResponse(c, found);
  });
}
