import type { Context } from 'hono';

/**
 * A generated PDF as the browser opens it: inline, under its file name, never sniffed as something else
 * and never kept by a shared cache (each is made for its reader on each request).
 */
export function pdfResponse(c: Context, pdf: { bytes: Uint8Array<ArrayBuffer>; fileName: string }): Response {
  return c.body(pdf.bytes, 200, {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.bytes.byteLength),
    'Content-Disposition': `inline; filename="${pdf.fileName}"`,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
}
