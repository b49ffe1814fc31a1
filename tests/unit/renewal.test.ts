// Renewal figures and forecast (docs/domain/calculations.md, "Renewal figures", "Renewal forecast") against values
// worked by hand: today is 2026-11-29, the planning horizon 5 years.
import { describe, expect, it } from 'vitest';
import { addYears, renewalFigures, type RenewalContext, type RenewalFacility } from '../../src/domain/renewal';
import { renewalForecast, type ForecastItem } from '../../src/domain/renewal-forecast';

const base: RenewalContext = { today: '2026-11-29', horizon: 5 };
const figures = (f: RenewalFacility, c: Partial<RenewalContext> = {}) => renewalFigures(f, { ...base, ...c });

describe('renewal figures', () => {
  it.each([
    {
      case: 'commissioned 2010, 20 years, 2 × 1,000 with 10 % dismantling',
      f: { lifetime: 20, commissioning_year: 2010, unit_price: '1000.00', quantity: '2', dismantling_cost_share: '10' },
      want: {
        age: 16,
        effective_lifetime: 20,
        remaining_lifetime: 4,
        renewal_date: '2030-01-01',
        renewal_year: 2030,
        renewal_status: 'due',
        renewal_costs: '2200.00',
        time_value: '440.00',
        index_factor: null,
      },
    },
    {
      case: 'a renewal date typed by hand wins over the lifetime',
      f: { lifetime: 20, commissioning_year: 2000, renewal_date: '2028-06-30', renewal_date_manual: true },
      want: {
        age: 26,
        remaining_lifetime: 2,
        renewal_date: '2028-06-30',
        renewal_year: 2028,
        renewal_date_manual: true,
      },
    },
    {
      case: 'a stored renewal date not typed by hand is recomputed',
      f: { lifetime: 20, commissioning_year: 2000, renewal_date: '2028-06-30', renewal_date_manual: false },
      want: {
        remaining_lifetime: 0,
        renewal_date: '2020-01-01',
        renewal_date_manual: false,
        renewal_status: 'immediate',
      },
    },
    {
      case: 'past its lifetime: immediate, its renewal date in the past, no time value left',
      f: { lifetime: 15, commissioning_year: 2000, unit_price: '300' },
      want: {
        age: 26,
        remaining_lifetime: 0,
        renewal_date: '2015-01-01',
        renewal_status: 'immediate',
        time_value: '0.00',
      },
    },
    {
      case: 'a dismantling share of 12.5 % on 1.5 × 800',
      f: { unit_price: '800', quantity: '1.5', dismantling_cost_share: '12.5' },
      want: { renewal_costs: '1350.00', remaining_lifetime: null, renewal_status: null, time_value: null },
    },
    {
      case: 'commissioned on a leap day: the anniversary in a common year is 28 February',
      f: { lifetime: 11, commissioning_date: '2016-02-29' },
      want: { age: 10, remaining_lifetime: 1, renewal_date: '2027-02-28', renewal_status: 'due' },
    },
    {
      case: 'condition grade 4 (critical): immediate, this year',
      f: { lifetime: 30, commissioning_year: 2020, condition: 4 },
      want: { remaining_lifetime: 0, renewal_date: '2026-01-01', renewal_year: 2026, renewal_status: 'immediate' },
    },
    {
      case: 'condition grade 3 (poor): at most a fifth of the lifetime left',
      f: { lifetime: 30, commissioning_year: 2020, condition: 3 },
      want: { remaining_lifetime: 6, renewal_date: '2032-01-01', renewal_status: 'ok' },
    },
    {
      case: 'condition grade 2 (fair): at most half the lifetime left, which a young facility has not reached',
      f: { lifetime: 30, commissioning_year: 2020, condition: 2 },
      want: { remaining_lifetime: 15, renewal_date: '2041-01-01' },
    },
    {
      case: 'condition grade 1 (good) changes nothing',
      f: { lifetime: 30, commissioning_year: 2020, condition: 1 },
      want: { remaining_lifetime: 24, renewal_date: '2050-01-01', renewal_status: 'ok' },
    },
  ])('$case', ({ f, want }) => {
    expect(figures(f as RenewalFacility)).toMatchObject(want);
  });

  it('takes the lifetime and unit price of the renewal group where the facility has none', () => {
    const out = figures(
      { commissioning_year: 2000, quantity: '10' },
      { group: { default_lifetime: 40, default_unit_price: '150.00' } },
    );
    expect(out).toMatchObject({ effective_lifetime: 40, remaining_lifetime: 14, renewal_costs: '1500.00' });
    // the facility's own values win
    expect(
      figures(
        { lifetime: 30, commissioning_year: 2000, unit_price: '10' },
        { group: { default_lifetime: 40, default_unit_price: '150' } },
      ),
    ).toMatchObject({ effective_lifetime: 30, renewal_costs: '10.00' });
  });

  it('shortens the lifetime by the usage factor (office 0.8: 25 years become 20)', () => {
    expect(figures({ lifetime: 25, commissioning_year: 2010 }, { usageFactor: '0.8' })).toMatchObject({
      effective_lifetime: 20,
      remaining_lifetime: 4,
      renewal_date: '2030-01-01',
      renewal_status: 'due',
    });
    // heavy use halves it, and a lifetime never becomes 0
    expect(figures({ lifetime: 1, commissioning_year: 2026 }, { usageFactor: 0.5 })).toMatchObject({
      effective_lifetime: 1,
      remaining_lifetime: 1,
    });
  });

  it('indexes the costs from the price base year to the renewal year, at most to the last year of the series', () => {
    const index = new Map([
      [2020, '100'],
      [2021, '104'],
      [2023, '110'],
    ]);
    const f = { lifetime: 20, commissioning_year: 2010, unit_price: '1000' };
    expect(figures(f, { index, priceBaseYear: 2020 })).toMatchObject({
      index_factor: '1.1000',
      renewal_costs: '1100.00',
      time_value: '220.00',
      missing_index_years: [],
    });
    // renewed in 2021: that year's value
    expect(
      figures(
        { ...f, renewal_date: '2021-05-01', renewal_date_manual: true },
        { index, priceBaseYear: 2020, today: '2021-01-10' },
      ),
    ).toMatchObject({ index_factor: '1.0400', renewal_costs: '1040.00' });
  });

  it('names an index year the series lacks and leaves the costs empty instead of computing with 0', () => {
    const index = new Map([
      [2020, '100'],
      [2021, '104'],
      [2023, '110'],
    ]);
    const out = figures({ lifetime: 20, commissioning_year: 2010, unit_price: '1000' }, { index, priceBaseYear: 2022 });
    expect(out).toMatchObject({
      renewal_costs: null,
      time_value: null,
      index_factor: null,
      missing_index_years: [2022],
    });
    // a series named in the settings that has no value yet lacks the base year and the renewal year alike
    const empty = figures(
      { lifetime: 20, commissioning_year: 2010, unit_price: '1000' },
      { index: new Map(), priceBaseYear: 2022, today: '2026-03-01' },
    );
    expect(empty).toMatchObject({ renewal_costs: null, missing_index_years: [2022, 2030] });
  });

  it('skips a facility excluded from renewal: no figure at all, and says so', () => {
    const out = figures({ lifetime: 20, commissioning_year: 2000, unit_price: '5', excluded_from_renewal: true });
    expect(out.excluded).toBe(true);
    const { excluded, renewal_date_manual, missing_index_years, ...rest } = out;
    expect([excluded, renewal_date_manual, missing_index_years]).toEqual([true, false, []]);
    expect(Object.values(rest).every((v) => v === null)).toBe(true);
    expect(Object.keys(rest)).toHaveLength(9);
  });

  it('adds years to a date, 29 February landing on 28 February in a common year', () => {
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2000-02-29', 100)).toBe('2100-02-28');
    expect(addYears('2026-12-31', 3)).toBe('2029-12-31');
  });
});

describe('renewal forecast', () => {
  const items: ForecastItem[] = [
    { key: 'g1', renewal_year: 2027, renewal_costs: '1000.00', effective_lifetime: 15 },
    { key: 'g2', renewal_year: 2025, renewal_costs: '500.00', effective_lifetime: 3 }, // overdue: the first year
    { key: 'g1', renewal_year: 2030, renewal_costs: '2000.00', effective_lifetime: null },
  ];

  it('sums per year and group, renewing again every effective lifetime', () => {
    const years = renewalForecast(items, { fromYear: 2026, years: 10 });
    expect(years).toHaveLength(10);
    expect(Object.fromEntries(years.map((y) => [y.year, y.total]))).toEqual({
      2026: '500.00',
      2027: '1000.00',
      2028: '0.00',
      2029: '500.00',
      2030: '2000.00',
      2031: '0.00',
      2032: '500.00',
      2033: '0.00',
      2034: '0.00',
      2035: '500.00',
    });
    expect(years[0]!.groups).toEqual({ g2: '500.00' });
    expect(years[4]!.groups).toEqual({ g1: '2000.00' });
    expect(years.every((y) => y.deferred === '0.00' && y.backlog === '0.00')).toBe(true);
  });

  it('sums into 5-year tranches named by their first year', () => {
    const tranches = renewalForecast(items, { fromYear: 2026, years: 10, smoothing: 'tranches' });
    expect(tranches.map((t) => [t.year, t.total, t.groups])).toEqual([
      [2026, '4000.00', { g2: '1000.00', g1: '3000.00' }],
      [2031, '1000.00', { g2: '1000.00' }],
    ]);
  });

  it('holds each year under the budget cap, never deferring a safety-relevant renewal, and shows the backlog', () => {
    const years = renewalForecast(
      [
        { key: 'g1', renewal_year: 2026, renewal_costs: '1000', effective_lifetime: null, safety_relevant: true },
        { key: 'g2', renewal_year: 2026, renewal_costs: '600', effective_lifetime: null },
        { key: 'g2', renewal_year: 2026, renewal_costs: '300', effective_lifetime: null },
        { key: 'g3', renewal_year: 2027, renewal_costs: '2500', effective_lifetime: null },
      ],
      { fromYear: 2026, years: 5, smoothing: 'budget_cap', budgetCap: '1200' },
    );
    expect(years.map((y) => [y.year, y.total, y.deferred, y.backlog])).toEqual([
      [2026, '1000.00', '900.00', '900.00'],
      [2027, '900.00', '2500.00', '2500.00'],
      // larger than the cap on its own: done when it heads the queue
      [2028, '2500.00', '0.00', '0.00'],
      [2029, '0.00', '0.00', '0.00'],
      [2030, '0.00', '0.00', '0.00'],
    ]);
    // nothing is lost: what was planned is spent or still waiting
    const spent = years.reduce((s, y) => s + Number(y.total), 0);
    expect(spent + Number(years.at(-1)!.backlog)).toBe(4400);
  });
});
