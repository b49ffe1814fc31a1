// Scheduled exports (docs/domain/scheduled-exports.md): what the model adds to the records engine. Its recipients are
// members of its settings group (422 on `recipients.N` otherwise); its next slot is set on create and when its
// schedule changes; the saved view's name and table and its last run are read in the same query. `run` (Run now)
// starts a run and answers once it has ended; `runs` links the run log (server/routes/scheduled-exports.routes.ts).
// Its jobs start the runs at their slots and purge files older than 30 days.
import { eq, sql } from 'drizzle-orm';
import { MEMBER_MODEL } from '../../src/entities/fields';
import type { ExportSchedule } from '../../src/entities/scheduled-export';
import { nextSlot } from '../../src/domain/export-schedule';
import { action, type ModelBehaviour } from '../crud/model-behaviour';
import { lookUpRefs } from '../crud/refs';
import { gridViews } from '../db/entity-tables';
import { ValidationFailed } from '../http-error';
import type { MessageKey } from '../i18n/messages';
import {
  claimDueExports,
  executeRun,
  lastRun,
  presentRun,
  purgeExportFiles,
  startRun,
} from '../services/scheduled-export.service';
import { col } from '../crud/table';
import { entities } from '../../src/entities/registry';

const viewOf = (field: 'name' | 'table_name') =>
  sql<string>`(select ${gridViews[field]} from ${gridViews} where ${eq(gridViews.uuid, col(entities.scheduled_export, 'grid_view_uuid'))})`;

export const scheduledExport: ModelBehaviour = {
  selected: () => ({
    view_name: viewOf('name'),
    table_name: viewOf('table_name'),
    last_run_at: lastRun('started_at'),
    last_status: lastRun('status'),
  }),
  hooks: {
    beforeWrite: async (h, merged, changes, current) => {
      if ('recipients' in changes) {
        const given = Array.isArray(merged.recipients) ? (merged.recipients as string[]) : [];
        const found = await lookUpRefs(h.db, null, MEMBER_MODEL, {
          uuids: given.map((u) => u.toLowerCase()),
          sg: h.settingsGroup,
        });
        const members = new Set(found.map((m) => m.uuid.toLowerCase()));
        const problems: ValidationFailed['fields'] = {};
        given.forEach((u, i) => {
          if (!members.has(u.toLowerCase()))
            problems[`recipients.${i}`] = [{ key: 'validation.not_member' as MessageKey }];
        });
        if (Object.keys(problems).length) throw new ValidationFailed(problems);
      }
      if (!current || 'schedule' in changes || current.next_run_at == null)
        return { next_run_at: nextSlot(merged.schedule as ExportSchedule, h.now).toISOString() };
    },
  },
  actions: [
    action({
      name: 'run',
      run: async ({ ctx, tx, uuid, row }) => {
        const id = await startRun(tx, { uuid, sg: String(row.settings_group_uuid) }, 'manual');
        const base = `/api/v1/scheduled-exports/${uuid}`;
        const meta: Record<string, unknown> = {};
        return {
          meta,
          // the run is made once its log line is committed, outside the action's transaction
          afterCommit: async () => {
            meta.run = presentRun(await executeRun({ ...ctx, db: ctx.database.db }, id), base);
          },
        };
      },
    }),
  ],
  links: [{ name: 'runs' }],
  jobs: [
    { name: 'scheduled-exports', intervalMinutes: 1, run: claimDueExports },
    { name: 'scheduled-export-purge', intervalMinutes: 60, run: purgeExportFiles },
  ],
};
