// The construction cost index (docs/domain/fields.md, "Models"): one value per series and year in a settings group.
// A write that gives a series a year another live record of it holds is a 422 on `year` (compared without case
// and surrounding spaces, as a user reads a series' name). Checked in the write's transaction, so a bulk paste or an
// import sees the rows it wrote before.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { entities } from '../../src/entities/registry';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { col, tableOf } from '../crud/table';
import { fieldError } from '../http-error';

const index = entities.construction_cost_index;

export const constructionCostIndex: ModelBehaviour = {
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      if (!('series' in changes) && !('year' in changes)) return;
      if (typeof merged.series !== 'string' || typeof merged.year !== 'number') return;
      const [taken] = await h.db
        .select({ uuid: col(index, 'uuid') })
        .from(tableOf(index))
        .where(
          and(
            eq(col(index, 'settings_group_uuid'), h.settingsGroup),
            sql`lower(trim(${col(index, 'series')})) = lower(trim(${merged.series}))`,
            eq(col(index, 'year'), merged.year),
            isNull(col(index, 'deleted_at')),
            current ? ne(col(index, 'uuid'), String(current.uuid)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw fieldError('year', 'validation.index_year_taken', { series: merged.series.trim() });
    },
  },
};
