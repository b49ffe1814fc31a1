// Excel's paste tiling: a clipboard block repeated over a selected range that is a whole multiple of it, else
// pasted once from the range's top-left; one value fills any range.
import { describe, expect, it } from 'vitest';
import { fromCell } from '../../src/domain/cells';
import type { Field } from '../../src/entities/fields';
import { buildPastePlan, type RowSlot, type SheetColumn, type SheetRow } from '../../grids/clipboard/paste-plan';
import { pasteArea } from '../../grids/clipboard/tile';

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
const parse = (raw: string, column: SheetColumn) =>
  fromCell(column.field, column.name, raw, { locale: 'en-us', dateFormat: 'DD.MM.YYYY' });
const invalid = (column: SheetColumn) => `bad ${column.name}`;
const grid = (area: ReturnType<typeof pasteArea>) =>
  Array.from({ length: area.height }, (_, r) => Array.from({ length: area.width }, (_, c) => area.at(r, c)));
const box = (top: number, bottom: number, left: number, right: number) => ({ top, bottom, left, right });

describe('paste tiling', () => {
  it('repeats a block over a range that is a whole multiple of it in both directions', () => {
    const area = pasteArea(
      [
        ['1', '2'],
        ['3', '4'],
      ],
      box(5, 8, 0, 3),
    );
    expect(area.tiled).toBe(true);
    expect(grid(area)).toEqual([
      ['1', '2', '1', '2'],
      ['3', '4', '3', '4'],
      ['1', '2', '1', '2'],
      ['3', '4', '3', '4'],
    ]);
  });

  it('repeats a row down and a column across', () => {
    expect(grid(pasteArea([['x', 'y']], box(0, 2, 1, 2)))).toEqual([
      ['x', 'y'],
      ['x', 'y'],
      ['x', 'y'],
    ]);
    expect(grid(pasteArea([['x'], ['y']], box(0, 1, 0, 2)))).toEqual([
      ['x', 'x', 'x'],
      ['y', 'y', 'y'],
    ]);
  });

  it('pastes once from the top-left when the range is not a whole multiple, or not larger', () => {
    const rows = [['1'], ['2']];
    const odd = pasteArea(rows, box(0, 4, 0, 0)); // 5 rows for a block of 2
    expect(odd).toMatchObject({ tiled: false, height: 2, width: 1 });
    expect(pasteArea(rows, box(0, 4, 0, 2))).toMatchObject({ tiled: false, height: 2 }); // columns fit, rows do not
    expect(pasteArea([['1', '2']], box(0, 3, 0, 2))).toMatchObject({ tiled: false, width: 2 }); // 3 for a width of 2
    expect(pasteArea(rows, box(7, 8, 3, 3))).toMatchObject({ tiled: false, height: 2 }); // the same size
    expect(pasteArea(rows, box(7, 7, 3, 3))).toMatchObject({ tiled: false, height: 2 }); // one cell: the anchor
  });

  it('fills any range with one value, and reads ragged rows as empty cells', () => {
    expect(grid(pasteArea([['7']], box(0, 2, 0, 1)))).toEqual([
      ['7', '7'],
      ['7', '7'],
      ['7', '7'],
    ]);
    const ragged = pasteArea([['1', '2'], ['3']], box(0, 3, 0, 1));
    expect(grid(ragged)).toEqual([
      ['1', '2'],
      ['3', ''],
      ['1', '2'],
      ['3', ''],
    ]);
  });

  it('builds the paste plan over the whole tiled range, skipping the read-only column inside it', () => {
    const rows = Array.from({ length: 6 }, (_, i) => row(i));
    const plan = buildPastePlan({
      clip: [
        ['p', 'q', '0', '10'],
        ['r', 's', '0', '20'],
      ],
      bounds: box(1, 4, 0, 3),
      columns,
      rowAt: (i): RowSlot => rows[i] ?? 'end',
      parse,
      invalid,
    });
    expect(plan.readOnly).toEqual(['c']);
    expect(plan.rows.map((r) => [r.uuid, ...r.cells.map((c) => c.value)])).toEqual([
      ['u1', 'p', 'q', 10],
      ['u2', 'r', 's', 20],
      ['u3', 'p', 'q', 10],
      ['u4', 'r', 's', 20],
    ]);
  });

  it('pastes a block once into a range of another shape, and past its bottom', () => {
    const rows = Array.from({ length: 6 }, (_, i) => row(i));
    const plan = buildPastePlan({
      clip: [['p'], ['r']],
      bounds: box(0, 2, 0, 0),
      columns,
      rowAt: (i): RowSlot => rows[i] ?? 'end',
      parse,
      invalid,
    });
    expect(plan.rows.map((r) => [r.uuid, r.cells[0]!.value])).toEqual([
      ['u0', 'p'],
      ['u1', 'r'],
    ]);
  });
});
