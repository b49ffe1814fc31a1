// Stored filters (docs/domain/permissions.md, "Access rules"): a list query's filter of one model, checked against
// that model's list filters (a field outside them or a bad value is a 422 naming `filter.<field>`) and stored as
// parsed. A change of a filter an access rule uses compiles that rule's model again in the same transaction; a
// deleted filter leaves the rules that used it. A filter used by a rule keeps its model.
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { entityByName } from '../../src/entities/registry';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import { parseStoredFilter } from '../crud/list-query';
import { accessRules, filters } from '../db/entity-tables';
import { fieldError } from '../http-error';
import { refreshRuleMatches } from '../services/access-rule-matches';

/** The models of the live rules that use any of the filters. */
async function rulesUsing(h: HookContext, uuids: readonly string[]) {
  if (!uuids.length) return [];
  const list = sql`array[${sql.join(
    uuids.map((u) => sql`${u}`),
    sql`, `,
  )}]::uuid[]`;
  const rows = await h.db
    .select({ model: accessRules.model })
    .from(accessRules)
    .where(and(sql`${accessRules.filter_uuids} && ${list}`, isNull(accessRules.deleted_at)));
  return [...new Set(rows.map((r) => r.model))];
}

export const filter: ModelBehaviour = {
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      if (current && 'model' in changes && changes.model !== current.model) {
        if ((await rulesUsing(h, [String(current.uuid)])).length) throw fieldError('model', 'validation.in');
      }
      if (!('filter' in changes) && !('model' in changes)) return;
      const entity = entityByName(String(merged.model));
      if (!entity) throw fieldError('model', 'validation.unknown_model');
      return { filter: parseStoredFilter(entity, (merged.filter ?? {}) as Record<string, unknown>, 'filter') };
    },
    afterWrite: async (h, uuid) => {
      const models = await rulesUsing(h, [uuid]);
      if (models.length) await refreshRuleMatches(h.db, h.settingsGroup, models);
    },
    afterArchive: async (h, uuids) => {
      const models = await rulesUsing(h, uuids);
      // a deleted filter leaves the rules (as its links did before filters were a model)
      const deleted = (
        await h.db
          .select({ uuid: filters.uuid })
          .from(filters)
          .where(and(inArray(filters.uuid, uuids), sql`${filters.deleted_at} is not null`))
      ).map((r) => r.uuid);
      if (deleted.length) {
        const gone = sql`array[${sql.join(
          deleted.map((u) => sql`${u}`),
          sql`, `,
        )}]::uuid[]`;
        await h.db
          .update(accessRules)
          .set({
            filter_uuids: sql`array(select u from unnest(${accessRules.filter_uuids}) u where u <> all(${gone}))`,
          })
          .where(sql`${accessRules.filter_uuids} && ${gone}`);
      }
      if (models.length) await refreshRuleMatches(h.db, h.settingsGroup, models);
    },
  },
};
