// Parsing of typed, pasted and spreadsheet values per locale and kind, and typed export cells.
import { describe, expect, it } from 'vitest';
import { parseBool, parseDate, parseDateTime, parseNumber, excelSerialToDate } from '../../src/domain/parse';
import { fromCell, toCell, type CellContext } from '../../src/domain/cells';
import { entities } from '../../src/entities/registry';

describe('numbers per locale', () => {
  it.each([
    ['de', '1.234,56', '1234.56'],
    ['de', '1234,5', '1234.5'],
    ['de', '1,5', '1.5'],
    ['de', '1.5', '1.5'],
    ['de', '1.234', '1234'],
    ['de-ch', "1'234.50", '1234.50'],
    ['de-ch', '1’234.50', '1234.50'],
    ['de-ch', 'CHF 1’234.50', '1234.50'],
    ['en-us', '1,234.56', '1234.56'],
    ['en-us', '$1,234.56', '1234.56'],
    ['en-us', '−12.5', '-12.5'],
    ['de', '12 %', '12'],
    ['de-ch', '2,5', '2.5'],
    ['de-ch', '1.234,50', '1234.50'],
    ['de-ch', '1,5', '1.5'],
    ['de-ch', '1.234', '1.234'],
    ['en-us', '1,234', '1234'],
  ] as const)('%s %s → %s', (locale, input, out) => {
    expect(parseNumber(input, 'money', locale)).toEqual({ ok: true, value: out });
  });

  it('refuses what is not a number and keeps ints whole', () => {
    expect(parseNumber('12a', 'money', 'de').ok).toBe(false);
    expect(parseNumber('1,2,3', 'decimal', 'de').ok).toBe(false);
    expect(parseNumber('1972', 'int', 'de')).toEqual({ ok: true, value: 1972 });
    expect(parseNumber('19,5', 'int', 'de').ok).toBe(false);
    expect(parseNumber('  ', 'int', 'de')).toEqual({ ok: true, value: null });
  });

  it('reads a CSV cell written the other way in an import (the file is text, the shape decides)', () => {
    const ctx: CellContext = { locale: 'de-ch', dateFormat: 'DD.MM.YYYY' };
    const money = entities.bill.fields.amount;
    expect(fromCell(money, 'amount', '1.234,50', ctx)).toEqual({ ok: true, value: '1234.50' });
    expect(fromCell(money, 'amount', '1,234.50', { ...ctx, locale: 'de' })).toEqual({ ok: true, value: '1234.50' });
    expect(fromCell(money, 'amount', 1234.5, ctx)).toEqual({ ok: true, value: '1234.5' });
  });
});

describe('instants typed in the form', () => {
  it('read a date and a time in the browser’s zone, a date alone as its midnight, or ISO with an offset', () => {
    const local = (y: number, m: number, d: number, h = 0, min = 0, sec = 0) =>
      new Date(y, m - 1, d, h, min, sec).toISOString();
    expect(parseDateTime('31.01.2024 7:05', 'DD.MM.YYYY')).toEqual({ ok: true, value: local(2024, 1, 31, 7, 5) });
    expect(parseDateTime('02/01/2024 23:59:30', 'MM/DD/YYYY')).toEqual({
      ok: true,
      value: local(2024, 2, 1, 23, 59, 30),
    });
    expect(parseDateTime('31.01.2024', 'DD.MM.YYYY')).toEqual({ ok: true, value: local(2024, 1, 31) });
    expect(parseDateTime('2024-01-31T06:00:00+01:00', 'DD.MM.YYYY')).toEqual({
      ok: true,
      value: '2024-01-31T05:00:00.000Z',
    });
    expect(parseDateTime('', 'DD.MM.YYYY')).toEqual({ ok: true, value: null });
    for (const bad of ['31.02.2024 10:00', '31.01.2024 24:00', '31.01.2024 10:60', '31.01.2024 10', 'heute', '1 2 3'])
      expect(parseDateTime(bad, 'DD.MM.YYYY').ok, bad).toBe(false);
  });
});

describe('dates', () => {
  it('read the user format, ISO and Excel serials, and refuse impossible days', () => {
    expect(parseDate('31.01.2024', 'DD.MM.YYYY')).toEqual({ ok: true, value: '2024-01-31' });
    expect(parseDate('1.2.24', 'DD.MM.YYYY')).toEqual({ ok: true, value: '2024-02-01' });
    expect(parseDate('02/01/2024', 'MM/DD/YYYY')).toEqual({ ok: true, value: '2024-02-01' });
    expect(parseDate('2024-02-29', 'DD.MM.YYYY')).toEqual({ ok: true, value: '2024-02-29' });
    expect(parseDate('45322', 'DD.MM.YYYY')).toEqual({ ok: true, value: '2024-01-31' });
    expect(parseDate('31.02.2024', 'DD.MM.YYYY').ok).toBe(false);
    expect(parseDate('2023-02-29', 'DD.MM.YYYY').ok).toBe(false);
    expect(excelSerialToDate(60)).toBe('1900-02-28'); // Excel's phantom 1900-02-29 sits at 60; we follow the 1900 system from 61 on
    expect(excelSerialToDate(61)).toBe('1900-03-01');
  });
});

describe('booleans', () => {
  it('accept the usual spellings in both languages', () => {
    for (const t of ['ja', 'Yes', 'x', '1', 'TRUE']) expect(parseBool(t)).toEqual({ ok: true, value: 1 });
    for (const f of ['nein', 'no', '0', '']) expect(parseBool(f)).toEqual({ ok: true, value: 0 });
    expect(parseBool('vielleicht').ok).toBe(false);
  });
});

describe('cells', () => {
  const ctx: CellContext = {
    locale: 'de-ch',
    dateFormat: 'DD.MM.YYYY',
    enumByLabel: (_f, label) => (label === 'aktiv' ? 'active' : undefined),
  };
  const f = entities.facility.fields;
  it('read typed workbook cells and text cells', () => {
    expect(fromCell(f.unit_price!, 'unit_price', 1234.5, ctx)).toEqual({ ok: true, value: '1234.5' });
    expect(fromCell(f.unit_price!, 'unit_price', "1'234.50", ctx)).toEqual({ ok: true, value: '1234.50' });
    expect(fromCell(f.commissioning_year!, 'commissioning_year', 2019, ctx)).toEqual({ ok: true, value: 2019 });
    expect(fromCell(f.purchase_date!, 'purchase_date', new Date(Date.UTC(2024, 0, 31)), ctx)).toEqual({
      ok: true,
      value: '2024-01-31',
    });
    expect(fromCell(f.purchase_date!, 'purchase_date', 45322, ctx)).toEqual({ ok: true, value: '2024-01-31' });
    expect(fromCell(f.status!, 'status', 'Aktiv', ctx)).toEqual({ ok: true, value: 'active' });
    expect(fromCell(f.status!, 'status', 'INACTIVE', ctx)).toEqual({ ok: true, value: 'inactive' });
    expect(fromCell(f.status!, 'status', 'kaputt', ctx).ok).toBe(false);
    expect(fromCell(f.excluded_from_renewal!, 'excluded_from_renewal', 'ja', ctx)).toEqual({ ok: true, value: true });
    expect(fromCell(f.name!, 'name', '  Boiler  ', ctx)).toEqual({ ok: true, value: 'Boiler' });
  });
  it('write typed cells for export', () => {
    expect(toCell(f.unit_price!, '1234.50')).toBe(1234.5);
    expect(toCell(f.purchase_date!, '2024-01-31')).toEqual(new Date(Date.UTC(2024, 0, 31)));
    expect(toCell(f.excluded_from_renewal!, false)).toBe(false);
    expect(toCell(f.name!, null)).toBeNull();
  });
});
