// AG Grid column definitions derived from a model definition: one exhaustive adapter per field kind (width,
// editor, filter), then one column per field in the layout's order (preferences.ts).
import type { ColDef, SuppressKeyboardEventParams } from 'ag-grid-community';
import { isWritable, type Field, type FieldKind } from '../src/entities/fields';
import { entityByName } from '../src/entities/registry';
import { NumberTextEditor, RefLookupEditor } from './cell-editors';
import { TitleCell } from './cell-renderers';
import { RefsChipsCell, RefsTextEditor, refsText } from './refs-cells';
import { EnumsTextEditor } from './enums-cells';
import { MIN_WIDTH, columnWidth } from './column-width';
import type { GridDefinition } from './define-grid';
import { ValuesFilter } from './enum-filter';
import { fieldRefOf, headerOf } from './field-refs';
import { formatValue, type FieldRef } from './format-value';
import { cellKey, type GridContext } from './grid-context';
import { isFilterable, isSortable } from './list-query';
import type { GridLayout } from './preferences';
import type { ApiRecord } from '../src/api/records';

type Col = ColDef<ApiRecord, unknown>;
type Part = Pick<Col, 'cellEditor' | 'cellEditorParams' | 'cellEditorPopup' | 'filter' | 'filterParams'>;

interface KindAdapter {
  /** The typical content's width in px; the column's default width also fits its header (column-width.ts). */
  width: number;
  numeric?: boolean;
  editor: (ref: FieldRef) => Part;
  filter: (ref: FieldRef) => Part;
}

const text = (ref: FieldRef): Part => ({
  cellEditor: 'agTextCellEditor',
  cellEditorParams: { maxLength: 'max' in ref.field ? ref.field.max : undefined },
});
const textFilter = (): Part => ({
  filter: 'agTextColumnFilter',
  filterParams: { filterOptions: ['contains'], maxNumConditions: 1, debounceMs: 400 },
});
const RANGE_OPTIONS = ['equals', 'greaterThanOrEqual', 'lessThanOrEqual', 'inRange'];
const numberFilter = (): Part => ({
  filter: 'agNumberColumnFilter',
  filterParams: { filterOptions: RANGE_OPTIONS, maxNumConditions: 1, inRangeInclusive: true, debounceMs: 400 },
});
const number = (ref: FieldRef): Part => ({ cellEditor: NumberTextEditor, cellEditorParams: { kind: ref.field.kind } });
const none = (): Part => ({ filter: false });
const valuesFilter = (labels: Record<string, string>): Part => ({ filter: ValuesFilter, filterParams: { labels } });
const enumValues = (field: Field) => (field.kind === 'enum' ? field.values : []);

export const columnAdapters = {
  text: { width: 160, editor: text, filter: textFilter },
  long_text: {
    width: 240,
    editor: () => ({ cellEditor: 'agLargeTextCellEditor', cellEditorPopup: true }),
    filter: textFilter,
  },
  email: { width: 200, editor: text, filter: textFilter },
  phone: { width: 140, editor: text, filter: textFilter },
  int: { width: 90, numeric: true, editor: number, filter: numberFilter },
  decimal: { width: 110, numeric: true, editor: number, filter: numberFilter },
  money: { width: 140, numeric: true, editor: number, filter: numberFilter },
  area: { width: 110, numeric: true, editor: number, filter: numberFilter },
  percent: { width: 90, numeric: true, editor: number, filter: numberFilter },
  geo: { width: 110, numeric: true, editor: number, filter: numberFilter },
  bool: {
    width: 80,
    editor: () => ({ cellEditor: 'agCheckboxCellEditor' }),
    filter: () => valuesFilter({ '1': 'grid.yes', '0': 'grid.no' }),
  },
  date: {
    width: 110,
    editor: () => ({ cellEditor: 'agDateStringCellEditor' }),
    filter: () => ({
      filter: 'agDateColumnFilter',
      filterParams: { filterOptions: RANGE_OPTIONS, maxNumConditions: 1, inRangeInclusive: true },
    }),
  },
  datetime: { width: 150, editor: text, filter: none },
  enum: {
    width: 130,
    editor: ({ field }) => ({
      cellEditor: 'agSelectCellEditor',
      cellEditorParams: { values: field.required ? [...enumValues(field)] : [null, ...enumValues(field)] },
    }),
    filter: ({ model, name, field }) =>
      valuesFilter(Object.fromEntries(enumValues(field).map((v) => [v, `enums.${model}.${name}.${v}`]))),
  },
  // several options: their labels typed separated by `;`; filtered by any of them (a record holding one matches)
  enums: {
    width: 180,
    editor: ({ model, name, field }) => ({
      cellEditor: EnumsTextEditor,
      cellEditorParams: { model, name, values: field.kind === 'enums' ? field.values : [] },
    }),
    filter: ({ model, name, field }) =>
      valuesFilter(
        Object.fromEntries((field.kind === 'enums' ? field.values : []).map((v) => [v, `enums.${model}.${name}.${v}`])),
      ),
  },
  ref: {
    width: 180,
    editor: ({ field }) => ({
      cellEditor: RefLookupEditor,
      cellEditorPopup: true,
      cellEditorParams: {
        model: field.kind === 'ref' ? field.model : '',
        allowClear: !field.required,
        propertyScoped: field.kind === 'ref' && entityByName(field.model)?.scope === 'property',
      },
    }),
    filter: none,
  },
  refs: {
    width: 220,
    editor: ({ field }) => ({
      cellEditor: RefsTextEditor,
      cellEditorParams: { model: field.kind === 'refs' ? field.model : '' },
    }),
    filter: none,
  },
  json: { width: 200, editor: () => ({}), filter: none },
} satisfies { [K in FieldKind]: KindAdapter };

/** The id AG Grid gives its checkbox selection column. */
export const SELECTION_COLUMN = 'ag-Grid-SelectionColumn';

/**
 * The grid's own keys in the select state (docs/domain/spreadsheet.md, "Keyboard"): Space opens the record drawer, `?` the shortcut
 * sheet. Everything else keeps AG Grid's behaviour (Enter/F2 edit, typing replaces, Esc cancels, Delete clears).
 */
function gridKeys(p: SuppressKeyboardEventParams<ApiRecord>): boolean {
  const { event, editing, data, column } = p;
  // Escape on a cell holding a refused value puts the saved one back (use-cell-edit.ts), also from its editor
  if (event.key === 'Escape' && event.type === 'keydown' && p.node.data && (p.context as GridContext).pending.size) {
    if (editing) p.api.stopEditing(true);
    if ((p.context as GridContext).restoreCell(p.node, column.getColId())) return true;
  }
  if (editing || event.ctrlKey || event.metaKey || event.altKey || column.getColId() === SELECTION_COLUMN) return false;
  const context = p.context as GridContext;
  if (event.key === ' ' && data) {
    event.preventDefault(); // no page scroll
    if (event.type === 'keydown') context.openRecord(data);
    return true;
  }
  if (event.key === '?') {
    if (event.type === 'keydown') context.openShortcuts();
    return true;
  }
  return false;
}

/** Keys an open popup editor handles itself (the lookup's list). */
const suppressListKeys = (p: SuppressKeyboardEventParams<ApiRecord>) =>
  (p.editing && ['Enter', 'ArrowUp', 'ArrowDown', 'Escape'].includes(p.event.key)) || gridKeys(p);

/** Early out while no edit was rejected: the rule runs for every rendered cell. */
const hasCellError = (context: GridContext, data: ApiRecord | undefined, name: string) =>
  context.cellErrors.size > 0 && data !== undefined && context.cellErrors.has(cellKey(data.uuid, name));

function refText(value: unknown, model: string, context: GridContext): string {
  if (typeof value !== 'string' || !value) return '';
  const state = context.refTitles.get(model, value);
  if (typeof state === 'object') return state.title;
  return state === 'pending' ? '…' : context.t('grid.unknownRecord');
}

const refMuted = (value: unknown, model: string, context: GridContext) =>
  typeof value === 'string' && value !== '' && typeof context.refTitles.get(model, value) !== 'object';

function columnDef(grid: GridDefinition, ref: FieldRef, t: (key: string) => string): Col {
  const { name, field } = ref;
  const adapter: KindAdapter = columnAdapters[field.kind];
  const writable = name in grid.entity.fields && isWritable(field);
  // a status is its label after a dot, green while it counts as active: classes on the cell, no renderer (a cell
  // renderer costs ag-grid-react a second DOM pass per row while scrolling; docs/decisions.md, "Grid cells")
  const statusLike = grid.renderers[name] === 'statusTag';
  const headerName = headerOf(t, grid.entity.name, name);
  const sortable = isSortable(grid.entity, name);
  const filter = isFilterable(grid.entity, name) ? adapter.filter(ref) : { filter: false };
  return {
    colId: name,
    field: name,
    headerName,
    width: columnWidth({
      header: headerName,
      content: adapter.width,
      sortable,
      filterable: Boolean(filter.filter),
      title: name === grid.entity.titleField,
    }),
    sortable,
    ...filter,
    ...(writable ? adapter.editor(ref) : {}),
    editable: writable && field.kind !== 'json' ? (p) => Boolean(p.data?.links.update) : false,
    type: adapter.numeric ? 'rightAligned' : undefined,
    cellDataType: false,
    valueFormatter:
      field.kind === 'ref'
        ? (p) => refText(p.value, field.model, p.context as GridContext)
        : field.kind === 'refs'
          ? (p) => refsText(p.context as GridContext, field.model, p.value)
          : (p) => formatValue(p.value, ref, (p.context as GridContext).format, p.data),
    cellRenderer:
      name === grid.entity.titleField
        ? TitleCell
        : field.kind === 'bool'
          ? 'agCheckboxCellRenderer'
          : field.kind === 'refs'
            ? RefsChipsCell
            : undefined,
    ...(field.kind === 'refs' ? { cellRendererParams: { model: field.model } } : {}),
    suppressKeyboardEvent: field.kind === 'ref' ? suppressListKeys : gridKeys,
    ...(statusLike ? { cellClass: 'hw-status-cell' } : {}),
    cellClassRules: {
      'hw-cell-error': (p) => hasCellError(p.context as GridContext, p.data, name),
      ...(statusLike
        ? {
            'hw-status-active': (p) =>
              (p.context as GridContext).entity.status?.active.includes(String(p.value)) ?? false,
            'hw-status-none': (p) => p.value === null || p.value === undefined || p.value === '',
          }
        : {}),
      ...(field.kind === 'ref'
        ? { 'hw-cell-muted': (p) => refMuted(p.value, field.model, p.context as GridContext) }
        : {}),
    },
  };
}

/** The columns in the layout's order with its visibility, widths, pinning and sort as initial state. */
export function buildColumnDefs(grid: GridDefinition, layout: GridLayout, t: (key: string) => string): Col[] {
  return layout.columns.flatMap((column) => {
    const ref = fieldRefOf(grid, column.colId);
    if (!ref) return [];
    const { width, ...def } = columnDef(grid, ref, t);
    return [
      {
        ...def,
        initialHide: column.hide,
        initialWidth: column.width ?? width,
        initialPinned: column.pinned ?? undefined,
        initialSort: layout.sort?.colId === column.colId ? layout.sort.sort : undefined,
      },
    ];
  });
}

/** Default width of a column, for "reset to default". */
export function defaultWidth(grid: GridDefinition, name: string, t: (key: string) => string): number {
  const ref = fieldRefOf(grid, name);
  return ref ? (columnDef(grid, ref, t).width ?? MIN_WIDTH) : MIN_WIDTH;
}
