// Guarantee dates (docs/domain/calculations.md, "Guarantee end date and reminders"): the end date over month ends and
// leap days, and which reminder stage is due.
import { describe, expect, it } from 'vitest';
import { dueReminder, guaranteeEndDate } from '../../src/domain/guarantee-dates';

describe('guaranteeEndDate', () => {
  it('adds whole months, clamped to the last day of the month', () => {
    expect(guaranteeEndDate('2025-03-15', 24)).toBe('2027-03-15');
    expect(guaranteeEndDate('2025-01-31', 1)).toBe('2025-02-28');
    expect(guaranteeEndDate('2024-01-31', 1)).toBe('2024-02-29');
    expect(guaranteeEndDate('2024-02-29', 12)).toBe('2025-02-28');
    expect(guaranteeEndDate('2024-02-29', 48)).toBe('2028-02-29');
    expect(guaranteeEndDate('2025-08-31', 1)).toBe('2025-09-30');
    expect(guaranteeEndDate('2025-12-31', 2)).toBe('2026-02-28');
    expect(guaranteeEndDate('2025-06-01', 600)).toBe('2075-06-01');
  });
});

describe('dueReminder', () => {
  const stages = [180, 90, 30];
  const none = new Set<number>();
  it('is due once a stage is reached, the nearest stage with the larger ones it covers', () => {
    expect(dueReminder('2026-12-31', '2026-01-01', stages, none)).toBeNull();
    expect(dueReminder('2026-12-31', '2026-07-04', stages, none)).toEqual({ stage: 180, covers: [180], daysLeft: 180 });
    expect(dueReminder('2026-12-31', '2026-12-11', stages, none)).toEqual({
      stage: 30,
      covers: [30, 90, 180],
      daysLeft: 20,
    });
    expect(dueReminder('2026-12-31', '2026-12-31', stages, none)?.stage).toBe(30);
  });
  it('is not due again for a stage sent, nor after the end', () => {
    expect(dueReminder('2026-12-31', '2026-07-10', stages, new Set([180]))).toBeNull();
    expect(dueReminder('2026-12-31', '2026-10-10', stages, new Set([180]))).toEqual({
      stage: 90,
      covers: [90],
      daysLeft: 82,
    });
    expect(dueReminder('2026-12-31', '2026-12-20', stages, new Set([180, 90, 30]))).toBeNull();
    expect(dueReminder('2026-12-31', '2027-01-01', stages, none)).toBeNull();
    expect(dueReminder('2026-12-31', '2026-12-20', [], none)).toBeNull();
  });
  it('does not send a larger stage added after a nearer one went out', () => {
    expect(dueReminder('2026-12-31', '2026-12-20', [60, 30], new Set([30]))).toBeNull();
  });
});
