// References of an import chunk: a cell names a record by uuid, title or internal number inside the settings group
// (for records under a property the row's property first). One query per referenced model and chunk; a model's
// references to itself also find the records created by earlier rows of the same file, in this chunk or an earlier
// one, which the plan remembers as it goes (a reference to a later row is not found). Only records the caller sees
// are found (their scope, docs/domain/permissions.md, "Access rules": a hidden one is unresolved, as an unknown one),
// except the one an updated record already refers to, which the row leaves as it is. What it finds is handed to
// the checks every write makes (crud/checks.ts: same property), so they need not look the records up again.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { entityByName } from '../../src/entities/registry';
import { MEMBER_MODEL } from '../../src/entities/fields';
import { col, scopeCondition, tableOf } from '../crud/table';
import { refScope } from '../crud/access';
import type { KnownRecord } from '../crud/checks';
import { lookUpRefs, refsFields } from '../crud/refs';
import type { MessageKey } from '../i18n/messages';
import type { PlanContext, PlannedRow } from './plan';

export type RowError = (
  r: PlannedRow,
  field: string,
  key: MessageKey,
  params?: Record<string, string | number>,
) => void;
type Err = RowError;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const shown = (v: unknown) => String(v ?? '').slice(0, 80);

export interface Known {
  uuid: string;
  property: string | null;
}

interface Found extends Known {
  title: string;
  number: string;
  /** In the caller's scope. */
  seen: boolean;
}

/**
 * Replaces reference texts by uuids in place (or marks them unresolved). A uuid beats a title, a title beats an
 * internal number, and a record of the row's property (`propertyOf`) beats one of another property. References of
 * the model to itself that nothing matches yet are returned by sheet row (`deferred`, for `resolveDeferred` once the
 * rows before them are planned); `known` holds every record a reference now names (by model, then uuid), for the
 * checks of crud/checks.ts.
 */
/** A reference to a member (a delegation's delegate): by user uuid or by name, among the settings group's members
 * the caller sees; anything else is an unresolved cell. */
async function resolveMembers(ctx: AppContext, p: PlanContext, planned: PlannedRow[], name: string, err: RowError) {
  const wanted = [...new Set(planned.map((r) => r.values[name]).filter((v): v is string => typeof v === 'string'))];
  if (!wanted.length) return;
  const sg = p.options.settings_group_uuid;
  const lower = wanted.map((v) => v.toLowerCase());
  const byUuid = await lookUpRefs(ctx.db, p.access, MEMBER_MODEL, { uuids: lower.filter((v) => UUID.test(v)), sg });
  const byName = await lookUpRefs(ctx.db, p.access, MEMBER_MODEL, { titles: lower, sg });
  for (const r of planned) {
    const v = r.values[name];
    if (typeof v !== 'string') continue;
    const key = v.toLowerCase();
    const found = byUuid.find((m) => m.uuid === key) ?? byName.find((m) => m.title.toLowerCase() === key);
    if (found) r.values[name] = found.uuid;
    else err(r, name, 'import.ref_unresolved', { value: shown(v) });
  }
}

export async function resolveRefs(
  ctx: AppContext,
  p: PlanContext,
  planned: PlannedRow[],
  propertyOf: (r: PlannedRow) => unknown,
  err: RowError,
  storedOf: (r: PlannedRow, field: string) => unknown = () => undefined,
): Promise<{ deferred: Record<number, string[]>; known: KnownRefs }> {
  const { entity, options: o } = p;
  const sg = o.settings_group_uuid ?? null;
  // a superuser's import into a superusers' table names records of its settings group (crud/access.ts, `refScope`)
  const scope = refScope(p.access, entity);
  const deferred: Record<number, string[]> = {};
  const known: KnownRefs = new Map();
  const mapped = new Set(Object.values(o.mapping));
  const refFields = Object.entries(entity.fields).filter(([n, f]) => f.kind === 'ref' && mapped.has(n));
  refFields.sort(([a], [b]) => (a === 'property_uuid' ? -1 : b === 'property_uuid' ? 1 : 0));
  for (const [name, field] of refFields) {
    if (field.kind !== 'ref') continue;
    if (field.model === MEMBER_MODEL) {
      await resolveMembers(ctx, p, planned, name, err);
      continue;
    }
    const target = entityByName(field.model)!;
    const titled = target.fields[target.titleField]?.kind !== 'ref';
    const numbered = target.fields.number_internal?.kind === 'text';
    const wanted = [...new Set(planned.map((r) => r.values[name]).filter((v): v is string => typeof v === 'string'))];
    if (!wanted.length) continue;
    const ids = wanted.filter((v) => UUID.test(v)).map((v) => v.toLowerCase());
    const texts = [...new Set(wanted.map((v) => v.toLowerCase()))];
    const lower = (column: string) => sql`lower(${col(target, column)}::text)`;
    const found = (await ctx.db
      .select({
        uuid: col(target, 'uuid'),
        title: titled ? sql<string>`${lower(target.titleField)}` : sql<string>`''`,
        number: numbered ? sql<string>`coalesce(${lower('number_internal')}, '')` : sql<string>`''`,
        property: target.scope === 'property' ? col(target, 'property_uuid') : sql<null>`null`,
        seen: scope ? sql<boolean>`${scopeCondition(target, scope)}` : sql<boolean>`true`,
      })
      .from(tableOf(target))
      .where(
        and(
          sg === null ? isNull(col(target, 'settings_group_uuid')) : eq(col(target, 'settings_group_uuid'), sg),
          isNull(col(target, 'deleted_at')),
          or(
            ids.length ? inArray(col(target, 'uuid'), ids) : sql`false`,
            titled ? inArray(lower(target.titleField), texts) : sql`false`,
            numbered ? inArray(lower('number_internal'), texts) : sql`false`,
          ),
        ),
      )) as Found[];
    const records = knownOf(known, target.name);
    for (const f of found) if (f.seen) records.set(f.uuid, { sg, property: f.property });
    const self = target === entity;
    for (const r of planned) {
      const v = r.values[name];
      if (typeof v !== 'string') continue;
      const key = v.toLowerCase();
      const rank = (f: Found) => {
        const kind = f.uuid === key ? 0 : f.title && f.title === key ? 1 : f.number && f.number === key ? 2 : -1;
        if (kind < 0) return -1;
        return (f.property && f.property !== propertyOf(r) ? 3 : 0) + kind;
      };
      // a hidden record only as the reference the updated record holds already (left unchanged)
      const stored = storedOf(r, name);
      const usable = (f: Found) => f.seen || (typeof stored === 'string' && stored.toLowerCase() === f.uuid);
      let best: Known | undefined;
      for (const f of found) if (usable(f) && rank(f) >= 0 && (!best || rank(f) < rank(best as Found))) best = f;
      if (!best && self) {
        const made = p.made?.get(key) ?? [];
        best = made.find((m) => !m.property || m.property === propertyOf(r)) ?? made[0];
        if (best) records.set(best.uuid, { sg, property: best.property });
      }
      if (best) r.values[name] = best.uuid;
      else if (self) (deferred[r.row] ??= []).push(name);
      else err(r, name, 'import.ref_unresolved', { value: shown(v) });
    }
  }
  await resolveRefsLists(ctx, p, planned, err);
  return { deferred, known };
}

/**
 * Lists of references (`refs`): a cell names records by uuid or title (a member also by e-mail), separated by `;`, in
 * the settings group of the import and the caller's scope (one query per field and chunk); an unknown or hidden one
 * is the row's error.
 */
async function resolveRefsLists(ctx: AppContext, p: PlanContext, planned: PlannedRow[], err: RowError) {
  const mapped = new Set(Object.values(p.options.mapping));
  for (const [name, field] of refsFields(p.entity)) {
    if (!mapped.has(name)) continue;
    const parts = (v: unknown) =>
      typeof v === 'string'
        ? v
            .split(';')
            .map((x) => x.trim())
            .filter(Boolean)
        : [];
    const wanted = [...new Set(planned.flatMap((r) => parts(r.values[name]).map((x) => x.toLowerCase())))];
    if (!wanted.length) continue;
    const sg = p.options.settings_group_uuid;
    const scope = refScope(p.access, p.entity);
    const byUuid = await lookUpRefs(ctx.db, scope, field.model, { uuids: wanted.filter((v) => UUID.test(v)), sg });
    const byTitle = await lookUpRefs(ctx.db, scope, field.model, { titles: wanted, sg });
    const found = new Map<string, string>();
    for (const f of byTitle) found.set(f.title.toLowerCase(), f.uuid);
    for (const f of byTitle) if (f.alias) found.set(f.alias.toLowerCase(), f.uuid); // an e-mail beats a name
    for (const f of byUuid) found.set(f.uuid, f.uuid); // a uuid beats a title
    for (const r of planned) {
      const v = r.values[name];
      if (typeof v !== 'string') continue;
      const uuids: string[] = [];
      for (const part of parts(v)) {
        const uuid = found.get(part.toLowerCase());
        if (uuid) uuids.push(uuid);
        else err(r, name, 'import.ref_unresolved', { value: shown(part) });
      }
      r.values[name] = uuids;
    }
  }
}

/** Records references name, by model then uuid. */
export type KnownRefs = Map<string, Map<string, KnownRecord | null>>;
const knownOf = (known: KnownRefs, model: string) => known.get(model) ?? known.set(model, new Map()).get(model)!;

const pick = (matches: Known[], r: PlannedRow) =>
  matches.find((m) => !m.property || m.property === r.values.property_uuid) ?? matches[0];

/** References to the model itself not found before: a record created by an earlier row of this chunk, or an error. */
export function resolveDeferred(
  p: PlanContext,
  r: PlannedRow,
  fields: string[] | undefined,
  known: KnownRefs,
  err: Err,
) {
  for (const name of fields ?? []) {
    const v = r.values[name] as string;
    const same = pick(p.made?.get(v.toLowerCase()) ?? [], r);
    if (same) {
      r.values[name] = same.uuid;
      knownOf(known, p.entity.name).set(same.uuid, {
        sg: p.options.settings_group_uuid ?? null,
        property: same.property,
      });
    } else err(r, name, 'import.ref_unresolved', { value: shown(v) });
  }
}

/** Remembers a record the plan creates, by title, for later rows' references to the same model. */
export function rememberCreated(p: PlanContext, r: PlannedRow) {
  const t = r.values[p.entity.titleField];
  if (!p.made || r.action !== 'create' || !r.uuid || typeof t !== 'string' || !t) return;
  const key = t.toLowerCase();
  const k = { uuid: r.uuid, property: (r.values.property_uuid as string | undefined) ?? null };
  const list = p.made.get(key);
  if (list) list.push(k);
  else p.made.set(key, [k]);
}

/**
 * After the unique checks: rows that refer to a record of this chunk that turned out not to be created fail too
 * (references point to earlier rows, so one pass in order suffices). Forgets records that will not be created.
 */
export function dropUncreated(p: PlanContext, planned: PlannedRow[], err: Err) {
  if (!p.made) return;
  const title = (r: PlannedRow) => r.values[p.entity.titleField];
  const gone = new Map(planned.filter((r) => r.action === 'error' && r.uuid).map((r) => [r.uuid!, title(r)]));
  if (!gone.size) return;
  const selfRefs = Object.entries(p.entity.fields)
    .filter(([, f]) => f.kind === 'ref' && f.model === p.entity.name)
    .map(([n]) => n);
  for (const r of planned) {
    for (const name of selfRefs) {
      const uuid = r.values[name] as string;
      if (!gone.has(uuid)) continue;
      err(r, name, 'import.ref_unresolved', { value: shown(gone.get(uuid)) });
      r.action = 'error';
      if (r.uuid) gone.set(r.uuid, title(r));
    }
  }
  for (const [key, list] of p.made) {
    const kept = list.filter((k) => !gone.has(k.uuid));
    if (kept.length) p.made.set(key, kept);
    else p.made.delete(key);
  }
}
