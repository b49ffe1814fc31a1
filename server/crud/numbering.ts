// Running numbers per settings group (a ticket's T-00001, an order's O-00001): the model's `numbering` field and its
// `numbering_prefix` and `next_number` settings (docs/domain/fields.md, "Model settings"), the counter kept in the
// model's settings row. A write takes its numbers in its own transaction: one upsert of that row takes as many as
// the request needs and locks the row until the transaction ends, so concurrent creates wait their turn and never
// share a number. For a unique number field, numbers another record of the group holds (typed by hand, or left
// from an earlier prefix) or another row of the same request gives are skipped; numbers taken but not used (a bulk
// row that failed) go back to the counter before the transaction ends.
import { and, eq, sql } from 'drizzle-orm';
import type { AnyEntity } from '../../src/entities/define';
import { settingDefaults, settingValues } from '../../src/entities/model-settings';
import type { Db } from '../db/client';
import { modelSettings } from '../db/schema';
import { heldValues, type WriteBatch } from './checks';
import { rowsOf } from './table';

type Body = Record<string, unknown>;

/** A running number as shown: the prefix and five digits at least (T-00001). */
export const recordNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(5, '0')}`;

/** The most numbers one round of skipping taken ones asks for at once. */
const MOST_AT_ONCE = 10_000;

/**
 * Takes `count` numbers of a model in a settings group (0: only locks the row): one atomic upsert of its settings
 * row that stores `next_number` plus `count` and answers the first number taken and the prefix.
 */
async function reserve(db: Db, entity: AnyEntity, sg: string, count: number) {
  const defaults = settingDefaults(entity);
  const first = Number(defaults.next_number);
  const [row] = rowsOf<{ n: number; prefix: string | null }>(
    await db.execute(sql`insert into model_settings as m (settings_group_uuid, model, values)
      values (${sg}, ${entity.name}, jsonb_build_object('next_number', ${first}::int + ${count}::int))
      on conflict (settings_group_uuid, model) do update
        set values = m.values
          || jsonb_build_object('next_number', coalesce((m.values->>'next_number')::int, ${first}::int) + ${count}::int)
      returning (values->>'next_number')::int - ${count}::int as n, values->>'numbering_prefix' as prefix`),
  );
  // a stored prefix that no longer fits its setting reads as the default, as everywhere (model-settings.ts)
  const prefix = String(settingValues(entity, { numbering_prefix: row!.prefix ?? undefined }).numbering_prefix);
  return { first: Number(row!.n), prefix };
}

/** Whether a row leaves its number to the counter (none given, or an empty one). */
const lacks = (field: string, changed: Body) => changed[field] == null || changed[field] === '';

/**
 * The numbers of one request's (or one import chunk's) new records, per settings group: taken at once for the rows
 * without one, handed out in row order (`next`), a number a failed row had given back (`putBack`), and the unused
 * ones returned to the counter at the end (`settle`, in the same transaction).
 */
export class NumberPool {
  /** Per settings group: the numbers taken and free, ascending. */
  private readonly free = new Map<string, number[]>();
  private readonly prefixes = new Map<string, string>();
  /** Per settings group: the numbers the request's rows give themselves (never handed out). */
  private readonly given = new Map<string, Set<string>>();
  /** Handed out and not put back, by the text given: its settings group and number. */
  private readonly handed = new Map<string, { sg: string; n: number }>();
  private readonly unique: boolean;

  private constructor(
    private readonly entity: AnyEntity,
    readonly field: string,
    private readonly batch?: WriteBatch,
  ) {
    this.unique = !!entity.fields[field]!.unique;
  }

  /**
   * Takes the numbers the rows lack, per settings group (rows whose group is not known yet are left out: `next`
   * takes theirs when asked). Every group of the rows gets its counter row locked, those that lack none as well:
   * a number given by hand is then checked while no other write of the model in that group can take it. With
   * `batch`, what is read about taken numbers is kept there for the rows' unique checks.
   */
  static async take(db: Db, entity: AnyEntity, rows: readonly { sg?: string; changed: Body }[], batch?: WriteBatch) {
    const field = entity.numbering!.field;
    const pool = new NumberPool(entity, field, batch);
    const need = new Map<string, number>();
    for (const r of rows) {
      if (r.sg === undefined) continue;
      const lacking = lacks(field, r.changed);
      need.set(r.sg, (need.get(r.sg) ?? 0) + (lacking ? 1 : 0));
      if (!lacking) (pool.given.get(r.sg) ?? pool.given.set(r.sg, new Set()).get(r.sg)!).add(String(r.changed[field]));
    }
    for (const [sg, count] of need) await pool.fill(db, sg, count);
    return pool;
  }

  /** Whether a row leaves its number to the counter. */
  lacks(changed: Body) {
    return lacks(this.field, changed);
  }

  /** Takes `count` more free numbers of a settings group (0: only locks its counter). */
  private async fill(db: Db, sg: string, count: number) {
    const free = this.free.get(sg) ?? this.free.set(sg, []).get(sg)!;
    const want = free.length + count;
    let ask = count;
    for (;;) {
      const { first, prefix } = await reserve(db, this.entity, sg, ask);
      this.prefixes.set(sg, prefix);
      const taken = Array.from({ length: ask }, (_, i) => first + i);
      if (!this.unique) {
        free.push(...taken);
        return;
      }
      const texts = taken.map((n) => recordNumber(prefix, n));
      const held = texts.length ? await heldValues(db, this.entity, this.field, sg, texts, this.batch) : new Set();
      const given = this.given.get(sg);
      let skipped = 0;
      taken.forEach((n, i) => {
        if (held.has(texts[i]!) || given?.has(texts[i]!)) skipped += 1;
        else free.push(n);
      });
      if (free.length >= want) return;
      // numbers held by hand come in runs: ask for twice as many as were skipped, the rest goes back in `settle`
      ask = Math.min(Math.max(want - free.length, skipped * 2), MOST_AT_ONCE);
    }
  }

  /** The next free number of the settings group (taking more when none is left). */
  async next(db: Db, sg: string): Promise<string> {
    if (!this.free.get(sg)?.length) await this.fill(db, sg, 1);
    const n = this.free.get(sg)!.shift()!;
    const text = recordNumber(this.prefixes.get(sg)!, n);
    this.handed.set(text, { sg, n });
    return text;
  }

  /** A number handed out to a row whose write failed: the next row gets it. */
  putBack(text: unknown) {
    const out = this.handed.get(String(text));
    if (!out) return;
    this.handed.delete(String(text));
    const free = this.free.get(out.sg)!;
    const at = free.findIndex((m) => m > out.n);
    if (at < 0) free.push(out.n);
    else free.splice(at, 0, out.n);
  }

  /**
   * Gives the numbers taken but not used back to the counter: `next_number` becomes the first free one after the
   * last handed out (the row is still locked by this transaction, so nobody took a later one). Free numbers before
   * a used one stay a gap.
   */
  async settle(db: Db) {
    for (const [sg, free] of this.free) {
      let top = -Infinity;
      for (const h of this.handed.values()) if (h.sg === sg && h.n > top) top = h.n;
      const back = free.find((n) => n > top);
      free.length = 0;
      if (back === undefined) continue;
      await db
        .update(modelSettings)
        .set({ values: sql`${modelSettings.values} || jsonb_build_object('next_number', ${back}::int)` })
        .where(and(eq(modelSettings.settings_group_uuid, sg), eq(modelSettings.model, this.entity.name)));
    }
  }
}

/** One new number of a model in a settings group, in the caller's transaction (the demo data's records). */
export async function nextNumber(db: Db, entity: AnyEntity, sg: string): Promise<string> {
  const pool = await NumberPool.take(db, entity, [{ sg, changed: {} }]);
  const text = await pool.next(db, sg);
  await pool.settle(db);
  return text;
}
