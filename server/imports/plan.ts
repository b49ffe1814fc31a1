// Plans a chunk of import rows without writing: cells → API values (locale-aware, with inline fixes), the match
// against existing records (uuid or number_internal), references resolved by uuid, title or internal number inside
// the settings group (plan-refs.ts), the checks every write makes that read other records (crud/checks.ts: same
// property, unique fields, no loop in a tree) for the whole chunk at once, create / update / unchanged / error per
// row with field errors as the single writes give them.
import crypto from 'node:crypto';
import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Locale } from '../../src/entities/account';
import { withoutModelSettings, type AnyEntity } from '../../src/entities/define';
import { createObjectSchema, updateSchema, withFilledCheck } from '../../src/entities/schemas';
import { fromCell, type CellValue } from '../../src/domain/cells';
import { unescapeFormula } from '../../src/domain/sheet-text';
import type { DateFormatToken, ParseLocale } from '../../src/domain/parse';
import { col, scopeCondition, tableOf } from '../crud/table';
import { may, mayOnRecord, refScope, type Access } from '../crud/access';
import type { Row } from '../crud/present';
import { sameValue } from '../crud/bulk';
import { zodRowErrors, type Errors } from '../crud/row-errors';
import { translate, type MessageKey, type MessageParams } from '../i18n/messages';
import { fieldLabel } from '../i18n/field-labels';
import { enumByLabel } from '../spreadsheet/labels';
import { TEMPLATE_COLUMN, type ImportOptions } from './import-options';
import type { SheetRow } from './reader';
import { quickCreateCheck } from './plan-check';
import { requestsInFlight } from '../plugins/traffic';
import { refProblems, treeProblems, uniqueProblems, type Problems } from '../crud/checks';
import { readModelSettings, type ValuesOf } from '../crud/model-settings';
import { fromTemplate, requiredProblems, withDefaults } from '../crud/record-settings';
import { recordTemplatesIn, type RecordTemplate } from '../crud/model-behaviour';
import { recordSettingsOf } from '../../src/entities/model-settings';
import { dropUncreated, rememberCreated, resolveDeferred, resolveRefs, type Known, type KnownRefs } from './plan-refs';
import {
  attributeField,
  attributeFromCell,
  attributeKeyOf,
  attributeLabel,
  type AttributeDef,
} from '../../src/domain/attributes';
import { recordAttributes } from '../crud/attributes';
import { ValidationFailed } from '../http-error';

export type Action = 'create' | 'update' | 'unchanged' | 'error';
export interface PlannedRow {
  row: number;
  cells: CellValue[];
  action: Action;
  values: Record<string, unknown>;
  /** The uuid a created record gets, when chosen here (`PlanContext.ids`) so later rows can refer to it. */
  uuid?: string;
  target?: Row;
  errors: Errors;
}
export interface PlanContext {
  entity: AnyEntity;
  options: ImportOptions;
  locale: Locale;
  dateFormat: DateFormatToken;
  /** The uploader's rights (rows they may not write are errors of their own). */
  access: Access;
  /** Keys and unique values seen in earlier chunks of the same file. */
  seen: Map<string, Set<string>>;
  /** A tree's parents set by earlier rows of the same file (record → parent). */
  parents?: Map<string, string | null>;
  /** Records created by earlier rows, by lower-cased title, when the model refers to itself (see plan-refs). */
  made?: Map<string, Known[]>;
  /** The model's settings in the import's settings group, read by the first chunk (crud/record-settings.ts). */
  settings?: ValuesOf<AnyEntity>;
  /** Choose the uuids of created records here (for references to them, and for hooks after the write). */
  ids?: boolean;
  /** The live attributes of the model in the import's settings group (docs/domain/attributes.md): columns mapped to
   * `attributes.<key>` fill them, and every new record takes their defaults and must hold the required ones. */
  attributes?: readonly AttributeDef[];
  /** The record templates rows of the file named, by lower-cased name and uuid (null: none has it), read as the
   * chunks name them (docs/domain/record-templates.md). */
  templates?: Map<string, RecordTemplate | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const shown = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v ?? '')).slice(0, 80);

type Schemas = {
  create: ReturnType<typeof createObjectSchema>;
  update: ReturnType<typeof updateSchema>;
  quick: ReturnType<typeof quickCreateCheck>;
};
const schemas = new WeakMap<AnyEntity, Map<string, Schemas>>();

/**
 * The model's write schemas for an import, built once per mapping (zod compiles a schema on its first use): the
 * create schema narrowed to the mapped and the required fields — what a row can hold — so a row is not checked
 * against every absent field of the model. The errors are those of the whole schema.
 */
function schemasOf(entity: AnyEntity, mapping: Record<string, string>, defaulted: string[] = []) {
  // a field the settings group gives a default is one a row holds as well (docs/domain/fields.md, "Model settings")
  const mapped = new Set([...Object.values(mapping), ...defaulted]);
  const key = [...mapped].sort().join(',');
  let byMapping = schemas.get(entity);
  if (!byMapping) schemas.set(entity, (byMapping = new Map()));
  let s = byMapping.get(key);
  if (!s) {
    const create = createObjectSchema(entity);
    const kept = Object.keys(create.shape).filter(
      (n) => mapped.has(n) || n === 'settings_group_uuid' || !create.shape[n]!.safeParse(undefined).success,
    );
    byMapping.set(
      key,
      (s = {
        create: withFilledCheck(entity, create.pick(Object.fromEntries(kept.map((n) => [n, true])) as never)),
        update: updateSchema(entity),
        quick: quickCreateCheck(
          entity,
          kept.filter((n) => n !== 'settings_group_uuid'),
        ),
      }),
    );
  }
  return s;
}

const importDefaultsOf = new WeakMap<AnyEntity, [string, string][]>();
/** The fields a record created by an import fills when the file leaves them out or empty (`importDefault`). */
function importDefaults(entity: AnyEntity): [string, string][] {
  let list = importDefaultsOf.get(entity);
  if (!list)
    importDefaultsOf.set(
      entity,
      (list = Object.entries(entity.fields).flatMap(([name, field]) =>
        field.kind === 'enum' && field.importDefault !== undefined
          ? [[name, field.importDefault] as [string, string]]
          : [],
      )),
    );
  return list;
}

const hasKeys = (o: object) => {
  for (const _ in o) return true;
  return false;
};

/** Gives other requests a turn every few milliseconds of planning (every millisecond while they are in flight). */
function slicer(ms = 3) {
  let last = performance.now();
  return async () => {
    const spent = performance.now() - last;
    if (spent < 1 || (spent < ms && requestsInFlight() === 0)) return;
    await new Promise((resolve) => setImmediate(resolve));
    last = performance.now();
  };
}

export async function planChunk(ctx: AppContext, p: PlanContext, rows: SheetRow[]): Promise<PlannedRow[]> {
  const { entity, options: o, locale } = p;
  // null: a global model's import (its records belong to no settings group)
  const sg = o.settings_group_uuid ?? null;
  const defs = p.attributes ?? [];
  const byKey = new Map(defs.map((d) => [d.key, d]));
  const defOf = (path: string) => {
    const key = attributeKeyOf(path);
    return key === null ? undefined : byKey.get(key);
  };
  const labelOf = (field: string) => {
    const def = defOf(field);
    return def ? attributeLabel(def, locale) : fieldLabel(locale, field, entity);
  };
  const err = (r: PlannedRow, field: string, key: MessageKey, params: MessageParams = {}) =>
    (r.errors[field] ??= []).push(translate(locale, key, { field: labelOf(field), ...params }));
  const cellCtx = {
    locale: locale as ParseLocale,
    dateFormat: p.dateFormat,
    enumByLabel: (field: string, label: string) => enumByLabel(entity, field, label),
  };
  const columns = Object.entries(o.mapping).map(([column, name]) => {
    const def = defOf(name);
    return { index: Number(column), name, def, field: def ? attributeField(def) : entity.fields[name] };
  });
  /** Each row's record template as the file names it (a name or a uuid). */
  const templateNamed = new Map<PlannedRow, string>();
  /** Each row's attribute cells, by key, apart from its fields until the row is checked. */
  const givenAttributes = new Map<PlannedRow, Record<string, unknown>>();
  /** A record's attributes as the write stores them (crud/attributes.ts); a problem is the row's error. */
  const attributesOf = (r: PlannedRow, target: Row | undefined) => {
    const given = givenAttributes.get(r) ?? {};
    try {
      // a new record takes an attribute's default for an empty cell, as for a field the file leaves empty
      return recordAttributes(
        defs,
        target ? given : Object.fromEntries(Object.entries(given).filter(([, v]) => v !== null)),
        target ?? null,
      );
    } catch (e) {
      if (!(e instanceof ValidationFailed)) throw e;
      for (const [path, problems] of Object.entries(e.fields))
        for (const problem of problems) if (!r.errors[path]) err(r, path, problem.key, problem.params);
      return undefined;
    }
  };
  const pause = slicer();

  let _u: unknown;
  const planned: PlannedRow[] = [];
  for (const sheetRow of rows) {
    await pause(); // others' requests
    const r: PlannedRow = { row: sheetRow.number, cells: sheetRow.cells, action: 'create', values: {}, errors: {} };
    const fixes = o.fixes?.[String(sheetRow.number)];
    for (const { index, name, field, def } of columns) {
      const cell = fixes && name in fixes ? (fixes[name] ?? null) : (sheetRow.cells[index] ?? null);
      const raw = typeof cell === 'string' ? unescapeFormula(cell) : cell;
      if (name === TEMPLATE_COLUMN) {
        const text = raw === null ? '' : String(raw).trim();
        if (text) templateNamed.set(r, text);
        continue;
      }
      if (def) {
        const value = attributeFromCell(def, raw, cellCtx);
        if (value === undefined) err(r, name, 'import.cell_invalid', { value: shown(raw) });
        else (givenAttributes.get(r) ?? givenAttributes.set(r, {}).get(r)!)[def.key] = value;
        continue;
      }
      if (name === 'uuid') {
        const s = raw === null ? '' : String(raw).trim();
        if (s && !UUID.test(s)) err(r, 'uuid', 'import.cell_invalid', { value: shown(raw) });
        else r.values.uuid = s ? s.toLowerCase() : null;
        continue;
      }
      const parsed = fromCell(field!, name, raw, cellCtx);
      // an empty cell of a required field with a default: a new record takes the default, a record kept its value
      if (parsed.ok && parsed.value === null && field!.required && 'default' in field! && field!.default !== undefined)
        continue;
      // an empty list of references is an empty list (its column is never null)
      if (parsed.ok) r.values[name] = parsed.value === null && field!.kind === 'refs' ? [] : parsed.value;
      else err(r, name, 'import.cell_invalid', { value: shown(raw) });
    }
    planned.push(r);
  }

  // The match against existing records.
  const key = o.match_key;
  const existing = new Map<string, Row>();
  const hidden = new Set<string>();
  if (o.mode !== 'insert') {
    const keys = [
      ...new Set(planned.map((r) => r.values[key]).filter((v): v is string => typeof v === 'string' && v !== '')),
    ];
    if (keys.length) {
      // a record the caller may not see (access rules, restricted access: docs/domain/permissions.md) is no match
      const found = (await ctx.db
        .select({ ...getTableColumns(tableOf(entity)), __seen: sql<boolean>`${scopeCondition(entity, p.access)}` })
        .from(tableOf(entity))
        .where(
          and(
            sg === null ? isNull(col(entity, 'settings_group_uuid')) : eq(col(entity, 'settings_group_uuid'), sg),
            isNull(col(entity, 'deleted_at')),
            inArray(col(entity, key), keys),
          ),
        )) as Row[];
      for (const { __seen, ...f } of found)
        if (__seen) existing.set(String(f[key]), f);
        else hidden.add(String(f[key]));
    }
  }

  // References: for an update without a property column, its record's property counts.
  const targetOf = (r: PlannedRow) => (o.mode === 'insert' ? undefined : existing.get(String(r.values[key])));
  // a new row starts from the record template it names, its own cells win (docs/domain/record-templates.md)
  const templateFields = await fillFromTemplates(ctx, p, templateNamed, targetOf, givenAttributes, err);
  const { deferred, known } = await resolveRefs(
    ctx,
    p,
    planned,
    (r) => r.values.property_uuid ?? targetOf(r)?.property_uuid,
    err,
    (r, field) => targetOf(r)?.[field],
  );

  // the model's record settings in the import's settings group: new rows take its default values for the fields the
  // file leaves out or empty, and every row must hold the fields it requires (docs/domain/fields.md, "Model settings")
  const settings =
    sg === null || withoutModelSettings(entity)
      ? undefined
      : (p.settings ??= await readModelSettings(ctx.db, sg, entity));
  const defaulted = settings ? Object.keys(recordSettingsOf(settings).default_values) : [];
  const { create, update, quick } = schemasOf(entity, o.mapping, [...defaulted, ...templateFields]);
  const seenKeys = (p.seen.get('key') ?? p.seen.set('key', new Set()).get('key'))!;
  const allowed = {
    create: may(p.access, sg, 'create', entity.name),
    update: may(p.access, sg, 'update', entity.name),
  };
  for (const r of planned) {
    await pause();
    const k = r.values[key];
    if (o.mode !== 'insert' && typeof k === 'string' && k) {
      if (seenKeys.has(k)) err(r, key, 'import.duplicate_key', { value: k });
      seenKeys.add(k);
    }
    resolveDeferred(p, r, deferred[r.row], known, err);
    const target = o.mode === 'insert' ? undefined : existing.get(String(k));
    let values = r.values;
    if ('uuid' in values) ({ uuid: _u, ...values } = values);
    if ((o.mode === 'update' && !target) || hidden.has(String(k))) err(r, key, 'import.no_match', { value: shown(k) });
    if (target?.archived_at) err(r, key, 'errors.archived');
    if (target) {
      r.target = target;
      const changes = Object.fromEntries(
        Object.entries(values).filter(([n, v]) => !sameValue(entity, n, target[n], v)),
      );
      r.values = changes;
      r.action = hasKeys(changes) ? 'update' : 'unchanged';
      const res = update.safeParse(changes);
      if (!res.success) merge(r.errors, zodRowErrors(res.error.issues, locale, '', entity));
      else r.values = res.data as Record<string, unknown>;
      // the file's attribute cells merged into the record's, a change only when they differ
      if (givenAttributes.has(r)) {
        const merged = attributesOf(r, target);
        if (merged && !sameJson(merged, target.attributes)) {
          r.values.attributes = merged;
          r.action = 'update';
        }
      }
      for (const problem of entity.validate?.({ ...target, ...r.values }) ?? [])
        err(r, problem.path, problem.key as MessageKey, problem.params);
      for (const name of Object.keys(requiredProblems(settings, { ...target, ...r.values }, r.values)))
        if (!r.errors[name]) err(r, name, 'validation.required');
    } else {
      const given = values;
      values = withDefaults(settings, values, (name) => given[name] == null);
      const body =
        entity.scope === 'settings_group' || entity.scope === 'user' ? { ...values, settings_group_uuid: sg } : values;
      if (quick?.(values))
        r.values = body; // what zod would give back (see plan-check)
      else {
        const res = create.safeParse(body);
        if (!res.success) merge(r.errors, zodRowErrors(res.error.issues, locale, '', entity));
        else r.values = res.data as Record<string, unknown>;
      }
      for (const problem of entity.validate?.(r.values) ?? [])
        err(r, problem.path, problem.key as MessageKey, problem.params);
      if (defs.length) {
        const made = attributesOf(r, undefined);
        if (made) r.values.attributes = made;
      }
      // a field's import default when the file gives none (docs/spreadsheet-api.md, "Import": a reading's source)
      for (const [name, value] of importDefaults(entity)) if (r.values[name] == null) r.values[name] = value;
      for (const name of Object.keys(requiredProblems(settings, { ...values, ...r.values })))
        if (!r.errors[name]) err(r, name, 'validation.required');
    }
    // a user's row the import matches but the caller only sees (shared with them) is theirs to read only
    const refused = r.action === 'update' && target && !mayOnRecord(p.access, entity, target, 'update');
    if (((r.action === 'create' || r.action === 'update') && !allowed[r.action]) || refused)
      r.errors.row = [translate(locale, 'bulk.skipped', { count: 1 })];
    if (hasKeys(r.errors)) r.action = 'error';
    else if (r.action === 'create' && p.ids) {
      r.uuid = crypto.randomUUID();
      rememberCreated(p, r);
    }
  }
  await checkRows(ctx, p, planned, known, err);
  dropUncreated(p, planned, err);
  return planned;
}

type RowError = (r: PlannedRow, field: string, key: MessageKey, params?: MessageParams) => void;

/**
 * The checks of crud/checks.ts over the chunk, in a single write's order: unique fields (earlier rows of the file
 * count as taken), references (the records `known` from resolving them: same property; a field that already has
 * an error is left out), a tree's new parents (as earlier rows of the file leave the tree). A row with a problem
 * becomes an error.
 */
async function checkRows(ctx: AppContext, p: PlanContext, planned: PlannedRow[], known: KnownRefs, err: RowError) {
  const { entity } = p;
  const sg = p.options.settings_group_uuid ?? null;
  const fail = (rows: PlannedRow[], problems: Problems[]) =>
    rows.forEach((r, i) => {
      for (const [field, list] of Object.entries(problems[i]!)) {
        for (const problem of list) err(r, field, problem.key, problem.params);
        r.action = 'error';
      }
    });
  const writes = planned.filter((r) => r.action === 'create' || r.action === 'update');
  fail(
    writes,
    await uniqueProblems(
      ctx.db,
      entity,
      writes.map((r) => ({ sg, changed: r.values, uuid: r.target?.uuid as string | undefined })),
      p.seen,
    ),
  );
  // the references resolved to a record (the others already carry their error)
  const refs = Object.entries(entity.fields).flatMap(([n, f]) =>
    f.kind === 'ref' ? [{ n, of: known.get(f.model) }] : [],
  );
  const refRows = planned.map((r) => ({
    sg,
    changed: Object.fromEntries(
      refs.flatMap(({ n, of }) => {
        const v = r.values[n];
        return typeof v === 'string' && !r.errors[n] && of?.has(v) ? [[n, v]] : [];
      }),
    ),
    property: r.values.property_uuid ?? r.target?.property_uuid,
  }));
  fail(planned, await refProblems(ctx.db, refScope(p.access, entity), entity, refRows, known));
  const tree = entity.tree;
  if (!tree) return;
  const moves = planned.filter((r) => r.action === 'update' && r.target && tree.parentField in r.values);
  const moved = (p.parents ??= new Map());
  const rows = moves.map((r) => ({ uuid: String(r.target!.uuid), parent: r.values[tree.parentField] }));
  fail(moves, await treeProblems(ctx.db, entity, rows, moved));
}

/**
 * Fills each new row that names a record template from the template's values: the row's own non-empty cells win, its
 * attribute cells key by key. A name no live template of the model has in the import's settings group is the row's
 * error at `template`; a row that updates a record ignores its template. Answers the fields the templates fill (the
 * rows' schema holds them).
 */
async function fillFromTemplates(
  ctx: AppContext,
  p: PlanContext,
  named: Map<PlannedRow, string>,
  targetOf: (r: PlannedRow) => Row | undefined,
  givenAttributes: Map<PlannedRow, Record<string, unknown>>,
  err: (r: PlannedRow, field: string, key: MessageKey) => void,
): Promise<string[]> {
  const sg = p.options.settings_group_uuid;
  if (!named.size || !sg) return [];
  const known = (p.templates ??= new Map());
  const wanted = [...new Set([...named.values()].map((n) => n.toLowerCase()))].filter((n) => !known.has(n));
  if (wanted.length) {
    const uuids = wanted.filter((n) => UUID.test(n));
    const found = [
      ...(await recordTemplatesIn(ctx.db, [sg], p.entity.name, { names: wanted })),
      ...(uuids.length ? await recordTemplatesIn(ctx.db, [sg], p.entity.name, { uuids }) : []),
    ];
    for (const n of wanted) known.set(n, null);
    for (const t of found) {
      known.set(t.name.toLowerCase(), t);
      known.set(t.uuid.toLowerCase(), t);
    }
  }
  const fields = new Set<string>();
  for (const [r, name] of named) {
    const t = known.get(name.toLowerCase());
    if (!t) {
      err(r, TEMPLATE_COLUMN, 'validation.template_not_found');
      continue;
    }
    if (targetOf(r)) continue;
    const own = r.values;
    const filled = fromTemplate(t.values, { ...own, attributes: undefined }, (n) => own[n] != null);
    const { attributes, ...values } = filled;
    r.values = values;
    for (const n of Object.keys(t.values)) if (n !== 'attributes') fields.add(n);
    const cells = givenAttributes.get(r) ?? {};
    if (attributes && typeof attributes === 'object')
      givenAttributes.set(r, {
        ...(attributes as Record<string, unknown>),
        ...Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== null)),
      });
  }
  return [...fields];
}

/** Whether two attribute objects hold the same values (the order of their keys aside). */
function sameJson(a: Record<string, unknown>, b: unknown): boolean {
  const other = (b ?? {}) as Record<string, unknown>;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(other).length &&
    keys.every((k) => Object.hasOwn(other, k) && JSON.stringify(a[k]) === JSON.stringify(other[k]))
  );
}

/** Adds errors of fields that have none yet (the first problem of a cell is the clearest). */
function merge(into: Errors, more: Errors) {
  for (const [field, msgs] of Object.entries(more)) into[field] ??= msgs;
}
