// Budget arithmetic (docs/domain/calculations.md, "Budgets"): what a write draws (new − old, exact decimals) and
// whether it overspends: only a write that draws more and leaves less than nothing; exactly nothing left is allowed.
import { describe, expect, it } from 'vitest';
import { decimalText, drawDelta, overspends } from '../../src/domain/budget';
import { add, decToString, toDec } from '../../src/domain/decimal';

const text = (v: Parameters<typeof decToString>[0]) => decToString(v, 2);

describe('drawDelta', () => {
  it('is new − old exactly, with no float remainder', () => {
    expect(text(drawDelta('0.30', '0.10'))).toBe('0.20');
    expect(text(drawDelta('0.3', '0.1'))).toBe('0.20');
    expect(text(drawDelta('100.01', '90.00'))).toBe('10.01');
    expect(text(drawDelta('90.00', '100.01'))).toBe('-10.01');
    expect(text(drawDelta('12345678901.99', '0.01'))).toBe('12345678901.98');
    expect(text(drawDelta(0.3, 0.1))).toBe('0.20');
  });

  it('counts a missing or non-numeric value as 0', () => {
    expect(text(drawDelta('5.00', null))).toBe('5.00');
    expect(text(drawDelta(undefined, '5.00'))).toBe('-5.00');
    expect(text(drawDelta(null, null))).toBe('0.00');
    expect(text(drawDelta('abc', '1.00'))).toBe('-1.00');
  });
});

describe('overspends', () => {
  const d = (v: string) => toDec(v)!;

  it('allows a draw that leaves exactly nothing, refuses a cent more', () => {
    expect(overspends('0.30', d('0.30'))).toBe(false);
    expect(overspends('0.30', drawDelta('0.30', '0'))).toBe(false);
    expect(overspends('0.30', d('0.31'))).toBe(true);
    expect(overspends('10.00', d('10.01'))).toBe(true);
    expect(overspends('10.00', d('10.001'))).toBe(true);
    expect(overspends('10.01', d('10.01'))).toBe(false);
    // 0.1 + 0.2 drawn on 0.30: as floats 0.30000000000000004, exactly 0.30
    expect(overspends('0.30', add(d('0.1'), d('0.2')))).toBe(false);
    expect(overspends('0.30', add(d('0.1'), d('0.21')))).toBe(true);
    expect(overspends('0.00', d('0.01'))).toBe(true);
  });

  it('never refuses a write that draws the same or less, even on an overspent budget', () => {
    expect(overspends('-100.00', d('0'))).toBe(false);
    expect(overspends('-100.00', d('-0.01'))).toBe(false);
    expect(overspends('-0.01', d('-50.00'))).toBe(false);
    expect(overspends('5.00', d('0.00'))).toBe(false);
  });

  it('refuses any draw more on a budget already overspent or with nothing left', () => {
    expect(overspends('-0.01', d('0.01'))).toBe(true);
    expect(overspends('0', d('0.01'))).toBe(true);
    expect(overspends(null, d('0.01'))).toBe(true);
  });
});

describe('decimalText', () => {
  it('writes the available amount as the API does', () => {
    expect(decimalText('0.00')).toBe('0.00');
    expect(decimalText('-10.50')).toBe('-10.50');
    expect(decimalText(null)).toBe('0');
  });
});
