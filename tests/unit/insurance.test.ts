// Re-indexing insurance values (src/domain/insurance.ts; docs/domain/calculations.md, "Insurance values"), against
// values worked by hand: a rise and a fall beyond the threshold, a move exactly at it, the rounding, the reduced
// value on either side of its wear, and what has no base to scale from.
import { describe, expect, it } from 'vitest';
import { INSURANCE_PRESETS, insuranceRule, reestimationDue, reindexInsurance } from '../../src/domain/insurance';

const values = (n: string | null, current: string | null, base: string | null, reduced: string | null = null) => ({
  insurance_value_new: n,
  insurance_value_current: current,
  insurance_value_reduced: reduced,
  insurance_index_base: base,
});
const own = { threshold: 2, rounding: 1, reducedWear: 50 };

describe('reindexInsurance', () => {
  it('scales the new and current values by the index move and sets the new base', () => {
    expect(reindexInsurance(values('1000000', '600000', '100'), '106', own)).toEqual({
      outcome: 'reindexed',
      change_percent: '6.00',
      values: values('1060000.00', '636000.00', '106'),
    });
  });

  it('follows a falling index too (Zurich: ±5 %)', () => {
    const r = reindexInsurance(values('1000000', null, '110'), '104', INSURANCE_PRESETS.zurich);
    // 1,000,000 × 104 ÷ 110 = 945,454.545… → 945,455 (half up, to the franc)
    expect(r).toMatchObject({ outcome: 'reindexed', change_percent: '-5.45' });
    expect(r.values.insurance_value_new).toBe('945455.00');
    expect(r.values.insurance_value_current).toBeNull();
  });

  it('leaves a move of exactly the threshold alone: only more than it counts', () => {
    expect(reindexInsurance(values('500000', null, '100'), '102', own).outcome).toBe('below_threshold');
    expect(reindexInsurance(values('500000', null, '100'), '102.01', own).outcome).toBe('reindexed');
    expect(reindexInsurance(values('500000', null, '100'), '95', INSURANCE_PRESETS.zurich).outcome).toBe(
      'below_threshold',
    );
  });

  it('rounds to the rule’s francs and takes the time value once the wear exceeds its share (St. Gallen)', () => {
    const sg = INSURANCE_PRESETS.st_gallen;
    // wear 60 %: 500,000 × 106 ÷ 104 = 509,615.38 → 509,600; 200,000 × 106 ÷ 104 = 203,846.15 → 203,800
    expect(reindexInsurance(values('500000', '200000', '104'), '106', sg).values).toEqual(
      values('509600.00', '203800.00', '106', '203800.00'),
    );
    // wear exactly 50 %: not more than the share, so no reduced value (one that was there goes)
    expect(
      reindexInsurance(values('500000', '250000', '104', '250000'), '106', sg).values.insurance_value_reduced,
    ).toBeNull();
  });

  it('needs a new value and an index base to scale from; an unmoved index changes nothing', () => {
    expect(reindexInsurance(values(null, '1', '100'), '106', own).outcome).toBe('no_base');
    expect(reindexInsurance(values('1', '1', null), '106', own).outcome).toBe('no_base');
    expect(reindexInsurance(values('1', '1', '0'), '106', own).outcome).toBe('no_base');
    expect(reindexInsurance(values('1000', null, '106.0000'), '106', own)).toMatchObject({
      outcome: 'unchanged',
      change_percent: '0.00',
    });
    expect(() => reindexInsurance(values('1', '1', '100'), '0', own)).toThrow(RangeError);
  });
});

describe('insuranceRule', () => {
  const settings = { insurance_preset: '', insurance_threshold: 3, insurance_rounding: 10, insurance_reduced_wear: 0 };
  it('takes a preset over the settings’ own values', () => {
    expect(insuranceRule(settings)).toEqual({ threshold: 3, rounding: 10, reducedWear: 0 });
    expect(insuranceRule({ ...settings, insurance_preset: 'fribourg' })).toEqual(INSURANCE_PRESETS.fribourg);
  });
});

describe('reestimationDue', () => {
  it('is due on the anniversary of the last estimate after the cycle, and after it', () => {
    expect(reestimationDue('2016-05-10', 10, '2026-05-09')).toBe(false);
    expect(reestimationDue('2016-05-10', 10, '2026-05-10')).toBe(true);
    expect(reestimationDue('2016-05-10', 10, '2031-01-01')).toBe(true);
  });

  it('takes 29 February as 28 February in a common year', () => {
    expect(reestimationDue('2016-02-29', 3, '2019-02-27')).toBe(false);
    expect(reestimationDue('2016-02-29', 3, '2019-02-28')).toBe(true);
    expect(reestimationDue('2016-02-29', 4, '2020-02-28')).toBe(false);
    expect(reestimationDue('2016-02-29', 4, '2020-02-29')).toBe(true);
  });

  it('is never due without a cycle, and due at once for a property never estimated', () => {
    expect(reestimationDue('1990-01-01', 0, '2026-11-30')).toBe(false);
    expect(reestimationDue(null, 0, '2026-11-30')).toBe(false);
    expect(reestimationDue(null, 15, '2026-11-30')).toBe(true);
  });
});
