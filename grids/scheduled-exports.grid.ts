// The scheduled exports of the settings page /settings/exports (docs/domain/scheduled-exports.md, "The page"): the
// saved view, how often, the next slot and the last run.
import { scheduledExport } from '../src/entities/scheduled-export';
import { defineGrid } from './define-grid';

export const scheduledExportsGrid = defineGrid(scheduledExport, {
  columns: ['name', 'grid_view_uuid', 'schedule', 'next_run_at', 'last_run_at', 'last_status'],
  card: ['grid_view_uuid', 'schedule', 'last_status'],
});
