// The block fill behind the fill handle, Ctrl+D and Ctrl+R: the source block repeated down or to the right over
// loaded rows the user may change, values carried into other columns only through a converter.
import { describe, expect, it } from 'vitest';
import type { Field } from '../../src/entities/fields';
import type { RowSlot, SheetColumn, SheetRow } from '../../grids/clipboard/paste-plan';
import { fillBlock, fillDown, fillRight, type Convert } from '../../grids/fill/fill';

const text: Field = { kind: 'text' };
const int: Field = { kind: 'int' };
const columns: SheetColumn[] = [
  { name: 'a', field: text, writable: true },
  { name: 'b', field: text, writable: true },
  { name: 'c', field: { kind: 'int', computed: true }, writable: false },
  { name: 'd', field: int, writable: true },
];
const row = (i: number, data: Record<string, unknown> = {}): SheetRow => ({
  uuid: `u${i}`,
  updatedAt: `2026-01-01T00:00:0${i % 10}Z`,
  data: { a: `a${i}`, b: `b${i}`, c: i, d: i, ...data },
  editable: true,
});
const box = (top: number, bottom: number, left: number, right: number) => ({ top, bottom, left, right });

describe('block fill (the fill handle, Ctrl+D, Ctrl+R)', () => {
  const rows = [row(0), row(1), row(2), row(3), row(4, { a: 'a0' })];
  const rowAt = (i: number): RowSlot => rows[i] ?? 'end';

  it('repeats a two-row source block down the target, skipping cells that already hold the value', () => {
    const edit = fillBlock(box(0, 1, 0, 0), box(0, 4, 0, 0), columns, rowAt);
    expect(edit.changes).toEqual([
      { uuid: 'u2', field: 'a', before: 'a2', after: 'a0' },
      { uuid: 'u3', field: 'a', before: 'a3', after: 'a1' },
      // u4 already holds a0
    ]);
    expect(edit.versions).toEqual({ u2: rows[2]!.updatedAt, u3: rows[3]!.updatedAt });
  });

  it('fills down a one-row source like Ctrl+D, leaving read-only columns and unloaded or locked rows', () => {
    const slots: RowSlot[] = [row(0), 'unloaded', { ...row(2), editable: false }, row(3)];
    const at = (i: number) => slots[i] ?? 'end';
    const edit = fillBlock(box(0, 0, 0, 3), box(0, 3, 0, 3), columns, at);
    expect(edit.changes.map((c) => `${c.uuid}.${c.field}=${String(c.after)}`)).toEqual([
      'u3.a=a0',
      'u3.b=b0',
      'u3.d=0',
    ]);
    expect(edit.skipped).toBe(4 + 4 + 1); // the unloaded row, the locked row, c of row 3
    expect(fillDown(box(0, 3, 0, 3), columns, at)).toEqual(edit);
  });

  it('carries values right: the same field as is, another field through the converter or not at all', () => {
    const right = fillBlock(box(0, 1, 0, 0), box(0, 1, 0, 3), columns, rowAt);
    // b is a text like a; d is an int, which a text does not go into without a converter
    expect(right.changes.map((c) => `${c.uuid}.${c.field}=${String(c.after)}`)).toEqual(['u0.b=a0', 'u1.b=a1']);
    expect(right.skipped).toBe(2 + 2); // c (read-only) and d in two rows

    const toNumber: Convert = (value, _from, to) =>
      to.field.kind === 'int' ? (/^\d+$/.test(String(value)) ? { value: Number(value) } : null) : { value };
    const numbers = [row(0, { b: '42' }), row(1, { b: 'x' })];
    const converted = fillRight(box(0, 1, 1, 3), columns, (i) => numbers[i] ?? 'end', toNumber);
    expect(converted.changes.map((c) => `${c.uuid}.${c.field}=${String(c.after)}`)).toEqual(['u0.d=42']);
  });

  it('stops at the end of the rows', () => {
    const edit = fillBlock(box(3, 3, 0, 0), box(3, 9, 0, 0), columns, rowAt);
    expect(edit.changes).toEqual([{ uuid: 'u4', field: 'a', before: 'a0', after: 'a3' }]);
  });
});
