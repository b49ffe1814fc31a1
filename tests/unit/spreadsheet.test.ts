// The spreadsheet layer's pure pieces: exact decimals, bulk operations, range maths, paste mapping, fill and clear.
import { describe, expect, it } from 'vitest';
import { fromCell } from '../../src/domain/cells';
import { parseTsv } from '../../src/domain/clipboard';
import type { Field } from '../../src/entities/fields';
import { applyOperation, operationsFor, sameValue } from '../../grids/bulk-edit/bulk-ops';
import { decToString, div, round, toDec } from '../../src/domain/decimal';
import { fixCell, planRequests, withServerErrors } from '../../grids/clipboard/paste-edits';
import {
  buildPastePlan,
  pasteCounts,
  type RowSlot,
  type SheetColumn,
  type SheetRow,
} from '../../grids/clipboard/paste-plan';
import { bulkRows, clearRange, fillDown } from '../../grids/fill/fill';
import { boundsOf, capRange, extendRange, rangeStats, RANGE_ROW_CAP } from '../../grids/range/range';

const money: Field = { kind: 'money', min: 0 };
const int: Field = { kind: 'int' };
const percent: Field = { kind: 'percent' };

describe('decimals', () => {
  it('round half away from zero and keep the scale', () => {
    expect(decToString(round(toDec('2.345')!, 2))).toBe('2.35');
    expect(decToString(round(toDec('-2.345')!, 2))).toBe('-2.35');
    expect(decToString(toDec('7')!, 2)).toBe('7.00');
    expect(decToString(div(toDec('10')!, toDec('3')!, 4))).toBe('3.3333');
    expect(toDec('1e5')).toBeNull();
    expect(toDec('abc')).toBeNull();
  });
});

describe('bulk operations', () => {
  it('add, subtract, multiply and percent on money strings without float error', () => {
    expect(applyOperation(money, 'add', '0.10', '0.20')).toEqual({ ok: true, value: '0.30' });
    expect(applyOperation(money, 'subtract', '100.00', '0.01')).toEqual({ ok: true, value: '99.99' });
    expect(applyOperation(money, 'multiply', '19.99', '3')).toEqual({ ok: true, value: '59.97' });
    // +3 % of 1234.55 = 1271.5865 → 1271.59
    expect(applyOperation(money, 'percent', '1234.55', '3')).toEqual({ ok: true, value: '1271.59' });
    expect(applyOperation(money, 'percent', '200.00', '-12.5')).toEqual({ ok: true, value: '175.00' });
    expect(applyOperation(percent, 'add', '12.5', '0.125')).toEqual({ ok: true, value: '12.625' });
  });

  it('rounds ints and leaves empty values alone under a calculation', () => {
    expect(applyOperation(int, 'percent', 20, '3')).toEqual({ ok: true, value: 21 });
    expect(applyOperation(int, 'multiply', 7, '1.5')).toEqual({ ok: true, value: 11 });
    expect(applyOperation(money, 'add', null, '1')).toEqual({ ok: false, reason: 'empty' });
    expect(applyOperation(money, 'clear', '5.00', null)).toEqual({ ok: true, value: null });
    expect(applyOperation(money, 'set', '5.00', '8.20')).toEqual({ ok: true, value: '8.20' });
  });

  it('offer calculations for numbers only and no clear for required fields', () => {
    expect(operationsFor(money)).toEqual(['set', 'clear', 'add', 'subtract', 'multiply', 'percent']);
    expect(operationsFor({ kind: 'text', required: true })).toEqual(['set']);
  });

  it('compare numbers as numbers', () => {
    expect(sameValue(money, '100.00', '100')).toBe(true);
    expect(sameValue(money, '100.00', '100.01')).toBe(false);
    expect(sameValue({ kind: 'text' }, '', null)).toBe(true);
  });
});

describe('range', () => {
  it('normalises anchor and focus in any direction', () => {
    expect(boundsOf({ anchor: { row: 5, col: 3 }, focus: { row: 2, col: 1 } })).toEqual({
      top: 2,
      bottom: 5,
      left: 1,
      right: 3,
    });
  });

  it('caps the rows from the anchor and says so', () => {
    const down = capRange({ anchor: { row: 10, col: 0 }, focus: { row: 2000, col: 2 } });
    expect(down.capped).toBe(true);
    expect(down.range.focus).toEqual({ row: 10 + RANGE_ROW_CAP - 1, col: 2 });
    const up = capRange({ anchor: { row: 900, col: 0 }, focus: { row: 0, col: 0 } });
    expect(up.range.focus.row).toBe(900 - RANGE_ROW_CAP + 1);
    expect(capRange({ anchor: { row: 0, col: 0 }, focus: { row: 10, col: 0 } }).capped).toBe(false);
  });

  it('extends with Shift+arrows inside the grid', () => {
    const start = { anchor: { row: 0, col: 0 }, focus: { row: 0, col: 0 } };
    expect(extendRange(start, -1, 0, 9, 4).focus).toEqual({ row: 0, col: 0 });
    expect(extendRange(extendRange(start, 1, 0, 9, 4), 0, 1, 9, 4)).toEqual({
      anchor: { row: 0, col: 0 },
      focus: { row: 1, col: 1 },
    });
  });

  it('counts non-empty cells and sums numeric columns exactly', () => {
    const stats = rangeStats([
      ['0.10', true],
      ['0.20', true],
      [null, true],
      ['Boiler', false],
      ['7', false],
    ]);
    expect(stats).toEqual({ count: 4, numbers: 2, sum: '0.30', average: '0.15' });
    expect(rangeStats([['a', false]])).toEqual({ count: 1, numbers: 0, sum: null, average: null });
    expect(
      rangeStats([
        [100, true],
        [200, true],
      ]).average,
    ).toBe('150');
  });
});

const columns: SheetColumn[] = [
  { name: 'name', field: { kind: 'text', required: true }, writable: true },
  { name: 'renewal_costs', field: { kind: 'money', computed: true }, writable: false },
  { name: 'unit_price', field: money, writable: true },
  { name: 'commissioning_date', field: { kind: 'date' }, writable: true },
];

const row = (i: number, extra: Partial<SheetRow> = {}): SheetRow => ({
  uuid: `u${i}`,
  updatedAt: `2026-01-01T00:00:0${i}Z`,
  data: { name: `Boiler ${i}`, renewal_costs: '10.00', unit_price: '100.00', commissioning_date: null },
  editable: true,
  ...extra,
});

const rows = [row(0), row(1), row(2)];
const rowAt = (i: number): RowSlot => rows[i] ?? 'end';
const parse = (raw: string, column: SheetColumn) =>
  fromCell(column.field, column.name, raw, { locale: 'de-ch', dateFormat: 'DD.MM.YYYY' });
const invalid = (column: SheetColumn) => `bad ${column.name}`;

describe('paste mapping', () => {
  it('maps columns from the anchor, skips read-only ones and parses in the user locale', () => {
    const clip = parseTsv("Kessel\t99\t1'234.50\t31.01.2024\r\n");
    const plan = buildPastePlan({
      clip,
      bounds: { top: 1, bottom: 1, left: 0, right: 0 },
      columns,
      rowAt,
      parse,
      invalid,
    });
    expect(plan.readOnly).toEqual(['renewal_costs']);
    expect(plan.rows).toHaveLength(1);
    expect(plan.rows[0]!.cells.map((c) => [c.field, c.value, c.changed])).toEqual([
      ['name', 'Kessel', true],
      ['unit_price', '1234.50', true],
      ['commissioning_date', '2024-01-31', true],
    ]);
    expect(pasteCounts(plan)).toEqual({ changes: 3, newRows: 0, errors: 0, errorRows: 0 });
  });

  it('marks values that do not parse instead of writing them, and fixing parses again', () => {
    const clip = parseTsv('A\t\t12,5x\t31.02.2024\n');
    const plan = buildPastePlan({
      clip,
      bounds: { top: 0, bottom: 0, left: 0, right: 0 },
      columns,
      rowAt,
      parse,
      invalid,
    });
    expect(plan.rows[0]!.cells.filter((c) => c.error).map((c) => c.error)).toEqual([
      'bad unit_price',
      'bad commissioning_date',
    ]);
    expect(planRequests(plan)).toEqual({ updates: [], creates: [] });
    const fixed = fixCell(fixCell(plan, 0, columns[2]!, '12.5', { parse, invalid }), 0, columns[3]!, '29.02.2024', {
      parse,
      invalid,
    });
    expect(pasteCounts(fixed).errors).toBe(0);
    expect(planRequests(fixed).updates).toEqual([
      {
        row: 0,
        uuid: 'u0',
        updatedAt: rows[0]!.updatedAt,
        changes: { name: 'A', unit_price: '12.5', commissioning_date: '2024-02-29' },
      },
    ]);
  });

  it('fills a range with one pasted value', () => {
    const plan = buildPastePlan({
      clip: [['5']],
      bounds: { top: 0, bottom: 2, left: 2, right: 2 },
      columns,
      rowAt,
      parse,
      invalid,
    });
    expect(plan.rows.map((r) => r.cells.map((c) => c.value))).toEqual([['5'], ['5'], ['5']]);
  });

  it('turns rows past the last one into new records and skips locked and unloaded rows', () => {
    const slots: RowSlot[] = [row(0, { editable: false }), 'unloaded', row(2)];
    const clip = parseTsv('a\nb\nc\nd\ne\n\n');
    const plan = buildPastePlan({
      clip,
      bounds: { top: 0, bottom: 0, left: 0, right: 0 },
      columns,
      rowAt: (i) => slots[i] ?? 'end',
      parse,
      invalid,
    });
    expect(plan.locked).toBe(1);
    expect(plan.unloaded).toBe(1);
    expect(plan.rows.map((r) => r.uuid)).toEqual(['u2', null, null]);
    expect(pasteCounts(plan).newRows).toBe(2);
    expect(planRequests(plan).creates.map((c) => c.values)).toEqual([{ name: 'd' }, { name: 'e' }]);
  });

  it('leaves out and counts rows past the last one for a model whose records come from uploads only', () => {
    const plan = buildPastePlan({
      clip: parseTsv('a\nb\nc\nd\ne\n'),
      bounds: { top: 1, bottom: 1, left: 0, right: 0 },
      columns,
      rowAt,
      parse,
      invalid,
      canCreate: false,
    });
    expect(plan.rows.map((r) => r.uuid)).toEqual(['u1', 'u2']);
    expect(plan.notCreated).toBe(3);
    expect(pasteCounts(plan).newRows).toBe(0);
  });

  it('puts the server dry run errors on their cells', () => {
    const plan = buildPastePlan({
      clip: [['x', '', '1']],
      bounds: { top: 0, bottom: 0, left: 0, right: 0 },
      columns,
      rowAt,
      parse,
      invalid,
    });
    const checked = withServerErrors(plan, [0], {
      'rows.0.unit_price': ['Too small.'],
      'rows.0.property_uuid': ['Required.'],
    });
    expect(checked.rows[0]!.cells.map((c) => c.error)).toEqual(['Required.', 'Too small.']);
    expect(pasteCounts(checked).errorRows).toBe(1);
  });
});

describe('fill and clear', () => {
  it('fills the top row down into writable cells of loaded rows, as one list of changes', () => {
    const edit = fillDown({ top: 0, bottom: 2, left: 1, right: 3 }, columns, rowAt);
    // renewal_costs is read-only; commissioning_date is null everywhere already; unit_price is the same
    expect(edit.changes).toEqual([]);
    rows[0]!.data.unit_price = '250.00';
    const filled = fillDown({ top: 0, bottom: 2, left: 2, right: 2 }, columns, rowAt);
    expect(filled.changes).toEqual([
      { uuid: 'u1', field: 'unit_price', before: '100.00', after: '250.00' },
      { uuid: 'u2', field: 'unit_price', before: '100.00', after: '250.00' },
    ]);
    expect(bulkRows(filled.changes, filled.versions, 'before')).toEqual([
      { uuid: 'u1', updated_at: rows[1]!.updatedAt, unit_price: '100.00' },
      { uuid: 'u2', updated_at: rows[2]!.updatedAt, unit_price: '100.00' },
    ]);
    rows[0]!.data.unit_price = '100.00';
  });

  it('clears optional writable cells and leaves required ones', () => {
    const edit = clearRange({ top: 1, bottom: 2, left: 0, right: 2 }, columns, rowAt);
    expect(edit.changes.map((c) => `${c.uuid}.${c.field}`)).toEqual(['u1.unit_price', 'u2.unit_price']);
    expect(edit.skipped).toBe(4); // name (required) and renewal_costs (read-only) in two rows
  });
});
