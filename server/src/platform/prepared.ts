// Named pg prepared statements for hot-path SQL, behind the same store functions: Knex's query building
// costs more per call than the query itself on the hottest paths, and a named statement is also parsed and planned
// by PostgreSQL once per connection instead of on every call. Write `text` with $1…$n, each used once, in order.
// Inside a Knex transaction, or behind a pooler in transaction mode (db.ts DbTraits), the statement runs unnamed.
import type { Knex } from "knex";
import { traitsOf } from "./db.ts";

interface PgClient {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

export interface Prepared<R> {
  run(db: Knex, values: unknown[]): Promise<R[]>;
}

export function prepare<R>(name: string, text: string): Prepared<R> {
  const positional = text.replace(/\$\d+/g, "?");
  return {
    async run(db, values) {
      if (db.isTransaction || !traitsOf(db).namedStatements)
        return (await db.raw<{ rows: R[] }>(positional, values as Knex.RawBinding[])).rows;
      const client = db.client as { acquireConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<void> };
      const conn = await client.acquireConnection();
      try {
        return (await conn.query({ name, text, values })).rows as R[];
      } finally {
        // Knex hands the connection back to its pool at once and answers a resolved promise: not awaited, as
        // that would only cost a turn of the microtask queue.
        void client.releaseConnection(conn);
      }
    },
  };
}
