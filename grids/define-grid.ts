// A module's grid: which columns show by default, which are pinned, named renderers. The layout the user makes
// of it lives in the per-device preferences (preferences.ts); this is the default they reset to.
import type { AnyEntity } from '../src/entities/define';

/** How a grid definition may ask a column to be drawn: `statusTag`, a status as a dot and its label (columns.ts). */
export type RendererName = 'statusTag';

/** System columns every record has, offered in the column chooser after the model's own fields. */
export const SYSTEM_COLUMNS = ['created_at', 'created_by', 'updated_at', 'updated_by', 'archived_at'] as const;
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number];

export interface GridDefinition {
  entity: AnyEntity;
  /** The preferences key (`PUT /user/table-settings/{table}`). */
  table: string;
  /** Visible by default, in this order; every other column is offered in the chooser. */
  columns: readonly string[];
  pinned: readonly string[];
  renderers: Readonly<Record<string, RendererName>>;
  /** `pages`: pagination with rows per page; `infinite`: endless scrolling in keyset blocks (large tables). */
  scroll: 'pages' | 'infinite';
  rowsPerPage: number;
  /** Two or three fields under the title on the mobile card list. */
  card: readonly string[];
  /** CSS classes of the rows whose field has one of the values (a measurement's anomalous readings). */
  rowClasses?: Readonly<Record<string, { field: string; values: readonly string[] }>>;
}

type Options = Partial<Omit<GridDefinition, 'entity'>> & { columns: readonly string[] };

export function defineGrid(entity: AnyEntity, options: Options): GridDefinition {
  for (const name of [...options.columns, ...(options.pinned ?? []), ...(options.card ?? [])]) {
    if (!(name in entity.fields) && !(SYSTEM_COLUMNS as readonly string[]).includes(name))
      throw new Error(`${entity.name} grid: unknown column ${name}`);
  }
  return {
    entity,
    table: entity.name,
    pinned: [entity.titleField],
    renderers: entity.status ? { [entity.status.field]: 'statusTag' } : {},
    scroll: 'pages',
    rowsPerPage: 50,
    card: options.columns.filter((c) => c !== entity.titleField).slice(0, 3),
    ...options,
  };
}

/** Every column a grid can show, in its default order: default columns, other fields, system columns. */
export function allColumns(grid: GridDefinition): string[] {
  const fields = Object.entries(grid.entity.fields)
    .filter(([, field]) => !field.hidden)
    .map(([name]) => name);
  const rest = [...fields, ...SYSTEM_COLUMNS].filter((name) => !grid.columns.includes(name));
  return [...grid.columns, ...rest];
}

export const isSystemColumn = (name: string): name is SystemColumn =>
  (SYSTEM_COLUMNS as readonly string[]).includes(name);
