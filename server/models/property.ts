// Properties (docs/domain/permissions.md, "Property deletion"): deleting one takes everything under it, and waits
// for its license: property-deletion.routes.ts takes the generic delete over (409 while a license is valid); a bulk
// delete does the same through the hook below (the engine calls `afterArchive` after a delete too: a property found
// deleted there takes its records along, or the whole request is refused while its license is valid); the daily job
// deletes the properties whose confirmed deletion request has come due (the day after the license's end).
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { ModelBehaviour } from '../crud/model-behaviour';
import { property as properties } from '../db/entity-tables';
import { HttpError } from '../http-error';
import { licensedUntil } from './license';
import { deletePropertyTree, runDueDeletions } from '../services/property-deletion.service';
import { isoDay } from '../services/task-schedule.service';

export const property: ModelBehaviour = {
  overrides: ['delete'],
  hooks: {
    afterArchive: async (h, uuids, archived) => {
      if (!archived || !uuids.length) return;
      const deleted = await h.db
        .select({ uuid: properties.uuid, at: properties.deleted_at })
        .from(properties)
        .where(and(inArray(properties.uuid, uuids), isNotNull(properties.deleted_at)));
      for (const p of deleted) {
        if (await licensedUntil(h.db, p.uuid, isoDay(h.now))) throw new HttpError(409, 'property_deletion.licensed');
        await deletePropertyTree(h.db, p.uuid, h.access.user.id, p.at!);
      }
    },
  },
  jobs: [
    {
      name: 'property-deletions',
      intervalMinutes: 24 * 60,
      run: async (ctx, now) => ({ counts: await runDueDeletions(ctx.db, now) }),
    },
  ],
};
