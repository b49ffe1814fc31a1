// The grid's context (grid-context.ts), the one object its column adapters, renderers and editors read: created
// with the grid, kept current on every render (format, translations, the open callback, the settings group that
// reference lookups search in, the record templates a paste may name), and every cell repainted when the number or date format changes.
import { useQueryClient } from '@tanstack/react-query';
import type { GridApi } from 'ag-grid-community';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from '../src/i18n';
import type { GridDefinition } from './define-grid';
import { fieldRefOf } from './field-refs';
import type { FormatContext } from './format-value';
import type { GridContext } from './grid-context';
import { createRefTitleResolver } from './ref-cells';
import { preloadTitles } from './ref-titles';
import type { ApiRecord } from '../src/api/records';

interface Current {
  format: FormatContext;
  openRecord: (record: ApiRecord) => void;
  openShortcuts: () => void;
  settingsGroupUuid: string | null;
  /** The model's record templates (docs/domain/record-templates.md). */
  templates?: readonly { uuid: string; name: string }[];
}

export function useGridContext(
  grid: GridDefinition,
  api: RefObject<GridApi<ApiRecord> | null>,
  { format, openRecord, openShortcuts, settingsGroupUuid, templates }: Current,
): RefObject<GridContext> {
  const { t } = useTranslation();
  const client = useQueryClient();
  const context = useRef<GridContext>(null as never);
  context.current ??= {
    entity: grid.entity,
    format,
    t,
    // Titles that arrive refresh the cells of the columns referencing that model (formatted values only).
    refTitles: createRefTitleResolver(client, (models) => {
      const columns = (api.current?.getColumns() ?? []).filter((column) => {
        const ref = fieldRefOf(grid, column.getColId());
        return (ref?.field.kind === 'ref' || ref?.field.kind === 'refs') && models.has(ref.field.model);
      });
      if (columns.length > 0) api.current?.refreshCells({ columns, force: true });
    }),
    cellErrors: new Map(),
    pending: new Map(),
    restoreCell: () => false,
    openRecord,
    openShortcuts,
    lookupScope: {},
    queryClient: client,
    templates: [],
  };
  // every title a list of references may name, so a typed or pasted title is found (grids/refs-cells.ts)
  useEffect(() => {
    for (const field of Object.values(grid.entity.fields))
      if (field.kind === 'refs') void preloadTitles(field.model).catch(() => undefined);
  }, [grid.entity]);
  context.current.format = format;
  context.current.t = t;
  context.current.openRecord = openRecord;
  context.current.templates = templates ?? [];
  context.current.lookupScope = settingsGroupUuid ? { settings_group_uuid: settingsGroupUuid } : {};

  useEffect(() => void api.current?.refreshCells({ force: true }), [api, format]);
  return context;
}
