// The slots of a scheduled export (docs/domain/scheduled-exports.md, "Slots").
import { describe, expect, it } from 'vitest';
import { nextSlot } from '../../src/domain/export-schedule';

const at = (iso: string) => new Date(iso);
const next = (schedule: Parameters<typeof nextSlot>[0], iso: string) => nextSlot(schedule, at(iso)).toISOString();

describe('nextSlot', () => {
  it('runs daily at 05:00 UTC, never at the moment given', () => {
    expect(next('daily', '2026-03-10T04:59:59Z')).toBe('2026-03-10T05:00:00.000Z');
    expect(next('daily', '2026-03-10T05:00:00Z')).toBe('2026-03-11T05:00:00.000Z');
    expect(next('daily', '2026-12-31T23:00:00Z')).toBe('2027-01-01T05:00:00.000Z');
  });
  it('runs weekly on Mondays', () => {
    // 2026-03-09 is a Monday
    expect(next('weekly', '2026-03-09T04:00:00Z')).toBe('2026-03-09T05:00:00.000Z');
    expect(next('weekly', '2026-03-09T05:00:00Z')).toBe('2026-03-16T05:00:00.000Z');
    expect(next('weekly', '2026-03-12T10:00:00Z')).toBe('2026-03-16T05:00:00.000Z');
  });
  it('runs monthly on the first', () => {
    expect(next('monthly', '2026-03-01T04:00:00Z')).toBe('2026-03-01T05:00:00.000Z');
    expect(next('monthly', '2026-03-01T05:00:00Z')).toBe('2026-04-01T05:00:00.000Z');
    expect(next('monthly', '2026-12-15T00:00:00Z')).toBe('2027-01-01T05:00:00.000Z');
  });
});
