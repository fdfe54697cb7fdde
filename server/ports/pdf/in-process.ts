import type { PdfRenderer } from '../../kernel/ports/pdf.ts';

/**
 * On Node the documents are drawn in the process: pdf-lib is imported on the first one, so that nothing
 * else pays for it. The Worker build replaces this file (vite.config.ts): there, a Worker of its own draws
 * them (./service-binding.ts).
 */
export const inProcessPdf: PdfRenderer = {
  async render(input) {
    const { renderPdf } = await import('../../pdf/index.ts');
    return renderPdf(input);
  },
};
