// The deadline calendar (docs/planning-api.md, "Calendar"): task events, ticket and order due dates, the record dates
// of src/domain/calendar-kinds.ts and the dates of the settings groups' calendar date attributes (one select per
// kind, bounded by the period) in one query over the caller's settings groups and the selected context, ordered by
// date and capped (meta.truncated).
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { may, type Access } from '../crud/access';
import { col, rowsOf, scopeCondition, tableOf } from '../crud/table';
import { attributeDefs } from '../models/attribute';
import { entityByName } from '../../src/entities/registry';
import { contextColumn } from '../../src/entities/list-rules';
import { ATTRIBUTE_MODELS, byAttributeOrder, type AttributeDef } from '../../src/domain/attributes';
import { isOverdue } from '../../src/domain/overdue';
import { isClosed } from '../../src/domain/transitions';
import {
  CALENDAR_KINDS,
  DATE_KIND_NAMES,
  DATE_KINDS,
  attributeKind,
  isCalendarAttribute,
  isDateKind,
  type CalendarKind,
  type DateKindName,
  type StaticKind,
} from '../../src/domain/calendar-kinds';

export { CALENDAR_KINDS, type CalendarKind };
/** Items per reply; a month of a large portfolio stays below it, a year may not (then meta.truncated). */
export const CALENDAR_LIMIT = 5000;

export interface CalendarQuery {
  from?: string | undefined;
  to?: string | undefined;
  kinds?: CalendarKind[] | undefined;
  settings_group_uuid?: string | undefined;
  property_uuids?: string[] | undefined;
}

interface ItemRow {
  kind: CalendarKind;
  uuid: string;
  title: string;
  date: string | null;
  status: string;
  property_uuid: string | null;
  task_uuid: string | null;
  owner_uuid: string | null;
  series: boolean;
  settings_group_uuid: string;
  updated_at: Date | string;
}

const PLURAL: Record<StaticKind, string> = {
  task_event: 'task-events',
  ticket: 'tickets',
  order: 'orders',
  ...(Object.fromEntries(DATE_KIND_NAMES.map((k) => [k, DATE_KINDS[k].plural])) as Record<DateKindName, string>),
};
/** A record date's title and status by model (`r` is the record); models without a status answer ''. */
const TITLE: Record<string, string> = {
  contract: 'r.title',
  guarantee: 'r.title',
  counter: "concat_ws(' ', r.counter_id, r.name)",
  document: 'r.title',
  facility: 'r.name',
  bill: 'r.title',
  tenancy: `coalesce((select p.name from partitions p where p.uuid = r.partition_uuid), '') || coalesce(' – ' || (select
    case when c.kind = 'organisation' then c.organisation else concat_ws(' ', c.first_name, c.last_name) end
    from contacts c where c.uuid = r.contact_uuid), '')`,
};
const STATUS: Record<string, string> = { document: "''" };
/** A date attribute's title where the model's title field alone says less than its list does (a ticket's number). */
const ATTRIBUTE_TITLE: Record<string, string> = { ticket: "coalesce(r.number || ' ', '') || r.subject" };
const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}::uuid`),
    sql`, `,
  );

/** The groups a query reaches: the caller's, narrowed to the selected settings group. */
export const groupsOf = (access: Access, sg?: string) => (sg ? access.groups.filter((g) => g === sg) : access.groups);

/**
 * The calendar date attributes of `groups` (live, type date, `calendar` on), by kind, in the attributes' order: the
 * kinds beside the static ones (docs/domain/attributes.md, "In the deadline calendar").
 */
export async function calendarAttributes(db: Db, groups: readonly string[]): Promise<Map<CalendarKind, AttributeDef>> {
  const defs = (await attributeDefs(db, groups, ATTRIBUTE_MODELS)).filter(isCalendarAttribute).sort(byAttributeOrder);
  return new Map(defs.map((d) => [attributeKind(String(d.uuid)), d]));
}

/** A date attribute's dates: the records of its settings group holding a day of the period under its key. */
function attributeSelect(
  kind: CalendarKind,
  def: AttributeDef,
  q: CalendarQuery,
  scope: (alias: string, model: string) => SQL,
): SQL | null {
  const entity = entityByName(def.model);
  if (!entity) return null;
  const field = (name: string) => (Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined);
  const titleField = field(entity.titleField);
  const title =
    ATTRIBUTE_TITLE[def.model] ?? (titleField && !titleField.virtual ? `r.${entity.titleField}::text` : "''");
  const status = field('status') && !field('status')!.virtual ? 'r.status' : "''";
  const place = contextColumn(entity, 'property');
  const property = place ? sql.raw(`r.${place}`) : sql`null::uuid`;
  const props =
    place && q.property_uuids?.length ? sql`and ${sql.raw(`r.${place}`)} in (${list(q.property_uuids)})` : sql``;
  // a value is a day (YYYY-MM-DD) once checked; one a former attribute of the key left behind is passed over
  const value = sql`(r.attributes ->> ${def.key})`;
  return sql`select ${kind}::text as kind, r.uuid, coalesce(${sql.raw(title)}, '') as title, ${value} as date,
    ${sql.raw(status)}::text as status, ${property} as property_uuid, null::uuid as task_uuid, null::uuid as owner_uuid,
    false as series, r.settings_group_uuid, r.updated_at
    from ${sql.raw(entity.table)} r where ${scope('r', def.model)}
    and r.settings_group_uuid = ${String(def.settings_group_uuid)}::uuid
    and jsonb_typeof(r.attributes -> ${def.key}) = 'string' and ${value} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
    and ${value} >= ${q.from} and ${value} <= ${q.to} ${props}`;
}

function parts(
  access: Access,
  groups: string[],
  q: CalendarQuery,
  dated: boolean,
  attributes: ReadonlyMap<CalendarKind, AttributeDef>,
) {
  const kinds = new Set<CalendarKind>(q.kinds?.length ? q.kinds : [...CALENDAR_KINDS, ...attributes.keys()]);
  const props = (alias: string) =>
    q.property_uuids?.length ? sql`and ${sql.raw(alias)}.property_uuid in (${list(q.property_uuids)})` : sql``;
  const when = (alias: string) =>
    dated
      ? sql`and ${sql.raw(alias)}.due_date >= ${q.from}::date and ${sql.raw(alias)}.due_date <= ${q.to}::date`
      : sql`and ${sql.raw(alias)}.due_date is null and ${sql.raw(alias)}.status not in ('done', 'confirmed', 'cancelled', 'refused')`;
  // the model's scope (view rights, access rules, restricted access: docs/domain/permissions.md) as a semi-join
  const scope = (alias: string, model: string) => {
    const entity = entityByName(model)!;
    return sql`${sql.raw(alias)}.settings_group_uuid in (${list(groups)}) and ${sql.raw(alias)}.deleted_at is null
        and ${sql.raw(alias)}.archived_at is null and ${sql.raw(alias)}.uuid in (select ${col(entity, 'uuid')}
        from ${tableOf(entity)} where ${scopeCondition(entity, access)})`;
  };
  const out: SQL[] = [];
  if (kinds.has('task_event') && dated)
    out.push(sql`select 'task_event' as kind, e.uuid, t.title, e.due_date::text as date, e.status, e.property_uuid,
      e.task_uuid, null::uuid as owner_uuid, t.repeat_type <> 'singular' as series, e.settings_group_uuid, e.updated_at
      from task_events e join tasks t on t.uuid = e.task_uuid
      where ${scope('e', 'task_event')} and t.deleted_at is null ${when('e')} ${props('e')}`);
  if (kinds.has('ticket'))
    out.push(sql`select 'ticket' as kind, k.uuid, coalesce(k.number || ' ', '') || k.subject as title, k.due_date::text as date,
      k.status, k.property_uuid, null::uuid as task_uuid, null::uuid as owner_uuid, false as series, k.settings_group_uuid, k.updated_at
      from tickets k where ${scope('k', 'ticket')} ${when('k')} ${props('k')}`);
  if (kinds.has('order'))
    out.push(sql`select 'order' as kind, o.uuid, o.title, o.due_date::text as date, o.status, o.property_uuid,
      null::uuid as task_uuid, null::uuid as owner_uuid, false as series, o.settings_group_uuid, o.updated_at
      from orders o where ${scope('o', 'order')} ${when('o')} ${props('o')}`);
  // record dates: only dated (the undated tray is for tickets and orders), one select each, bounded by the period
  if (dated)
    for (const name of DATE_KIND_NAMES) {
      if (!kinds.has(name)) continue;
      const k = DATE_KINDS[name];
      const column = sql.raw(`r.${k.field}`);
      const owner = 'opens' in k ? sql.raw(`r.${k.opens}`) : sql`null::uuid`;
      const states =
        'states' in k
          ? sql`and r.status in (${sql.join(
              k.states.map((v) => sql`${v}`),
              sql`, `,
            )})`
          : sql``;
      out.push(sql`select ${name}::text as kind, r.uuid, ${sql.raw(TITLE[k.model]!)} as title, ${column}::text as date,
        ${sql.raw(STATUS[k.model] ?? 'r.status')}::text as status, r.property_uuid, null::uuid as task_uuid,
        ${owner} as owner_uuid, false as series, r.settings_group_uuid, r.updated_at
        from ${sql.raw(k.plural.replaceAll('-', '_'))} r where ${scope('r', k.model)}
        and ${column} >= ${q.from}::date and ${column} <= ${q.to}::date ${states} ${props('r')}`);
    }
  // the settings groups' calendar date attributes, each a kind of its own; a kind asked for that is none (an
  // attribute archived meanwhile, or of a settings group out of reach) has no entries
  if (dated)
    for (const [kind, def] of attributes) {
      if (!kinds.has(kind)) continue;
      const select = attributeSelect(kind, def, q, scope);
      if (select) out.push(select);
    }
  return out;
}

export async function calendarItems(
  ctx: AppContext,
  access: Access,
  q: CalendarQuery,
  dated = true,
  limit = CALENDAR_LIMIT,
) {
  const groups = groupsOf(access, q.settings_group_uuid);
  const attributes = dated && groups.length ? await calendarAttributes(ctx.db, groups) : new Map();
  const selects = parts(access, groups, q, dated, attributes);
  if (!groups.length || !selects.length) return { data: [], meta: { truncated: false, limit } };
  const res = await ctx.db.execute(
    sql`select * from (${sql.join(selects, sql` union all `)}) x order by x.date nulls last, x.kind, x.uuid limit ${limit + 1}`,
  );
  const rows = rowsOf<ItemRow>(res);
  const today = access.today ?? new Date().toISOString().slice(0, 10);
  const data = rows.slice(0, limit).map((r) => {
    const attribute = attributes.get(r.kind);
    if (attribute) return attributeItem(access, r, attribute);
    const kind = r.kind as StaticKind;
    const self = `/api/v1/${PLURAL[kind]}/${r.uuid}`;
    const links: Record<string, string> = { self };
    const record = isDateKind(kind) ? DATE_KINDS[kind] : null;
    const open = record ? record.movable : kind === 'task_event' ? r.status === 'open' : !isClosed(r.status);
    if (open && may(access, r.settings_group_uuid, 'update', record?.model ?? kind))
      links.reschedule = kind === 'task_event' ? `${self}/reschedule` : self;
    return {
      id: `${r.kind}:${r.uuid}`,
      kind: r.kind,
      uuid: r.uuid,
      title: r.title,
      date: r.date,
      status: r.status,
      // record dates are never overdue, except due dates (a bill's, docs/planning-api.md "Calendar")
      overdue:
        (!record || ('due' in record && record.due)) &&
        isOverdue(record?.model ?? kind, { due_date: r.date, status: r.status }, today),
      property_uuid: r.property_uuid,
      ...(r.task_uuid ? { task_uuid: r.task_uuid } : {}),
      ...(record ? { field: record.field } : {}),
      ...(r.owner_uuid ? { owner_uuid: r.owner_uuid } : {}),
      ...(record && 'lockedReason' in record ? { locked_reason: record.lockedReason } : {}),
      series: r.series,
      updated_at: new Date(r.updated_at).toISOString(),
      links,
    };
  });
  return { data, meta: { truncated: rows.length > limit, limit } };
}

/**
 * A date attribute's entry: movable like a built-in date (a PATCH of `attributes: {<key>: day}` with If-Match, which
 * merges into the record's attributes) by whoever may update the model, never overdue; `model` and `field` tell the
 * client where the move goes.
 */
function attributeItem(access: Access, r: ItemRow, def: AttributeDef) {
  const entity = entityByName(def.model)!;
  const self = `/api/v1/${entity.plural}/${r.uuid}`;
  const links: Record<string, string> = { self };
  if (may(access, r.settings_group_uuid, 'update', def.model)) links.reschedule = self;
  return {
    id: `${r.kind}:${r.uuid}`,
    kind: r.kind,
    uuid: r.uuid,
    title: r.title,
    date: r.date,
    status: r.status,
    overdue: false,
    property_uuid: r.property_uuid,
    model: def.model,
    field: `attributes.${def.key}`,
    series: false,
    updated_at: new Date(r.updated_at).toISOString(),
    links,
  };
}
