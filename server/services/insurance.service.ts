// Re-indexing building insurance values (docs/domain/calculations.md, "Insurance values"): for the properties
// named, in the caller's scope and with the right to update them, the new values by the rule of their settings
// group's property settings (a canton's preset or its own threshold, rounding and reduced-value wear) and the
// latest value of the index series named there, up to the caller's year (src/domain/insurance.ts). A dry run
// writes nothing; otherwise the re-indexed properties are written through the engine's bulk update (audited,
// versioned), all in one transaction.
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Locale } from '../../src/entities/account';
import { constructionCostIndex } from '../../src/entities/catalogues';
import { property } from '../../src/entities/property';
import type { ReindexInsuranceBody, ReindexInsuranceReply } from '../../src/entities/analytics';
import { insuranceRule, reestimationDue, reindexInsurance, type InsuranceValues } from '../../src/domain/insurance';
import { may, type Access } from '../crud/access';
import { bulkUpdate, inTransaction, loadScoped } from '../crud/bulk';
import { readModelSettingsOf } from '../crud/model-settings';
import { col, tableOf } from '../crud/table';
import { fieldError, forbidden, HttpError } from '../http-error';

const VALUES = [
  'insurance_value_new',
  'insurance_value_current',
  'insurance_value_reduced',
  'insurance_index_base',
] as const;

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const valuesOf = (row: Record<string, unknown>): InsuranceValues =>
  Object.fromEntries(VALUES.map((k) => [k, text(row[k])])) as unknown as InsuranceValues;

export async function reindexInsuranceValues(
  ctx: AppContext,
  access: Access,
  body: ReindexInsuranceBody,
  o: { today: string; locale: Locale },
): Promise<ReindexInsuranceReply> {
  const year = Number(o.today.slice(0, 4));
  return inTransaction(ctx, body.dry_run, async (c) => {
    const rows = await loadScoped(c, access, property, [...new Set(body.uuids)]); // 404 for any foreign uuid
    const groups = [...new Set([...rows.values()].map((r) => String(r.settings_group_uuid)))];
    for (const sg of groups) if (!may(access, sg, 'update', property.name)) throw forbidden();
    const settings = await readModelSettingsOf(c.db, groups, property);
    const indexes: ReindexInsuranceReply['meta']['indexes'] = [];
    for (const sg of groups) {
      const s = settings.get(sg)!;
      const series = s.insurance_index_series.trim();
      if (!series) throw fieldError('insurance_index_series', 'insurance.no_series');
      const ix = (name: string) => col(constructionCostIndex, name);
      const [latest] = (await c.db
        .select({ year: ix('year'), value: ix('value') })
        .from(tableOf(constructionCostIndex))
        .where(
          and(
            eq(ix('settings_group_uuid'), sg),
            sql`lower(trim(${ix('series')})) = ${series.toLowerCase()}`,
            lte(ix('year'), year),
            isNull(ix('deleted_at')),
            isNull(ix('archived_at')),
          ),
        )
        .orderBy(sql`${ix('year')} desc`)
        .limit(1)) as { year: number; value: string }[];
      if (!latest) throw fieldError('insurance_index_series', 'insurance.series_empty', { series, year });
      const rule = insuranceRule(s);
      indexes.push({
        settings_group_uuid: sg,
        series,
        year: latest.year,
        value: String(latest.value),
        threshold: rule.threshold,
        rounding: rule.rounding,
        reduced_wear: rule.reducedWear,
        reestimation_years: s.insurance_reestimation_years,
      });
    }
    const byGroup = new Map(indexes.map((i) => [i.settings_group_uuid, i]));
    const data: ReindexInsuranceReply['data'] = [...rows.values()].map((row) => {
      const index = byGroup.get(String(row.settings_group_uuid))!;
      const old = valuesOf(row);
      const result = reindexInsurance(old, index.value, {
        threshold: index.threshold,
        rounding: index.rounding,
        reducedWear: index.reduced_wear,
      });
      return {
        uuid: String(row.uuid),
        name: String(row.name),
        outcome: result.outcome,
        change_percent: result.change_percent,
        reestimation_due: reestimationDue(
          row.insurance_estimated_on ? String(row.insurance_estimated_on).slice(0, 10) : null,
          index.reestimation_years,
          o.today,
        ),
        old,
        new: result.values,
      };
    });
    const changed = data.filter((d) => d.outcome === 'reindexed');
    if (!body.dry_run && changed.length) {
      const written = await bulkUpdate(
        c,
        access,
        property,
        changed.map((d) => ({
          uuid: d.uuid,
          updated_at: new Date(rows.get(d.uuid)!.updated_at as string | Date).toISOString(),
          ...d.new,
        })),
        { dryRun: false, skipInvalid: false, locale: o.locale },
      );
      // the rows were read in this transaction: another write between would make the step partial, so none lands
      if (written.data.some((w) => w.status !== 'updated' && w.status !== 'unchanged'))
        throw new HttpError(409, 'errors.conflict');
      const versions = new Map(
        written.data.map((w) => [w.uuid, (w as { record?: { updated_at?: unknown } }).record?.updated_at]),
      );
      for (const d of changed) {
        const version = versions.get(d.uuid);
        if (version) d.updated_at = new Date(version as string | Date).toISOString();
      }
    }
    return { data, meta: { dry_run: body.dry_run, reindexed: changed.length, indexes } };
  });
}
