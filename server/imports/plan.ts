// Plans a chunk of import rows without writing: cells → API values (locale-aware, with inline fixes), the match
// against existing records (uuid or number_internal), references resolved by uuid, title or internal number inside
// the settings group (plan-refs.ts: same property, no loop in a tree), create / update / unchanged / error per row
// with field errors as the single writes give them.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Locale } from '../../src/entities/account';
import type { AnyEntity } from '../../src/entities/define';
import { createSchema, updateSchema } from '../../src/entities/schemas';
import { fromCell, type CellValue } from '../../src/domain/cells';
import { unescapeFormula } from '../../src/domain/sheet-text';
import type { DateFormatToken, ParseLocale } from '../../src/domain/parse';
import { col, tableOf } from '../crud/read';
import type { Row } from '../crud/present';
import { sameValue } from '../crud/bulk';
import { zodRowErrors, type Errors } from '../crud/row-errors';
import { translate, type MessageKey } from '../i18n/messages';
import { enumByLabel } from '../spreadsheet/labels';
import type { ImportOptions } from './import-options';
import type { SheetRow } from './reader';
import { checkUnique } from './plan-unique';
import { checkRefProperty, checkTreeMoves, resolveRefs } from './plan-refs';

export type Action = 'create' | 'update' | 'unchanged' | 'error';
export interface PlannedRow {
  row: number;
  cells: CellValue[];
  action: Action;
  values: Record<string, unknown>;
  target?: Row;
  errors: Errors;
}
export interface PlanContext {
  entity: AnyEntity;
  options: ImportOptions;
  locale: Locale;
  dateFormat: DateFormatToken;
  /** Keys and unique values seen in earlier chunks of the same file. */
  seen: Map<string, Set<string>>;
  /** A tree's parents set by earlier rows of the same file (record → parent). */
  parents?: Map<string, string | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const shown = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '')).slice(0, 80);

export async function planChunk(ctx: AppContext, p: PlanContext, rows: SheetRow[]): Promise<PlannedRow[]> {
  const { entity, options: o, locale } = p;
  const sg = o.settings_group_uuid;
  const err = (r: PlannedRow, field: string, key: MessageKey, params: Record<string, string | number> = {}) =>
    (r.errors[field] ??= []).push(translate(locale, key, { field: field.replace(/_/g, ' '), ...params }));
  const cellCtx = {
    locale: locale as ParseLocale,
    dateFormat: p.dateFormat,
    enumByLabel: (field: string, label: string) => enumByLabel(entity, field, label),
  };

  const planned: PlannedRow[] = [];
  for (const sheetRow of rows) {
    if (planned.length % 100 === 99) await new Promise((resolve) => setImmediate(resolve)); // others' requests
    const r: PlannedRow = { row: sheetRow.number, cells: sheetRow.cells, action: 'create', values: {}, errors: {} };
    const fixes = o.fixes?.[String(sheetRow.number)] ?? {};
    for (const [column, name] of Object.entries(o.mapping)) {
      const cell = name in fixes ? (fixes[name] ?? null) : (sheetRow.cells[Number(column)] ?? null);
      const raw = typeof cell === 'string' ? unescapeFormula(cell) : cell;
      if (name === 'uuid') {
        const s = raw === null ? '' : String(raw).trim();
        if (s && !UUID.test(s)) err(r, 'uuid', 'import.cell_invalid', { value: shown(raw) });
        else r.values.uuid = s ? s.toLowerCase() : null;
        continue;
      }
      const parsed = fromCell(entity.fields[name]!, name, raw, cellCtx);
      if (parsed.ok) r.values[name] = parsed.value;
      else err(r, name, 'import.cell_invalid', { value: shown(raw) });
    }
    planned.push(r);
  }

  // The match against existing records.
  const key = o.match_key;
  const existing = new Map<string, Row>();
  if (o.mode !== 'insert') {
    const keys = [
      ...new Set(planned.map((r) => r.values[key]).filter((v): v is string => typeof v === 'string' && v !== '')),
    ];
    if (keys.length) {
      const found = (await ctx.db
        .select()
        .from(tableOf(entity))
        .where(
          and(
            eq(col(entity, 'settings_group_uuid'), sg),
            isNull(col(entity, 'deleted_at')),
            inArray(col(entity, key), keys),
          ),
        )) as Row[];
      for (const f of found) existing.set(String(f[key]), f);
    }
  }

  // References: for an update without a property column, its record's property counts.
  const targetOf = (r: PlannedRow) => (o.mode === 'insert' ? undefined : existing.get(String(r.values[key])));
  const refProperties = await resolveRefs(
    ctx,
    p,
    planned,
    (r) => r.values.property_uuid ?? targetOf(r)?.property_uuid,
    err,
  );

  const create = createSchema(entity);
  const update = updateSchema(entity);
  const seenKeys = (p.seen.get('key') ?? p.seen.set('key', new Set()).get('key'))!;
  for (const [i, r] of planned.entries()) {
    if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
    const k = r.values[key];
    if (o.mode !== 'insert' && typeof k === 'string' && k) {
      if (seenKeys.has(k)) err(r, key, 'import.duplicate_key', { value: k });
      seenKeys.add(k);
    }
    const target = o.mode === 'insert' ? undefined : existing.get(String(k));
    const { uuid: _u, ...values } = r.values;
    if (o.mode === 'update' && !target) err(r, key, 'import.no_match', { value: shown(k) });
    if (target?.archived_at) err(r, key, 'errors.archived');
    if (target) {
      r.target = target;
      const changes = Object.fromEntries(
        Object.entries(values).filter(([n, v]) => !sameValue(entity, n, target[n], v)),
      );
      r.values = changes;
      r.action = Object.keys(changes).length ? 'update' : 'unchanged';
      const res = update.safeParse(changes);
      if (!res.success) merge(r.errors, zodRowErrors(res.error.issues, locale, ''));
      else r.values = res.data as Record<string, unknown>;
      for (const problem of entity.validate?.({ ...target, ...r.values }) ?? [])
        err(r, problem.path, problem.key as MessageKey, problem.params);
    } else {
      const body = entity.scope === 'settings_group' ? { ...values, settings_group_uuid: sg } : values;
      const res = create.safeParse(body);
      if (!res.success) merge(r.errors, zodRowErrors(res.error.issues, locale, ''));
      else r.values = res.data as Record<string, unknown>;
      for (const problem of entity.validate?.(r.values) ?? [])
        err(r, problem.path, problem.key as MessageKey, problem.params);
    }
    if (Object.keys(r.errors).length) r.action = 'error';
  }
  await checkUnique(ctx, p, planned, err);
  checkRefProperty(p, planned, refProperties, err);
  await checkTreeMoves(ctx, p, planned, err);
  return planned;
}

/** Adds errors of fields that have none yet (the first problem of a cell is the clearest). */
function merge(into: Errors, more: Errors) {
  for (const [field, msgs] of Object.entries(more)) into[field] ??= msgs;
}
