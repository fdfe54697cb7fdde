import type { Context, Hono } from 'hono';
import { isMeetingDocumentKind, NO_PRINT_DETAILS, printDetailsOf } from '../../common/meeting-documents.ts';
import { pdfResponse } from '../http/pdf.ts';
import type { AppEnv } from '../kernel/context.ts';
import { meetingDocumentPdf } from './class-out.ts';

const NOT_FOUND_TEXT = 'Ce document n’existe pas ou n’est plus disponible.';

const PATH = '/meetings/:id{[0-9]{1,15}}/:file{[a-z-]+\\.pdf}';

/**
 * `GET /meetings/{id}/{fiche-de-sortie|autorisation-parentale|billet|attestation}.pdf`: a meeting's document
 * for its teacher or its company's recruiters (session cookie); anyone else, a visitor included, and a
 * document the meeting does not have get the same 404. Made on each request: never kept by a shared cache.
 * `POST` the same, with what the teacher typed on the document's page (departure and return times, the
 * pupils' names: docs/decisions/0081) in the body, never in the address: nothing keeps it, the logs neither.
 * A post comes from this site's own page (its Origin), as every form post.
 */
export function mountMeetingDocumentRoutes(app: Hono<AppEnv>): void {
  app.get(PATH, (c) => documentPdf(c, false));
  app.post(PATH, async (c) => {
    const origin = c.req.header('origin');
    if (!origin || origin !== new URL(c.var.deps.config.PUBLIC_URL).origin) return c.text('Forbidden', 403);
    return documentPdf(c, true);
  });
}

async function documentPdf(c: Context<AppEnv>, posted: boolean): Promise<Response> {
  const kind = c.req.param('file')?.slice(0, -'.pdf'.length) ?? '';
  if (!isMeetingDocumentKind(kind)) return c.text(NOT_FOUND_TEXT, 404);
  const print = posted ? printDetailsOf(await formFields(c)) : NO_PRINT_DETAILS;
  const found = await meetingDocumentPdf(c.var.viewer, Number(c.req.param('id')), kind, c.var.deps, print);
  if (!found) return c.text(NOT_FOUND_TEXT, 404);
  return pdfResponse(c, found);
}

/** The posted form's text fields; a body that is not a form is none. */
async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
