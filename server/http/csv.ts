/**
 * CSV files as French spreadsheet software opens them right: UTF-8 with a byte order mark, `;` between
 * fields, CRLF between lines, fields quoted when they hold a separator, a quote or a line break.
 * Written while the rows come (a ReadableStream), so that a large export never sits whole in memory.
 */
const BOM = '\uFEFF';

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  // A text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written as text (OWASP).
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (fields: readonly (string | number | boolean | null | undefined)[]) =>
  `${fields.map(csvField).join(';')}\r\n`;

/** A streamed CSV download: its header, then each batch of rows as the source yields them. */
export function csvResponse(
  fileName: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly (string | number | boolean | null | undefined)[])[]>,
): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + line(header)));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map(line).join('')));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
