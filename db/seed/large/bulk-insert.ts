/** Multi-row INSERTs on a transaction, and the ids to continue from. */
import type { InArgs, InValue, Transaction } from '@libsql/client';

const ROWS_PER_STATEMENT = 500;

/**
 * Buffers rows and writes them as multi-row INSERTs on the transaction. A table whose rows reference
 * another's flushes that one first, so foreign keys hold at every statement.
 */
export class BulkInsert {
  readonly #tx: Transaction;
  readonly #head: string;
  readonly #placeholders: string;
  readonly #references: BulkInsert | undefined;
  #rows: InValue[][] = [];

  constructor(tx: Transaction, table: string, columns: readonly string[], references?: BulkInsert) {
    this.#tx = tx;
    this.#head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
    this.#placeholders = `(${columns.map(() => '?').join(', ')})`;
    this.#references = references;
  }

  async add(row: InValue[]): Promise<void> {
    this.#rows.push(row);
    if (this.#rows.length >= ROWS_PER_STATEMENT) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#rows.length === 0) return;
    await this.#references?.flush();
    const rows = this.#rows;
    this.#rows = [];
    const args: InArgs = rows.flat();
    await this.#tx.execute({ sql: this.#head + rows.map(() => this.#placeholders).join(', '), args });
  }
}

export async function maxId(tx: Transaction, table: string): Promise<number> {
  const result = await tx.execute(`SELECT coalesce(max(id), 0) AS id FROM ${table}`);
  return Number(result.rows[0]?.id ?? 0);
}
