import type { PdfRenderer } from '../../kernel/ports/pdf.ts';

/**
 * Stands in for ./in-process.ts in the Worker build (vite.config.ts): pdf-lib stays out of the Worker that
 * serves the pages (decision 0066). Its documents are drawn by the `passerelle-documents` Worker through the
 * PDF service binding; without that binding a document cannot be made.
 */
export const inProcessPdf: PdfRenderer = {
  async render() {
    throw new Error('No PDF binding (wrangler.toml): the documents Worker draws the PDFs on Workers');
  },
};
