// Every row of every table of a database as text, read through a connection: what a data-only dump would show,
// without a `pg_dump` whose major version must match the server's (a laptop may have another one, or none).
import type { Knex } from "knex";

/** One line per row (`(col1,col2,…)`, PostgreSQL's text form of a row: bytea as hex, as pg_dump writes it). */
export async function dumpRows(db: Knex): Promise<string> {
  const tables = await db.raw<{ rows: { schema: string; name: string }[] }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const parts: string[] = [];
  for (const { schema, name } of tables.rows) {
    const { rows } = await db.raw<{ rows: { row: string }[] }>("select t::text as row from ??.?? t", [schema, name]);
    parts.push(`-- ${schema}.${name}`, ...rows.map((r) => r.row));
  }
  return parts.join("\n");
}
