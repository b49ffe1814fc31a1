// Consumption and anomalies of meter readings (docs/domain/calculations.md, "Consumption and anomalies"), and the
// consumption per m² ("Consumption per period").
import { describe, expect, it } from 'vitest';
import { computeSeries, consumptionOf, isAnomalous, perSquareMetre } from '../../src/domain/consumption';
import { decToString, toDec } from '../../src/domain/decimal';

const cumulative = { factor: '1', is_cumulative: true };
const series = (values: string[], counter: { factor: unknown; is_cumulative: unknown } = cumulative) =>
  computeSeries(
    counter,
    values.map((value) => ({ value })),
  );
const c = (v: string) => toDec(v)!;

describe('consumption', () => {
  it('is the difference to the previous reading times the factor; the first reading has none', () => {
    expect(consumptionOf(cumulative, { value: '100' }, null)).toBeNull();
    expect(
      decToString(consumptionOf({ factor: '2.5', is_cumulative: true }, { value: '110.5' }, { value: '100' })!),
    ).toBe('26.2500');
    expect(series(['100', '110', '125']).map((r) => r.consumption)).toEqual([null, '10.0000', '15.0000']);
  });

  it('is the value times the factor for a counter that does not count up', () => {
    const r = series(['10', '12.5'], { factor: '0.1', is_cumulative: false });
    expect(r.map((x) => x.consumption)).toEqual(['1.0000', '1.2500']);
    expect(r.map((x) => x.status)).toEqual(['valid', 'valid']);
  });

  it('rounds to four places, half away from zero', () => {
    expect(decToString(consumptionOf({ factor: '0.3333', is_cumulative: false }, { value: '0.5' }, null)!)).toBe(
      '0.1667',
    );
  });

  it('is exact (no floating point)', () => {
    expect(series(['0.1', '0.3']).map((r) => r.consumption)).toEqual([null, '0.2000']);
  });
});

describe('anomalies', () => {
  it('exactly twice the average is not anomalous, a little more is', () => {
    expect(isAnomalous(c('20'), ['10', '10'])).toBe(false);
    expect(isAnomalous(c('20.1'), ['10', '10'])).toBe(true);
    expect(isAnomalous(c('20.0001'), ['10', '10'])).toBe(true);
    // in a series: 100, 110, 120, 140 (20 = 2.0 × 10), then 26.8001 against twice the average of 10, 10, 20 (26.6667)
    const r = series(['100', '110', '120', '140', '166.8001']);
    expect(r.map((x) => x.status)).toEqual(['valid', 'valid', 'valid', 'valid', 'anomalous']);
    expect(series(['100', '110', '120', '140', '166.6666']).at(-1)!.status).toBe('valid');
  });

  it('2.0× and 2.01× of the average of six readings', () => {
    const earlier = ['10', '12', '8', '11', '9', '10']; // average 10
    expect(isAnomalous(c('20'), earlier)).toBe(false);
    expect(isAnomalous(c('20.1'), earlier)).toBe(true);
  });

  it('only the last six readings count', () => {
    expect(isAnomalous(c('30'), ['1000', '10', '10', '10', '10', '10', '10'])).toBe(true);
    expect(isAnomalous(c('30'), ['1000', '10', '10', '10', '10', '10'])).toBe(false);
  });

  it('negative consumption is anomalous, even without an average', () => {
    expect(isAnomalous(c('-0.0001'), [])).toBe(true);
    expect(series(['100', '90']).map((x) => x.status)).toEqual(['valid', 'anomalous']);
  });

  it('without an average nothing but a negative consumption is anomalous; no consumption never is', () => {
    expect(isAnomalous(c('1000000'), [])).toBe(false);
    expect(isAnomalous(c('1000000'), [null])).toBe(false);
    expect(isAnomalous(null, ['1'])).toBe(false);
    expect(series(['100', '1000']).map((x) => x.status)).toEqual(['valid', 'valid']);
  });

  it('leaves negative consumptions out of the average (a replaced meter does not make every later reading anomalous)', () => {
    expect(isAnomalous(c('21'), ['10', '-5000', '10'])).toBe(true);
    expect(isAnomalous(c('20'), ['10', '-5000', '10'])).toBe(false);
    expect(isAnomalous(c('5'), ['-5000'])).toBe(false);
    expect(series(['50000', '51000', '40', '1040', '2050']).map((x) => x.status)).toEqual([
      'valid',
      'valid',
      'anomalous',
      'valid',
      'valid',
    ]);
  });

  it('the factor applies before the comparison', () => {
    const r = series(['0', '10', '30.1'], { factor: '3', is_cumulative: true });
    expect(r.map((x) => x.consumption)).toEqual([null, '30.0000', '60.3000']);
    expect(r.at(-1)!.status).toBe('anomalous');
  });

  it('recomputes from a position, using the stored consumption of the readings before it', () => {
    const stored = [
      { value: '100', consumption: null },
      { value: '110', consumption: '10.0000' },
      { value: '130', consumption: '999' },
    ];
    expect(computeSeries(cumulative, stored, 2)).toEqual([{ consumption: '20.0000', status: 'valid' }]);
  });
});

describe('consumption per m²', () => {
  it('rounds half away from zero to four places', () => {
    expect(perSquareMetre('10.0000', '3')).toBe('3.3333');
    expect(perSquareMetre('35', '3')).toBe('11.6667');
    expect(perSquareMetre('1.2345', '10')).toBe('0.1235'); // 0.12345
    expect(perSquareMetre('-1.2345', '10')).toBe('-0.1235');
    expect(perSquareMetre('123.45', '1000.00')).toBe('0.1235');
  });

  it('is null without an area, with an area of zero or less, or without a consumption', () => {
    expect(perSquareMetre('10', null)).toBeNull();
    expect(perSquareMetre('10', '0')).toBeNull();
    expect(perSquareMetre('10', '-5')).toBeNull();
    expect(perSquareMetre(null, '100')).toBeNull();
  });

  it('keeps the anomaly rule when the window is parsed once: a recomputed series equals the readings one by one', () => {
    const values = ['0', '10', '20', '35', '40', '52', '60', '200', '210', '205', '215', '230'];
    const whole = computeSeries(
      cumulative,
      values.map((value) => ({ value })),
    );
    const stepwise = values.map((_, i) => {
      const before = values.slice(0, i).map((value, j) => ({ value, consumption: whole[j]!.consumption }));
      return computeSeries(cumulative, [...before, { value: values[i]! }], i)[0];
    });
    expect(stepwise).toEqual(whole);
    expect(whole.map((r) => r.status)).toEqual([
      'valid',
      'valid',
      'valid',
      'valid',
      'valid',
      'valid',
      'valid',
      'anomalous',
      'valid',
      'anomalous',
      'valid',
      'valid',
    ]);
  });
});
