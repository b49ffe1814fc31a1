// Access rules (docs/domain/permissions.md, "Access rules"): a record of the rule's model matched by its stored
// filters (each of the same model: else a 422 on `filter_uuids`) or its own filter (checked against the model's list
// filters: a 422 naming `filter.<field>`) is seen only by the rule's user groups and admins. Every change, archive,
// restore and delete compiles the rules of its model again in the same transaction (the matches each record keeps:
// server/services/access-rule-matches.ts).
import { and, eq, inArray } from 'drizzle-orm';
import { entityByName } from '../../src/entities/registry';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { parseStoredFilter } from '../crud/list-query';
import { accessRules, filters } from '../db/entity-tables';
import { fieldError } from '../http-error';
import { refreshRuleMatches } from '../services/access-rule-matches';

/** The models a rule was about before its write, to compile them again after it (a rule moved to another model). */
const before = new WeakMap<object, string>();

export const accessRule: ModelBehaviour = {
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      if (current) before.set(h, String(current.model));
      const entity = entityByName(String(merged.model));
      if (!entity) throw fieldError('model', 'validation.unknown_model');
      const uuids = (merged.filter_uuids as string[] | null) ?? [];
      if (('filter_uuids' in changes || 'model' in changes) && uuids.length) {
        const rows = await h.db
          .select({ model: filters.model })
          .from(filters)
          .where(and(inArray(filters.uuid, uuids), eq(filters.settings_group_uuid, h.settingsGroup)));
        if (rows.some((r) => r.model !== merged.model)) throw fieldError('filter_uuids', 'validation.in');
      }
      if (('filter' in changes || 'model' in changes) && merged.filter)
        return { filter: parseStoredFilter(entity, merged.filter as Record<string, unknown>, 'filter') };
    },
    afterWrite: async (h, uuid) => {
      const [row] = await h.db.select({ model: accessRules.model }).from(accessRules).where(eq(accessRules.uuid, uuid));
      const models = [row!.model, before.get(h)].filter((m): m is string => Boolean(m));
      await refreshRuleMatches(h.db, h.settingsGroup, models);
    },
    afterArchive: async (h, uuids) => {
      const rows = await h.db
        .select({ model: accessRules.model })
        .from(accessRules)
        .where(inArray(accessRules.uuid, uuids));
      await refreshRuleMatches(h.db, h.settingsGroup, [...new Set(rows.map((r) => r.model))]);
    },
  },
};
