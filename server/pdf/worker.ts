import type { PdfDocumentInput } from '../kernel/ports/pdf.ts';
import { renderPdf } from './render.ts';

/**
 * The documents Worker (`wrangler.documents.toml`, decision 0066): draws a PDF from its description for the
 * platform's Worker, which reaches it through its PDF service binding only (no route, no workers.dev URL).
 * pdf-lib lives here, not in the Worker that serves every page.
 */
export default {
  async fetch(request: Request): Promise<Response> {
    if (request.method !== 'POST') return new Response('Method Not Allowed', { status: 405 });
    const input = (await request.json()) as PdfDocumentInput & { createdAt: string };
    const bytes = await renderPdf({ ...input, createdAt: new Date(input.createdAt) });
    return new Response(bytes, { headers: { 'content-type': 'application/pdf' } });
  },
};
