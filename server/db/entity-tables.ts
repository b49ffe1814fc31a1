// Drizzle tables derived from the model definitions (src/entities): the common record fields (docs/domain/fields.md,
// "Common record fields"), one column per field by kind, indexes for scoping, sorting, trigram search, lists of
// references (GIN) and unique fields. drizzle-kit reads this file too.
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import type { BuildColumns, HasDefault, NotNull } from 'drizzle-orm';
import { entities, type EntityName } from '../../src/entities/registry';
import { ownerColumn, type AnyEntity } from '../../src/entities/define';
import { NUMERIC_PRECISION, type Field, type FieldKind } from '../../src/entities/fields';
import { settingsGroups, users } from './schema';

const num = (kind: keyof typeof NUMERIC_PRECISION) => (name: string) =>
  numeric(name, { precision: NUMERIC_PRECISION[kind][0], scale: NUMERIC_PRECISION[kind][1] });

export const columnBuilders = {
  text: (n) => text(n),
  long_text: (n) => text(n),
  email: (n) => text(n),
  phone: (n) => text(n),
  int: (n) => integer(n),
  decimal: num('decimal'),
  money: num('money'),
  area: num('area'),
  percent: num('percent'),
  geo: num('geo'),
  bool: (n) => boolean(n),
  date: (n) => date(n, { mode: 'string' }),
  datetime: (n) => timestamp(n, { withTimezone: true, mode: 'date' }),
  enum: (n) => text(n),
  ref: (n) => uuid(n),
  // a list of references is never null: an empty array when none (docs/decisions.md, "refs as uuid arrays")
  refs: (n) =>
    uuid(n)
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  // several options, as a JSON list (only attributes have them: docs/domain/attributes.md)
  enums: (n) => jsonb(n),
  json: (n) => jsonb(n),
} satisfies { [K in FieldKind]: (name: string) => PgColumnBuilderBase };

/** The lower-cased text that substring search runs on (a trigram index covers it). */
export function searchExpression(entity: AnyEntity): SQL | null {
  const cols = Object.entries(entity.fields).filter(([, fl]) => fl.searchable && !fl.computed);
  if (cols.length === 0) return null;
  return sql.raw(`lower(${cols.map(([n]) => `coalesce("${n}", '')`).join(` || ' ' || `)})`);
}

/** The common record fields (docs/domain/fields.md, "Common record fields"), new builders for each table. */
const commonColumns = () => ({
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  settings_group_uuid: uuid('settings_group_uuid')
    .notNull()
    .references(() => settingsGroups.uuid, { onDelete: 'cascade' }),
  attributes: jsonb('attributes').notNull().default({}),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  archived_at: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  archived_by: integer('archived_by').references(() => users.id, { onDelete: 'set null' }),
  deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  deleted_by: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  /** The access rules whose filters match the record, kept by a trigger (docs/domain/permissions.md, "Access rules");
   * null when none does. Never part of a reply. */
  access_rule_uuids: uuid('access_rule_uuids').array(),
});
const searchColumn = (search: SQL) => text('search_text').generatedAlwaysAs(search);

// The types of a model's table, read off its definition (the field constructors keep `kind`, `required`,
// `computed`, `default` and `searchable` as literal types): what `tableFor` below builds, column for column.
type FieldColumn<Fl extends Field> = Fl extends { serial: true }
  ? ReturnType<typeof serial>
  : WithDefault<Fl, NotNullIf<Fl, ReturnType<(typeof columnBuilders)[Fl['kind']]>>>;
type NotNullIf<Fl, B extends PgColumnBuilderBase> = Fl extends { required: true }
  ? Fl extends { computed: true }
    ? B
    : NotNull<B>
  : B;
type WithDefault<Fl, B extends PgColumnBuilderBase> = Fl extends { default: infer D }
  ? [D] extends [undefined]
    ? B
    : HasDefault<B>
  : B;
type Searchable<F> = {
  [K in keyof F]: F[K] extends { searchable: true } ? (F[K] extends { computed: true } ? never : K) : never;
}[keyof F];
type SearchColumns<F> = [Searchable<F>] extends [never]
  ? Record<never, never>
  : { search_text: ReturnType<typeof searchColumn> };
/** The settings group column of a global model's table: null (src/entities/define.ts, `Scope`). */
const noGroupColumn = () =>
  uuid('settings_group_uuid').references(() => settingsGroups.uuid, {
    onDelete: 'cascade',
  });
type CommonOf<E extends AnyEntity> = E extends { scope: 'global' }
  ? Omit<ReturnType<typeof commonColumns>, 'settings_group_uuid'> & {
      settings_group_uuid: ReturnType<typeof noGroupColumn>;
    }
  : ReturnType<typeof commonColumns>;
type ColumnsOf<E extends AnyEntity, F extends Record<string, Field> = E['fields']> = CommonOf<E> & {
  [K in keyof F & string as F[K] extends { virtual: true } ? never : K]: FieldColumn<F[K]>;
} & SearchColumns<F>;
/** A model's table with its column types: `EntityTable<typeof entities.task>`. */
export type EntityTable<E extends AnyEntity> = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: BuildColumns<string, { [K in keyof ColumnsOf<E>]: ColumnsOf<E>[K] }, 'pg'>;
  dialect: 'pg';
}>;
function tableFor<E extends AnyEntity>(entity: E): EntityTable<E> {
  const columns: Record<string, PgColumnBuilderBase> = commonColumns();
  // a global model belongs to no settings group (src/entities/define.ts, `Scope`)
  if (entity.scope === 'global') columns.settings_group_uuid = noGroupColumn();
  // a user's own rows: the owning user, set by the engine on create (never a field, never in a reply)
  const owner = ownerColumn(entity);
  if (owner)
    columns[owner] = integer(owner)
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' });
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.virtual) continue; // computed in SQL on read (selection in server/crud/table.ts)
    type Builder = PgColumnBuilderBase & { notNull(): Builder; default(v: unknown): Builder };
    // a number the database gives each new record (`serial`, src/entities/fields.ts)
    let col = (field.kind === 'int' && field.serial
      ? serial(name)
      : columnBuilders[field.kind](name)) as unknown as Builder;
    if (field.required && !field.computed) col = col.notNull();
    if ('default' in field && field.default !== undefined) col = col.default(field.default);
    columns[name] = col;
  }
  const search = searchExpression(entity);
  if (search) columns.search_text = searchColumn(search);
  // Built from the definition at run time, so typed by EntityTable (the same columns, derived at the type level).
  const table = pgTable(entity.table, columns, (t) => {
    const all = t as unknown as Record<string, AnyPgColumn>;
    const c = (name: string) => all[name]!;
    const idx = [index(`${entity.table}_scope_idx`).on(c('settings_group_uuid'), c('deleted_at'))];
    if (entity.scope === 'property') idx.push(index(`${entity.table}_property_idx`).on(c('property_uuid')));
    if (owner) idx.push(index(`${entity.table}_owner_idx`).on(c(owner)));
    if (entity.tree) idx.push(index(`${entity.table}_parent_idx`).on(c(entity.tree.parentField)));
    if (entity.defaultSort)
      idx.push(index(`${entity.table}_sort_idx`).on(c('settings_group_uuid'), c(entity.defaultSort.field), c('uuid')));
    for (const [name, field] of Object.entries(entity.fields)) {
      // a list of references is filtered by "contains any" (&&), which a GIN index on the array answers
      if (field.kind === 'refs') idx.push(index(`${entity.table}_${name}_idx`).using('gin', c(name)));
      // a unique field is looked up by value in its settings group on every write that sets it (crud/checks.ts),
      // unless the sort index starts with the same columns
      else if (field.unique && !field.virtual && entity.defaultSort?.field !== name)
        idx.push(index(`${entity.table}_${name}_unique_idx`).on(c('settings_group_uuid'), c(name)));
    }
    for (const cols of entity.indexes ?? [])
      idx.push(index(`${entity.table}_${cols.join('_')}_idx`).on(c(cols[0]!), ...cols.slice(1).map(c)));
    if (search) idx.push(index(`${entity.table}_search_idx`).using('gin', sql`${c('search_text')} gin_trgm_ops`));
    return idx;
  });
  // A writable datetime (a reading's measured_at) arrives as the API's ISO string (with its offset), which the
  // column passes on as it is; a Date still goes as its ISO text.
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind !== 'datetime' || field.virtual) continue; // a virtual one has no column
    const column = (table as unknown as Record<string, { mapToDriverValue(v: unknown): unknown }>)[name]!;
    const toDriver = column.mapToDriverValue.bind(column);
    column.mapToDriverValue = (v) => (typeof v === 'string' ? v : toDriver(v));
  }
  return table as unknown as EntityTable<E>;
}

/** One table per model of the registry (src/entities/registry.ts), by model name: nothing to add here by hand. */
const tables = Object.fromEntries(
  Object.entries(entities).map(([name, entity]) => [name, tableFor(entity as AnyEntity)]),
) as unknown as {
  [K in EntityName]: EntityTable<(typeof entities)[K]>;
};
/** The tables by model name, for the generic engine (the model is known at run time only: any model's table). */
export const entityTables: Record<string, (typeof tables)[EntityName]> = tables;

// drizzle-kit finds the tables among this file's named exports (drizzle.config.ts), and services import them by
// name: a new model adds its name here (the one edit per model in this file).
export const {
  property,
  partition,
  area,
  facility,
  contact,
  tenancy,
  unit,
  cost_group: costGroup,
  renewal_group: renewalGroup,
  component_type: componentType,
  property_group: propertyGroup,
  construction_cost_index: constructionCostIndex,
  tax,
  article,
  material,
  discount,
  service_rate: serviceRate,
  task,
  task_event: taskEvent,
  ticket,
  ticket_comment: ticketComment,
  order,
  order_line: orderLine,
  contract,
  document,
  guarantee,
  counter,
  measurement,
  budget,
  bill,
  expense,
  user_group: userGroups,
  permission_group: permissionGroups,
  filter_group: filterGroups,
  filter: filters,
  access_rule: accessRules,
  network,
  webhook: webhooks,
  grid_view: gridViews,
  favorite: favorites,
  delegation: delegations,
  scheduled_export: scheduledExports,
  license,
  system_notification: systemNotification,
  support_request: supportRequests,
  email_template: emailTemplates,
  account_email_template: accountEmailTemplates,
  attribute: attributes,
  record_template: recordTemplates,
} = tables;
