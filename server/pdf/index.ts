export { type PdfBlock, type PdfDocumentInput, type PdfSheet, renderPdf } from './render.ts';
