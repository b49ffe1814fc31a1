// Many rows in one statement for the demo seed: the rows travel as one JSON parameter that PostgreSQL unpacks with
// json_to_recordset, instead of one bound parameter per value (docs/decisions.md, "Start-up": building and
// serialising tens of thousands of parameters cost more than the inserts themselves). Works on PGlite and PostgreSQL.
import { getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts `rows` into `table` in their order, as Drizzle's `insert(table).values(rows)` would: the keys are the
 * table's column keys, a key a row leaves out takes the column's default (rows are grouped by the keys they carry).
 */
export async function insertRows(db: Db, table: PgTable, rows: Record<string, unknown>[]) {
  const columns = getTableColumns(table) as Record<string, Column>;
  for (let start = 0; start < rows.length;) {
    const keys = Object.keys(rows[start]!).filter((k) => rows[start]![k] !== undefined);
    const signature = keys.join(',');
    let end = start + 1;
    while (end < rows.length && end - start < 5_000 && sameKeys(rows[end]!, signature)) end++;
    const cols = keys.map((k) => {
      const column = columns[k];
      if (!column) throw new Error(`${getTableName(table)} has no column ${k}`);
      return column;
    });
    const json = rows.slice(start, end).map((row) => {
      const out: Record<string, unknown> = {};
      cols.forEach((column, i) => {
        const value = row[keys[i]!];
        // JSON columns keep their value; every other value is what Drizzle would bind for it
        out[column.name] =
          value === null || column.getSQLType().startsWith('json') ? value : column.mapToDriverValue(value);
      });
      return out;
    });
    const names = cols.map((c) => ident(c.name)).join(', ');
    const types = cols.map((c) => `${ident(c.name)} ${c.getSQLType()}`).join(', ');
    await db.execute(
      sql`insert into ${table} (${sql.raw(names)}) select ${sql.raw(names)} from json_to_recordset(${JSON.stringify(json)}::json) as r(${sql.raw(types)})`,
    );
    start = end;
  }
}

function sameKeys(row: Record<string, unknown>, signature: string) {
  return (
    Object.keys(row)
      .filter((k) => row[k] !== undefined)
      .join(',') === signature
  );
}
