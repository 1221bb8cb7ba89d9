// The one way hot-path SQL runs: `prepare(name, text)` behind the store functions, everything else through Knex's
// query builder (or `db.raw` where the builder cannot say it). Building a query with Knex costs more per call than
// the query itself on the hottest paths, and a named statement is parsed and planned by PostgreSQL once per
// connection instead of on every call. Both go through Knex's public API: a raw query whose `options` give pg the
// statement's name, on Knex's own pool. Write `text` with $1…$n, each used once, in order.
// Inside a Knex transaction, or behind a pooler in transaction mode (db.ts DbTraits), the statement runs unnamed.
import type { Knex } from "knex";
import { traitsOf } from "./db.ts";

export interface Prepared<R> {
  run(db: Knex, values: unknown[]): Promise<R[]>;
}

export function prepare<R>(name: string, text: string): Prepared<R> {
  const positional = text.replace(/\$\d+/g, "?");
  return {
    async run(db, values) {
      const query = db.raw<{ rows: R[] }>(positional, values as Knex.RawBinding[]);
      const named = !db.isTransaction && traitsOf(db).namedStatements;
      return (await (named ? query.options({ name }) : query)).rows;
    },
  };
}
