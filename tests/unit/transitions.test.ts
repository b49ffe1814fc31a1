// The state machines (docs/domain/states.md, "States and transitions"), the order line arithmetic (decimal strings, never
// floats), overdue.
import { describe, expect, it } from 'vitest';
import {
  ORDER_STATES,
  TASK_EVENT_TRANSITIONS,
  TICKET_STATES,
  TICKET_TRANSITIONS,
  allowedActions,
  nextState,
  orderTransitions,
} from '../../src/domain/transitions';
import { fromScaled, lineTotal, sum, toScaled } from '../../src/domain/money';
import { isOverdue } from '../../src/domain/overdue';

/** Every (from → to) pair a table allows. */
const edges = (table: Record<string, Record<string, string>>) =>
  Object.entries(table)
    .flatMap(([from, actions]) => Object.values(actions).map((to) => `${from}→${to}`))
    .sort();

describe('ticket transitions', () => {
  it('are exactly those of docs/domain/README.md', () => {
    expect(edges(TICKET_TRANSITIONS)).toEqual(
      [
        'requested→open',
        'requested→cancelled',
        'open→in_progress',
        'open→delegated',
        'open→cancelled',
        'delegated→in_progress',
        'delegated→open',
        'delegated→cancelled',
        'in_progress→done',
        'in_progress→open',
        'in_progress→cancelled',
        'done→confirmed',
        'done→open',
      ].sort(),
    );
  });

  it('have terminal confirmed and cancelled, and refuse anything else', () => {
    expect(allowedActions(TICKET_TRANSITIONS, 'confirmed')).toEqual([]);
    expect(allowedActions(TICKET_TRANSITIONS, 'cancelled')).toEqual([]);
    expect(nextState(TICKET_TRANSITIONS, 'open', 'confirm')).toBeNull();
    expect(nextState(TICKET_TRANSITIONS, 'done', 'reopen')).toBe('open');
    expect(nextState(TICKET_TRANSITIONS, 'nonsense', 'open')).toBeNull();
    expect(Object.keys(TICKET_TRANSITIONS).sort()).toEqual([...TICKET_STATES].sort());
  });
});

describe('order transitions', () => {
  it('external: draft → sent → accepted | refused; accepted → done → confirmed; cancel from non-terminal', () => {
    const t = orderTransitions('external');
    expect(edges(t)).toEqual(
      [
        'draft→sent',
        'draft→cancelled',
        'sent→accepted',
        'sent→refused',
        'sent→cancelled',
        'accepted→done',
        'accepted→cancelled',
        'done→confirmed',
      ].sort(),
    );
    expect(Object.keys(t).sort()).toEqual([...ORDER_STATES].sort());
  });

  it('internal orders skip sent and accepted', () => {
    const t = orderTransitions('internal');
    expect(allowedActions(t, 'draft').sort()).toEqual(['cancel', 'done']);
    expect(nextState(t, 'draft', 'send')).toBeNull();
    expect(nextState(t, 'done', 'confirm')).toBe('confirmed');
  });
});

describe('task event transitions', () => {
  it('open → done | skipped, nothing after', () => {
    expect(edges(TASK_EVENT_TRANSITIONS)).toEqual(['open→done', 'open→skipped']);
    expect(nextState(TASK_EVENT_TRANSITIONS, 'done', 'skip')).toBeNull();
  });
});

describe('order line totals', () => {
  it.each([
    [{ quantity: '3', unit_price: '19.99', discount: '10', tax: '8.1' }, '58.34'],
    [{ quantity: '0.1', unit_price: '0.10' }, '0.01'],
    [{ quantity: '1', unit_price: '0.005' }, '0.01'],
    [{ quantity: '3', unit_price: '0.1' }, '0.30'], // 0.1 × 3 as floats is 0.30000000000000004
    [{ quantity: '2.5', unit_price: '1000.00', discount: '100' }, '0.00'],
    [{ quantity: '1', unit_price: '100', tax: '7.7' }, '107.70'],
    [{ quantity: '12345678.1234', unit_price: '999999.99' }, null], // beyond numeric(14,2)
    [{ quantity: 'x', unit_price: '1' }, null],
    [{ unit_price: '1' }, null],
  ])('%j → %s', (line, total) => {
    expect(lineTotal(line)).toBe(total);
  });

  it('sums and rounds half away from zero without floats', () => {
    expect(sum(['0.10', '0.20', null, '1.005'])).toBe('1.31');
    expect(fromScaled(toScaled('-0.005')!)).toBe('-0.01');
    expect(fromScaled(toScaled('-0.004')!)).toBe('0.00');
    expect(toScaled('1e3')).toBeNull();
  });
});

describe('overdue', () => {
  it('is a past due date on a record still open', () => {
    expect(isOverdue('ticket', { due_date: '2026-01-01', status: 'open' }, '2026-01-02')).toBe(true);
    expect(isOverdue('ticket', { due_date: '2026-01-02', status: 'open' }, '2026-01-02')).toBe(false);
    expect(isOverdue('ticket', { due_date: '2026-01-01', status: 'confirmed' }, '2026-01-02')).toBe(false);
    expect(isOverdue('order', { due_date: '2026-01-01', status: 'refused' }, '2026-01-02')).toBe(false);
    expect(isOverdue('task_event', { due_date: '2026-01-01', status: 'skipped' }, '2026-01-02')).toBe(false);
    expect(isOverdue('task_event', { due_date: null, status: 'open' }, '2026-01-02')).toBe(false);
  });
});

describe('ICS lines', () => {
  it('fold at 75 octets without splitting a UTF-8 character, and escape text', async () => {
    const { fold, toIcs } = await import('../../server/services/ics');
    const long = `SUMMARY:${'ä'.repeat(60)}`;
    const folded = fold(long).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const l of folded) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(long);
    const text = toIcs(
      [{ id: 'ticket:1', kind: 'ticket', uuid: '1', title: 'a;b,c\\d\ne', date: '2026-02-28', status: 'open' }],
      'http://x.test',
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(text).toContain('SUMMARY:a\\;b\\,c\\\\d\\ne');
    expect(text).toContain('DTSTART;VALUE=DATE:20260228\r\nDTEND;VALUE=DATE:20260301');
  });
});

describe("the caller's today", () => {
  it('shifts by the X-Timezone-Offset hours, ignoring nonsense', async () => {
    const { todayAt } = await import('../../server/crud/access');
    const late = Date.parse('2026-03-31T23:30:00Z');
    expect(todayAt('0', late)).toBe('2026-03-31');
    expect(todayAt('2', late)).toBe('2026-04-01');
    expect(todayAt('5.5', late)).toBe('2026-04-01');
    expect(todayAt('-5', Date.parse('2026-04-01T02:00:00Z'))).toBe('2026-03-31');
    expect(todayAt('99', late)).toBe('2026-03-31');
    expect(todayAt('abc', late)).toBe('2026-03-31');
    expect(todayAt(undefined, late)).toBe('2026-03-31');
  });
});
