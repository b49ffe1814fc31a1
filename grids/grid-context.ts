// What the column adapters, renderers and editors of one grid share: formatting, cell errors, callbacks.
// One mutable object per grid (AG Grid's `context`), so callbacks stay current without new column defs.
import type { QueryClient } from '@tanstack/react-query';
import type { IRowNode } from 'ag-grid-community';
import type { AnyEntity } from '../src/entities/define';
import type { FormatContext } from './format-value';
import type { ApiRecord } from '../src/api/records';
import type { RefTitleResolver } from './ref-cells';

export interface GridContext {
  entity: AnyEntity;
  format: FormatContext;
  /** Translations with `{{x}}` values (plain-DOM renderers have no hook). */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** Titles of referenced records for ref cells. */
  refTitles: RefTitleResolver;
  /** Messages of rejected edits per `uuid:field`, shown at the cell until the next edit of it. */
  cellErrors: Map<string, string>;
  /**
   * Refused values kept in their cells per `uuid:field` (use-cell-edit.ts): the row shows what was typed, `before`
   * is the saved value that Escape or Undo puts back.
   */
  pending: Map<string, { before: unknown }>;
  /** Puts a refused cell's saved value back (Escape, Undo); false when the cell holds no refused value. */
  restoreCell: (node: IRowNode<ApiRecord>, field: string) => boolean;
  openRecord: (record: ApiRecord) => void;
  openShortcuts: () => void;
  /** Query parameters a lookup of referenced records adds (selected settings group). */
  lookupScope: Record<string, string>;
  /** The app's query cache, for React parts rendered inside the grid (the lookup editor). */
  queryClient: QueryClient;
  /** The model's live record templates in the selected settings group: a paste's template column names one. */
  templates: readonly { uuid: string; name: string }[];
}

export const cellKey = (uuid: string, field: string) => `${uuid}:${field}`;
