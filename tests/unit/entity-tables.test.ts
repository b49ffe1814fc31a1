// The SQL tables derived from the models: every model's table is a named export of server/db/entity-tables.ts,
// where drizzle-kit looks for tables (a model left out there would read as a dropped table to `npm run
// db:generate`), and its name is the model's plural with `_` for `-`.
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/entities/registry';
import * as tablesModule from '../../server/db/entity-tables';

describe('entity tables', () => {
  it('export one table per model, named after its plural', () => {
    const exported = new Set(Object.values(tablesModule).filter((value) => is(value, PgTable)));
    const missing = entityList.filter((entity) => !exported.has(tablesModule.entityTables[entity.name]!));
    expect(missing.map((entity) => entity.name)).toEqual([]);
    expect(exported.size).toBe(entityList.length);
    for (const entity of entityList) {
      expect(entity.table).toBe(entity.plural.replaceAll('-', '_'));
      expect(getTableName(tablesModule.entityTables[entity.name]!)).toBe(entity.table);
    }
  });
});
