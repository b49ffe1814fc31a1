// Warnings of a write that went through (docs/domain/api.md, "Warnings"): both reply shapes give their distinct
// messages, anything else none.
import { describe, expect, it } from 'vitest';
import { warningMessages } from '../../src/api/warnings';

describe('warningMessages', () => {
  it('reads a single write’s list and a bulk reply’s rows, each message once', () => {
    expect(warningMessages({ data: {}, meta: { warnings: [{ field: 'amount', message: 'Overspent' }] } })).toEqual([
      'Overspent',
    ]);
    expect(
      warningMessages({ meta: { warnings: { 'rows.0.amount': ['A', 'B'], 'rows.3.unit_price': ['A'] }, updated: 2 } }),
    ).toEqual(['A', 'B']);
  });

  it('finds none in a reply without warnings', () => {
    for (const body of [undefined, null, 'text', [], { data: {} }, { meta: { total: 3 } }, { meta: { warnings: 5 } }])
      expect(warningMessages(body)).toEqual([]);
  });
});
