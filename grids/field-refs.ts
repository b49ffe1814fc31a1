// Columns by name: a model field or a system column (created/changed by and at), with its header text.
// Free of AG Grid, so the mobile card list and forms can use it without loading the grid.
import type { Field } from '../src/entities/fields';
import { isSystemColumn, type GridDefinition } from './define-grid';
import type { FieldRef } from './format-value';

const SYSTEM_FIELDS: Record<string, Field> = {
  created_at: { kind: 'datetime', readOnly: true },
  updated_at: { kind: 'datetime', readOnly: true },
  archived_at: { kind: 'datetime', readOnly: true },
  created_by: { kind: 'text', readOnly: true },
  updated_by: { kind: 'text', readOnly: true },
};

export function fieldRefOf(grid: GridDefinition, name: string): FieldRef | null {
  const field = grid.entity.fields[name] ?? (isSystemColumn(name) ? SYSTEM_FIELDS[name] : undefined);
  return field ? { model: grid.entity.name, name, field } : null;
}

export function headerOf(t: (key: string) => string, model: string, name: string): string {
  return isSystemColumn(name) ? t(`grid.system.${name}`) : t(`entities.${model}.fields.${name}`);
}
