// Tax rates (docs/domain/calculations.md, "Document totals"): the rows of one tax (its name, compared without case
// and surrounding spaces) may not overlap in validity, an open end reaching as far as it can. A write that would is
// a 422 on `valid_from` naming the tax. Checked in the write's transaction under a lock per settings group, so two
// writes at the same moment (a paste, an import) take turns.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { entities } from '../../src/entities/registry';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { col, tableOf } from '../crud/table';
import { fieldError } from '../http-error';

const tax = entities.tax;
const VALIDITY = ['name', 'valid_from', 'valid_to'];

export const taxModel: ModelBehaviour = {
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      if (current && !VALIDITY.some((k) => k in changes)) return;
      if (typeof merged.name !== 'string') return;
      await h.db.execute(sql`select pg_advisory_xact_lock(hashtext('taxes'), hashtext(${h.settingsGroup}::text))`);
      const from = typeof merged.valid_from === 'string' ? merged.valid_from : null;
      const to = typeof merged.valid_to === 'string' ? merged.valid_to : null;
      const [taken] = await h.db
        .select({ name: col(tax, 'name') })
        .from(tableOf(tax))
        .where(
          and(
            eq(col(tax, 'settings_group_uuid'), h.settingsGroup),
            sql`lower(trim(${col(tax, 'name')})) = lower(trim(${merged.name}))`,
            // two periods overlap when each starts before the other ends (an open end never ends)
            sql`coalesce(${col(tax, 'valid_from')}, '-infinity'::date) <= coalesce(${to}::date, 'infinity'::date)`,
            sql`coalesce(${from}::date, '-infinity'::date) <= coalesce(${col(tax, 'valid_to')}, 'infinity'::date)`,
            isNull(col(tax, 'deleted_at')),
            isNull(col(tax, 'archived_at')),
            current ? ne(col(tax, 'uuid'), String(current.uuid)) : undefined,
          ),
        )
        .limit(1);
      if (taken) throw fieldError('valid_from', 'validation.tax_overlap', { name: String(taken.name) });
    },
  },
};
