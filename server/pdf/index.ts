export type { PdfBlock, PdfDocumentInput, PdfSheet } from '../kernel/ports/pdf.ts';
export { renderPdf } from './render.ts';
