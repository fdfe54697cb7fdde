/** How many rows an export reads at a time: big enough for speed, small enough to stream. */
export const EXPORT_BATCH = 2000;

/**
 * Reads a table in id order, a batch at a time (keyset: each batch starts after the last id read), so
 * that an export of any size holds one batch in memory.
 */
export async function* inIdOrder<Row extends { id: number }>(
  fetch: (afterId: number, limit: number) => Promise<Row[]>,
  limit = EXPORT_BATCH,
): AsyncGenerator<Row[]> {
  let afterId = 0;
  for (;;) {
    const rows = await fetch(afterId, limit);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < limit) return;
    afterId = rows[rows.length - 1]?.id ?? afterId;
  }
}
