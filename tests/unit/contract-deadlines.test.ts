// Contract deadlines (docs/domain/calculations.md, "Contract deadlines"): months added with the month-end clamp, the latest
// cancellation date with the weekend rolled back to Friday, the dates a write derives, and the extensions an
// auto-extending contract is due.
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  contractEndDate,
  derivedContractDates,
  dueAutoExtensions,
  exactMonths,
  extendedEndDate,
  isLateCancellation,
  latestCancellationDate,
  rollBackWeekend,
  storableDay,
} from '../../src/domain/contract-deadlines';
import { CONTRACT_TRANSITIONS, allowedActions, nextState } from '../../src/domain/transitions';

describe('addMonths', () => {
  it('keeps the day of month and clamps to the month end', () => {
    expect(addMonths('2025-01-15', 1)).toBe('2025-02-15');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29'); // leap year
    expect(addMonths('2025-03-31', -1)).toBe('2025-02-28');
    expect(addMonths('2025-05-31', -3)).toBe('2025-02-28');
    expect(addMonths('2025-10-31', 1)).toBe('2025-11-30');
  });
  it('crosses years both ways', () => {
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-02-15', -14)).toBe('2023-12-15');
    expect(addMonths('2025-06-10', 0)).toBe('2025-06-10');
    expect(addMonths('2025-06-10', 120)).toBe('2035-06-10');
  });
  it('refuses what is not a date or whole months', () => {
    expect(() => addMonths('2025-6-1', 1)).toThrow();
    expect(() => addMonths('2025-06-01', 1.5)).toThrow();
  });
  it('never throws at the bounds: a year past 9999 or before 0 comes back in the expanded form, never stored', () => {
    expect(addMonths('9999-12-01', 1200)).toBe('+010099-12-01');
    expect(addMonths('+010099-12-31', -120)).toBe('+010089-12-31');
    expect(addMonths('0000-01-31', -1)).toBe('-000001-12-31');
    expect(addMonths('9999-12-01', 2_147_483_647)).toBe('+178966970-07-01');
    expect(addMonths('9999-11-30', 1)).toBe('9999-12-30');
    for (const day of ['+010099-12-01', '-000001-12-31', '1799-12-31', '9999-13-01'])
      expect(storableDay(day), day).toBe(false);
    for (const day of ['1800-01-01', '9999-12-31']) expect(storableDay(day), day).toBe(true);
  });
});

describe('weekdays at any year', () => {
  it('rolls back exactly as the calendar has it, 1800 to 9999 and beyond', () => {
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    for (let ms = Date.UTC(1800, 0, 1); ms <= Date.UTC(9999, 11, 31); ms += 86_400_000 * 997) {
      const d = new Date(ms);
      const back = d.getUTCDay() === 6 ? 1 : d.getUTCDay() === 0 ? 2 : 0;
      expect(rollBackWeekend(iso(ms))).toBe(iso(ms - back * 86_400_000));
    }
    expect(rollBackWeekend('9999-12-26')).toBe('9999-12-24'); // a Sunday
    expect(rollBackWeekend('+010000-01-01')).toBe('9999-12-31'); // a Saturday, back into the year 9999
    expect(latestCancellationDate('+010099-12-01', 120)).toBe('+010089-12-01');
  });
});

describe('latest cancellation date', () => {
  it('is the end date less the notice period, on a weekday', () => {
    expect(latestCancellationDate('2026-12-31', 3)).toBe('2026-09-30'); // Wednesday
    expect(latestCancellationDate('2026-06-30', 6)).toBe('2025-12-30'); // Tuesday
  });
  it('clamps to the month end before looking at the weekday', () => {
    // 2025-05-31 − 3 months → 2025-02-28, a Friday
    expect(latestCancellationDate('2025-05-31', 3)).toBe('2025-02-28');
    // 2024-05-31 − 3 months → 2024-02-29, a Thursday
    expect(latestCancellationDate('2024-05-31', 3)).toBe('2024-02-29');
  });
  it('rolls a Saturday or Sunday back to the Friday before', () => {
    // 2026-05-31 − 2 months = 2026-03-31 (Tuesday): unchanged
    expect(latestCancellationDate('2026-05-31', 2)).toBe('2026-03-31');
    // 2025-08-31 − 3 months = 2025-05-31, a Saturday → Friday 2025-05-30
    expect(latestCancellationDate('2025-08-31', 3)).toBe('2025-05-30');
    // 2025-09-01 − 3 months = 2025-06-01, a Sunday → Friday 2025-05-30
    expect(latestCancellationDate('2025-09-01', 3)).toBe('2025-05-30');
    // the clamp lands on a Sunday: 2026-05-31 − 3 months = 2026-02-28 (Saturday) → 2026-02-27
    expect(latestCancellationDate('2026-05-31', 3)).toBe('2026-02-27');
    // a roll-back may cross into the previous month: 2025-03-01 is a Saturday
    expect(latestCancellationDate('2025-06-01', 3)).toBe('2025-02-28');
  });
  it('is the end date itself (on a weekday) without notice, and unknown without an end or a notice period', () => {
    expect(latestCancellationDate('2025-12-31', 0)).toBe('2025-12-31');
    expect(latestCancellationDate('2026-01-31', 0)).toBe('2026-01-30'); // Saturday → Friday
    expect(latestCancellationDate(null, 3)).toBeNull();
    expect(latestCancellationDate('2025-12-31', null)).toBeNull();
  });
  it('rolls weekends only', () => {
    expect(rollBackWeekend('2025-06-02')).toBe('2025-06-02'); // Monday
    expect(rollBackWeekend('2025-06-06')).toBe('2025-06-06'); // Friday
    expect(rollBackWeekend('2025-06-07')).toBe('2025-06-06');
    expect(rollBackWeekend('2025-06-08')).toBe('2025-06-06');
  });
});

describe('end date, duration and extension', () => {
  it('end = start + duration months; extension adds its months', () => {
    expect(contractEndDate('2024-01-01', 36)).toBe('2027-01-01');
    expect(contractEndDate('2024-01-31', 1)).toBe('2024-02-29');
    expect(extendedEndDate('2026-12-31', 12)).toBe('2027-12-31');
    expect(extendedEndDate('2026-11-30', 3)).toBe('2027-02-28');
  });
  it('exact whole months between two dates, or none', () => {
    expect(exactMonths('2024-01-01', '2027-01-01')).toBe(36);
    expect(exactMonths('2024-01-31', '2024-02-29')).toBe(1);
    expect(exactMonths('2024-01-01', '2026-12-31')).toBeNull();
    expect(exactMonths('2024-01-01', '2024-01-01')).toBeNull();
  });
  it('a late cancellation is one after a known latest date', () => {
    expect(isLateCancellation('2026-10-01', '2026-09-30')).toBe(true);
    expect(isLateCancellation('2026-09-30', '2026-09-30')).toBe(false);
    expect(isLateCancellation('2026-10-01', null)).toBe(false);
  });
});

describe('dates a write derives', () => {
  it('derives the end date from start and duration on create, with the deadline', () => {
    const v = { contract_start_date: '2025-01-01', contract_duration: 24, notice_period: 3 };
    expect(derivedContractDates(v, v, true)).toEqual({
      contract_end_date: '2027-01-01',
      contract_duration: 24,
      latest_cancellation_date: '2026-10-01',
    });
  });
  it('keeps a given end date and makes the duration follow it', () => {
    const v = { contract_start_date: '2025-01-01', contract_end_date: '2026-01-01', contract_duration: 24 };
    expect(derivedContractDates(v, v, true)).toMatchObject({ contract_end_date: '2026-01-01', contract_duration: 12 });
    const odd = { ...v, contract_end_date: '2025-12-31' };
    expect(derivedContractDates(odd, odd, true)).toMatchObject({
      contract_end_date: '2025-12-31',
      contract_duration: null,
    });
  });
  it('recomputes the end date when an update changes the start or the duration, not otherwise', () => {
    const current = {
      contract_start_date: '2025-01-01',
      contract_duration: 12,
      contract_end_date: '2026-01-01',
      notice_period: 1,
    };
    const start = { contract_start_date: '2025-03-01' };
    expect(derivedContractDates({ ...current, ...start }, start, false).contract_end_date).toBe('2026-03-01');
    const notice = { notice_period: 2 };
    expect(derivedContractDates({ ...current, ...notice }, notice, false)).toEqual({
      contract_end_date: '2026-01-01',
      contract_duration: 12,
      latest_cancellation_date: '2025-10-31', // 2025-11-01 is a Saturday
    });
    // clearing the end date while a duration is set gives it back from the duration
    const cleared = { contract_end_date: null };
    expect(derivedContractDates({ ...current, ...cleared }, cleared, false).contract_end_date).toBe('2026-01-01');
  });
  it('leaves an end date alone without a start or a duration', () => {
    const v = { contract_end_date: '2026-06-30', notice_period: 6 };
    expect(derivedContractDates(v, v, true)).toEqual({
      contract_end_date: '2026-06-30',
      contract_duration: null,
      latest_cancellation_date: '2025-12-30',
    });
  });
});

describe('auto-extension', () => {
  const terms = { contract_end_date: '2026-12-31', notice_period: 3, extension_period: 12 };
  it('is due once the latest cancellation date has passed', () => {
    expect(dueAutoExtensions(terms, '2026-09-30')).toEqual([]); // the last day to cancel
    expect(dueAutoExtensions(terms, '2026-10-01')).toEqual(['2027-12-31']);
  });
  it('catches up on every period missed', () => {
    expect(dueAutoExtensions(terms, '2028-10-01')).toEqual(['2027-12-31', '2028-12-31', '2029-12-31']);
    // short extensions with a long notice: extended until the deadline is ahead again, month ends kept
    const short = { contract_end_date: '2026-03-31', notice_period: 3, extension_period: 1 };
    expect(dueAutoExtensions(short, '2026-01-15')).toEqual(['2026-04-30']);
    expect(dueAutoExtensions(short, '2026-02-15')).toEqual(['2026-04-30', '2026-05-31']);
  });
  it('stops before an end date past the year 9999', () => {
    const late = { contract_end_date: '9998-12-31', notice_period: 3, extension_period: 12 };
    expect(dueAutoExtensions(late, '9999-10-01')).toEqual(['9999-12-31']);
    expect(dueAutoExtensions({ ...late, contract_end_date: '9999-12-31' }, '9999-10-01')).toEqual([]);
  });
  it('is never due without an end date, a notice period or an extension period', () => {
    expect(dueAutoExtensions({ ...terms, extension_period: null }, '2030-01-01')).toEqual([]);
    expect(dueAutoExtensions({ ...terms, notice_period: null }, '2030-01-01')).toEqual([]);
    expect(dueAutoExtensions({ ...terms, contract_end_date: null }, '2030-01-01')).toEqual([]);
  });
});

describe('contract transitions', () => {
  it('cancel and extend while running; cancelled and ended are terminal', () => {
    expect(allowedActions(CONTRACT_TRANSITIONS, 'active').sort()).toEqual(['cancel', 'extend']);
    expect(nextState(CONTRACT_TRANSITIONS, 'extended', 'extend')).toBe('extended');
    expect(nextState(CONTRACT_TRANSITIONS, 'extended', 'cancel')).toBe('cancelled');
    expect(allowedActions(CONTRACT_TRANSITIONS, 'cancelled')).toEqual([]);
    expect(allowedActions(CONTRACT_TRANSITIONS, 'ended')).toEqual([]);
  });
});
