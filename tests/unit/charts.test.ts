// The charts' pure parts: data shaping, the grid links and their `?filter=` round trip, number formats in the three
// languages, CSV and xlsx of a chart's data, the themes' contrast and the periods.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  budgetPoints,
  consumptionShape,
  counterLabel,
  defaultPeriod,
  filteredPath,
  homePeriod,
  isDay,
  markFiltersOf,
  markLink,
  staffingPoints,
  throughputPoints,
  volumePoints,
} from '../../views/charts/chart-data';
import { chartFormat, monthLabel, toCsv, weekLabel } from '../../views/charts/chart-format';
import { contrastRatio, DARK, LIGHT, parseColor } from '../../views/charts/chart-theme';
import { storedZip, xlsxBytes } from '../../views/charts/chart-xlsx';
import { fileName } from '../../views/charts/chart-export';
import { linkFilterQuery } from '../../views/records/url-filter';

/** Intl's Swiss grouping is ' or ’ depending on the ICU version. */
const swiss = (text: string) => text.replace(/[’']/g, "'");

describe('chart data', () => {
  it("shapes budget vs actual and links a bar to the server's filter of its series", () => {
    const none = { year: 2026, no_cost_group: '1' };
    const points = budgetPoints([
      {
        year: 2026,
        cost_group_uuid: 'cg-1',
        cost_group: 'Heizung',
        budgets: 2,
        budget: '1000.50',
        actual: '1200.00',
        filters: {
          budget: { year: 2026, cost_group_uuid: ['cg-1'] },
          actual: { year: 2026, cost_group_uuid: ['cg-1'] },
        },
      },
      {
        year: 2026,
        cost_group_uuid: null,
        cost_group: null,
        budgets: 1,
        budget: '300.00',
        actual: '0.00',
        filters: { budget: none },
      },
    ]);
    expect(points[0]).toMatchObject({ key: '2026|cg-1', budget: 1000.5, actual: 1200 });
    expect(markLink('budget', points[0]!, 'actual')).toEqual({
      model: 'budget',
      filter: { cost_group_uuid: ['cg-1'], year: 2026 },
    });
    expect(markLink('budget', points[1]!, 'budget')).toEqual({ model: 'budget', filter: none });
    expect(markLink('budget', points[1]!, 'actual')).toBeNull();
  });

  it('pivots consumption per month and counter and marks the anomalies without plotting them', () => {
    const meter = {
      counter_id: 'E-1',
      property: 'Seestrasse 1',
      readings: 2,
      anomalous_consumption: null,
      filters: {},
    };
    const rows = [
      {
        month: '2026-02',
        counter_uuid: 'a',
        counter: 'Strom',
        ...meter,
        unit: 'kWh',
        consumption: '10.5',
        per_m2: '0.1',
        anomalies: 1,
      },
      {
        month: '2026-01',
        counter_uuid: 'a',
        counter: 'Strom',
        ...meter,
        unit: 'kWh',
        consumption: '8',
        per_m2: '0.08',
        anomalies: 0,
      },
      {
        month: '2026-01',
        counter_uuid: 'b',
        counter: 'Wasser',
        ...meter,
        unit: 'm³',
        consumption: null,
        per_m2: null,
        anomalies: 2,
        anomalous_consumption: '-360000.0000',
      },
    ];
    // one unit at a time: kWh has the most rows
    const shape = consumptionShape(rows);
    expect(shape).toMatchObject({ units: ['kWh', 'm³'], unit: 'kWh', inUnit: 1, anomalies: 1 });
    expect(shape.counters.map((c) => c.name)).toEqual(['Strom']);
    expect(shape.data).toEqual([
      { month: '2026-01', a: 8, 'a:a': 0, 'a:m': null, 'a:f': {} },
      { month: '2026-02', a: 10.5, 'a:a': 1, 'a:m': 10.5, 'a:f': {} },
    ]);
    expect(counterLabel(shape.counters[0]!)).toBe('Strom · E-1 · Seestrasse 1');
    expect(counterLabel({ name: 'Strom', counterId: 'E-1', property: null })).toBe('Strom · E-1');
    expect(consumptionShape(rows, true).data[0]).toMatchObject({ a: 0.08 });
    const water = consumptionShape(rows, true, 'm³');
    expect(water).toMatchObject({ unit: 'm³', anomalies: 2 });
    // only anomalous readings: no value, the marker at 0 (the −360,000 never reaches the axis)
    expect(water.data[0]).toEqual({ month: '2026-01', b: null, 'b:a': 2, 'b:m': 0, 'b:f': {} });
    // the meters with the most consumption, at most `limit`
    const many = Array.from({ length: 9 }, (_, i) => ({
      month: '2026-01',
      counter_uuid: `c${i}`,
      counter: `Zähler ${i}`,
      ...meter,
      unit: 'kWh',
      consumption: String(i * 10),
      per_m2: null,
      anomalies: 0,
    }));
    const top = consumptionShape(many, false, undefined, 3);
    expect(top.counters.map((c) => c.uuid)).toEqual(['c8', 'c7', 'c6']);
    expect(top.inUnit).toBe(9);
    const anomalies = { counter_uuid: ['a'], status: ['anomalous'] };
    const marked = consumptionShape([{ ...rows[0]!, filters: { anomalies } }]).data[0];
    expect(markLink('measurement', markFiltersOf(marked, 'a'), 'anomalies')).toEqual({
      model: 'measurement',
      filter: anomalies,
    });
  });

  it('orders weeks and months and links overdue, staffing and contract types', () => {
    const overdue = { status: ['open'], due_date: { from: '2026-11-23', to: '2026-11-27' } };
    const weeks = throughputPoints([
      { week: '2026-W10', monday: '2026-03-02', opened: 1, closed: 0, overdue: 0, filters: {} },
      { week: '2026-W09', monday: '2026-02-23', opened: 2, closed: 1, overdue: 1, filters: { overdue } },
    ]);
    expect(weeks.map((p) => p.week)).toEqual(['2026-W09', '2026-W10']);
    expect(markLink('ticket', weeks[0]!, 'overdue')).toEqual({ model: 'ticket', filter: overdue });
    const due = { status: ['open', 'done'], due_date: { from: '2026-03-01', to: '2026-03-31' } };
    const months = staffingPoints([
      { month: '2026-03', events: 3, hours: '12.5', cost: '1000', filters: { hours: due } },
    ]);
    expect(months).toEqual([{ month: '2026-03', hours: 12.5, cost: 1000, filters: { hours: due } }]);
    expect(markLink('task_event', months[0]!, 'hours')).toEqual({ model: 'task_event', filter: due });
    const slice = { contract_type: ['lease'], running: { from: '2025-01-01', to: '2026-12-31' } };
    const types = volumePoints([{ type: 'lease', count: 2, volume: '2400.00', filters: { slice } }]);
    expect(types).toEqual([{ type: 'lease', count: 2, volume: 2400, filters: { slice } }]);
    expect(markLink('contract', types[0]!, 'slice')).toEqual({ model: 'contract', filter: slice });
  });

  it('picks the default and the home periods', () => {
    expect(defaultPeriod(new Date(2026, 10, 26))).toEqual({ from: '2025-01-01', to: '2026-12-31' });
    // Thursday 26 November 2026: the Monday of that week is the 23rd; twelve weeks with it start on 7 September
    expect(homePeriod(new Date(2026, 10, 26))).toEqual({ from: '2026-09-07', to: '2026-12-31' });
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-2-28')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('links with a filter', () => {
  it('round-trip a tile’s filter into the list’s parameters with every state', () => {
    const filter = {
      status: ['active', 'extended'],
      latest_cancellation_date: { from: '2026-11-26', to: '2027-01-25' },
      year: 2026,
      used_percent: { from: '90' },
    };
    const path = filteredPath('/contracts', filter);
    expect(path.startsWith('/contracts?filter=')).toBe(true);
    const raw = new URL(path, 'http://x').searchParams.get('filter');
    expect(linkFilterQuery(raw)).toEqual({
      'filter[status]': ['active', 'extended'],
      'filter[latest_cancellation_date][from]': '2026-11-26',
      'filter[latest_cancellation_date][to]': '2027-01-25',
      'filter[year]': '2026',
      'filter[used_percent][from]': '90',
      status_limiter: 'all',
    });
  });

  it('send nothing for what is not a filter', () => {
    for (const raw of [null, '', 'x', '[]', '1', 'null', '{}', '{"a b":1}', '{"a":{"x":1}}', '{"a":[{}]}', '{"a":{}}'])
      expect(linkFilterQuery(raw), String(raw)).toBeNull();
    expect(linkFilterQuery(JSON.stringify({ a: 'x'.repeat(5000) }))).toBeNull();
    expect(linkFilterQuery('{"done":true,"n":null}')).toBeNull();
    expect(linkFilterQuery('{"done":true}')).toEqual({ 'filter[done]': '1', status_limiter: 'all' });
  });
});

describe('chart formats', () => {
  it('groups numbers and money per language', () => {
    expect(swiss(chartFormat('de-ch', 'CHF').money(1234.5))).toBe("1'234.50 CHF");
    expect(chartFormat('de', 'EUR').money(1234.5)).toBe('1.234,50 EUR');
    expect(chartFormat('en-us', 'USD').money(1234.5)).toBe('1,234.50 USD');
    expect(swiss(chartFormat('de-ch', 'CHF').axis(12345.6))).toBe("12'346");
    expect(chartFormat('de', 'EUR').axis(2_500_000)).toMatch(/^2,5\sMio\.$/);
    expect(chartFormat('en-us', 'USD').axis(2_500_000)).toBe('2.5M');
    expect(chartFormat('de', 'EUR').number(3.14159)).toBe('3,14');
  });

  it('labels months and weeks', () => {
    expect(monthLabel('2026-03', 'en-us')).toBe('Mar 26');
    expect(monthLabel('2026-03', 'de')).toMatch(/^März 26$/);
    expect(monthLabel('x', 'de')).toBe('x');
    expect(weekLabel('2026-W05')).toBe('W05/26');
    expect(weekLabel('2026-W05', 'KW')).toBe('KW05/26');
  });

  it('writes CSV with the language’s delimiter and decimal sign, quoting and formula guard', () => {
    const columns = [
      { header: 'Name', value: (r: { name: string; n: number | null }) => r.name },
      { header: 'Wert', value: (r: { name: string; n: number | null }) => r.n },
    ];
    const rows = [
      { name: 'Heizung; Lüftung', n: 1234.5 },
      { name: '=SUM(A1)', n: null },
      { name: 'say "hi"', n: -2 },
    ];
    expect(toCsv(columns, rows, 'de')).toBe(
      '\uFEFFName;Wert\r\n"Heizung; Lüftung";1234,5\r\n\'=SUM(A1);\r\n"say ""hi""";-2\r\n',
    );
    expect(toCsv(columns, rows.slice(0, 1), 'de-ch')).toBe('\uFEFFName;Wert\r\n"Heizung; Lüftung";1234.5\r\n');
    expect(toCsv(columns, rows.slice(0, 1), 'en-us')).toBe('\uFEFFName,Wert\r\nHeizung; Lüftung,1234.5\r\n');
  });

  it('names files after the chart and the day', () => {
    expect(fileName('Budget und Ist', new Date('2026-11-26T10:00:00Z'))).toBe('budget-und-ist-2026-11-26');
    expect(fileName('Verbrauch (Zähler)', new Date('2026-11-26T10:00:00Z'))).toBe('verbrauch-zahler-2026-11-26');
  });
});

describe('chart xlsx', () => {
  it('writes a workbook exceljs reads: numbers as numbers, texts, the header', async () => {
    const bytes = xlsxBytes(
      'Budget: vs/Ist',
      ['Jahr', 'Kostengruppe', 'Budget'],
      [
        [2026, 'Heizung & <Lüftung>', 1234.5],
        [2027, null, 0],
        [2028, '=1+1', -3.25],
      ],
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Budget  vs Ist');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Jahr', 'Kostengruppe', 'Budget']);
    expect(sheet.getCell('A2').value).toBe(2026);
    expect(sheet.getCell('B2').value).toBe('Heizung & <Lüftung>');
    expect(sheet.getCell('C2').value).toBe(1234.5);
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getCell('B4').value).toBe("'=1+1");
    expect(sheet.getCell('C4').value).toBe(-3.25);
  });

  it('stores a zip whose entries carry their CRC', () => {
    const zip = storedZip([{ name: 'a.txt', data: new TextEncoder().encode('hello') }]);
    const view = new DataView(zip.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint32(14, true)).toBe(0x3610a686); // crc32("hello")
    expect(view.getUint32(zip.length - 22, true)).toBe(0x06054b50);
  });
});

describe('chart themes', () => {
  it('keep axis labels and tooltips at 4.5:1 or more on both backgrounds', () => {
    for (const theme of [LIGHT, DARK]) {
      expect(contrastRatio(theme.muted, theme.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(theme.text, theme.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(theme.tooltip.text, theme.tooltip.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(theme.alert, theme.background)).toBeGreaterThanOrEqual(3);
    }
    expect(parseColor('rgb(211, 216, 222)')).toEqual([211, 216, 222]);
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
