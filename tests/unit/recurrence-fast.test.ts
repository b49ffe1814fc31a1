// The arithmetic walk of daily and plain weekly rules (src/domain/recurrence.ts) gives exactly the dates rrule
// gives: each rule is compared with the same rule plus BYMONTH=1..12 (no restriction, but it forces rrule).
import { describe, expect, it } from 'vitest';
import { expand, type Recurrence } from '../../src/domain/recurrence';

const ALL_MONTHS = 'BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12';
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

const custom = (rrule: string, start: string, end: Partial<Recurrence> = {}): Recurrence => ({
  repeat_type: 'custom',
  rrule,
  start_date: start,
  end_type: 'never',
  anchor: 'scheduled',
  ...end,
});

describe('simple rules walked without rrule', () => {
  const r = rng(7);
  const cases = Array.from({ length: 120 }, (_, i) => {
    const start = new Date(Date.UTC(2024, 0, 1) + Math.floor(r() * 900) * 86_400_000).toISOString().slice(0, 10);
    const interval = 1 + Math.floor(r() * 5);
    const days = DAYS.filter(() => r() < 0.35);
    const weekly = i % 2 === 1 && days.length > 0;
    const base = weekly
      ? `FREQ=WEEKLY;INTERVAL=${interval};BYDAY=${days.join(',')}`
      : `FREQ=DAILY;INTERVAL=${interval}`;
    const tail = i % 3 === 0 ? `;COUNT=${1 + Math.floor(r() * 40)}` : i % 3 === 1 ? ';UNTIL=20260615' : '';
    const wkst = weekly && i % 4 === 1 ? ';WKST=SU' : '';
    return [`${base}${tail}${wkst}`, start] as const;
  });

  it.each(cases)('%s from %s', (rule, start) => {
    const window = { from: '2025-03-10', to: '2026-09-30' };
    const fast = expand(custom(rule, start), window);
    const slow = expand(custom(`${rule};${ALL_MONTHS}`, start), window);
    expect(fast).toEqual(slow);
  });
});
