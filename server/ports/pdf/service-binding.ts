import type { PdfDocumentInput, PdfRenderer } from '../../kernel/ports/pdf.ts';

/** The part of a service binding (`env.PDF`, wrangler.toml's [[services]]) the renderer uses. */
export interface ServiceBindingLike {
  fetch(input: string, init: RequestInit): Promise<Response>;
}

/**
 * The documents Worker (server/pdf/worker.ts) draws the PDF: the document's description goes as JSON, the
 * bytes come back. A service binding is a call inside Cloudflare, not a trip over the Internet.
 */
export function serviceBindingPdf(binding: ServiceBindingLike): PdfRenderer {
  return {
    async render(input: PdfDocumentInput) {
      const response = await binding.fetch('https://documents.internal/render', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      if (!response.ok) throw new Error(`the documents Worker answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
