// The portfolio's condition figures (src/domain/portfolio-condition.ts; docs/domain/calculations.md, "Portfolio
// condition") against values worked by hand, and the bands at their edges.
import { describe, expect, it } from 'vitest';
import { conditionFigures, fciBand } from '../../src/domain/portfolio-condition';

describe('fciBand', () => {
  it.each([
    ['0.00', 'good'],
    ['4.99', 'good'],
    ['5.00', 'fair'],
    ['10.00', 'fair'],
    ['10.01', 'poor'],
    ['30.00', 'poor'],
    ['30.01', 'critical'],
    ['100.00', 'critical'],
  ])('%s %% is %s', (percent, band) => expect(fciBand(percent)).toBe(band));
});

describe('conditionFigures', () => {
  it('sums the replacement and time values and the immediate costs, exactly', () => {
    // 400 (80 left), 2,200 (440 left), 500 immediate, 100 (5 left), 10,000 immediate, and one without costs
    const figures = conditionFigures([
      { renewal_costs: '400.00', time_value: '80.00', renewal_status: 'due' },
      { renewal_costs: '2200.00', time_value: '440.00', renewal_status: 'due' },
      { renewal_costs: '500.00', time_value: '0.00', renewal_status: 'immediate' },
      { renewal_costs: '100.00', time_value: '5.00', renewal_status: 'due' },
      { renewal_costs: '10000.00', time_value: '0.00', renewal_status: 'immediate' },
      { renewal_costs: null, time_value: null, renewal_status: 'ok' },
    ]);
    expect(figures).toEqual({
      facilities: 6,
      without_costs: 1,
      replacement_value: '13200.00',
      time_value: '525.00',
      immediate_costs: '10500.00',
      condition_ratio: '3.98', // 525 ÷ 13,200 = 3.977 %
      fci: '79.55', // 10,500 ÷ 13,200 = 79.545 %
      band: 'critical',
    });
  });

  it('gives no ratios without a replacement value, rather than dividing by zero', () => {
    expect(conditionFigures([{ renewal_costs: null, time_value: null, renewal_status: null }])).toMatchObject({
      replacement_value: '0.00',
      condition_ratio: null,
      fci: null,
      band: null,
    });
    expect(conditionFigures([])).toMatchObject({ facilities: 0, fci: null });
  });
});
