// The block fill behind the fill handle, Ctrl+D and Ctrl+R: the source block repeated down or to the right over
// loaded rows the user may change, values carried into other columns only through a converter.
import { describe, expect, it } from 'vitest';
import type { Field } from '../../src/entities/fields';
import type { RowSlot, SheetColumn, SheetRow } from '../../grids/clipboard/paste-plan';
import { fillBlock, fillDown, fillRight, seriesOf, type Convert } from '../../grids/fill/fill';

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

describe('series in a block filled downwards (the fill handle)', () => {
  const decimal: SheetColumn = { name: 'x', field: { kind: 'decimal' }, writable: true };
  const date: SheetColumn = { name: 'x', field: { kind: 'date' }, writable: true };
  const year: SheetColumn = { name: 'x', field: { kind: 'int' }, writable: true };
  const run = (f: ((k: number) => unknown) | null, n: number) => Array.from({ length: n }, (_, k) => f?.(k));

  it('continues numbers and dates in equal steps, exactly and in the stored form', () => {
    expect(run(seriesOf([1, 2], year), 4)).toEqual([1, 2, 3, 4]);
    expect(run(seriesOf([2030, 2025, 2020], year), 5)).toEqual([2030, 2025, 2020, 2015, 2010]);
    expect(run(seriesOf(['0.1000', '0.2000'], decimal), 4)).toEqual(['0.1000', '0.2000', '0.3000', '0.4000']);
    expect(run(seriesOf(['1.5', '1.75'], decimal), 4)).toEqual(['1.50', '1.75', '2.00', '2.25']);
    expect(run(seriesOf(['0.5', '-0.5'], decimal), 3)).toEqual(['0.5', '-0.5', '-1.5']);
    expect(run(seriesOf(['2026-01-30', '2026-01-31'], date), 3)).toEqual(['2026-01-30', '2026-01-31', '2026-02-01']);
    expect(run(seriesOf(['2028-02-22', '2028-02-29'], date), 3)).toEqual(['2028-02-22', '2028-02-29', '2028-03-07']);
  });

  it('copies instead when the steps differ, are zero, a cell is empty or the kind has no order', () => {
    expect(seriesOf([1], year)).toBeNull();
    expect(seriesOf([1, 2, 4], year)).toBeNull();
    expect(seriesOf([3, 3], year)).toBeNull();
    expect(seriesOf([1, null], year)).toBeNull();
    expect(seriesOf(['2026-01-01', 'x'], date)).toBeNull();
    expect(seriesOf(['a1', 'a2'], { name: 'x', field: { kind: 'text' }, writable: true })).toBeNull();
  });

  it('the handle dragged down continues a numeric column and repeats a text column beside it', () => {
    const rows = [row(0, { d: 10 }), row(1, { d: 20 }), row(2), row(3), row(4)];
    const edit = fillBlock(box(0, 1, 0, 3), box(0, 4, 0, 3), columns, (i) => rows[i] ?? 'end');
    const after = (uuid: string, field: string) =>
      edit.changes.find((c) => c.uuid === uuid && c.field === field)?.after;
    expect([2, 3, 4].map((i) => after(`u${i}`, 'd'))).toEqual([30, 40, 50]);
    expect([2, 3, 4].map((i) => after(`u${i}`, 'a'))).toEqual(['a0', 'a1', 'a0']);
    // Ctrl+D (one source row) still copies
    const down = fillDown(box(0, 2, 3, 3), columns, (i) => rows[i] ?? 'end');
    expect(down.changes.map((c) => c.after)).toEqual([10, 10]);
  });
});
