// A document's own discount in its totals (docs/domain/calculations.md, "Document totals"): the net and the VAT
// shrink by one factor, the rates alike, and the cents rounding leaves over go to the rate with the largest net.
// Worked by hand.
import { describe, expect, it } from 'vitest';
import { discountExceeding, documentTotals } from '../../src/domain/money';

const line = (unit_price: string, tax: string) => ({ quantity: '1', unit_price, tax });

describe('a document’s own discount', () => {
  it('changes nothing when there is none', () => {
    const lines = [line('10', '8.1'), line('10', '2.6')];
    expect(documentTotals(lines, 'EUR', undefined, { discount: null, discount_amount: null })).toEqual(
      documentTotals(lines, 'EUR'),
    );
    expect(documentTotals(lines, 'EUR')).toMatchObject({ subtotal: '20.00', discount_total: '0.00' });
  });

  it('gives the cents rounding leaves over to the rate with the largest net, so the rates add up', () => {
    // three rates of 10.00 net each, 10.00 off: every figure × 2/3
    const totals = documentTotals([line('10', '2.6'), line('12', '8.1'), line('10', '3.8')], 'EUR', undefined, {
      discount_amount: '12',
    });
    // net 32.00 → 20.00; VAT 0.26 + 0.97 + 0.38 = 1.61 × 20/32 = 1.00625 → 1.01
    expect(totals).toMatchObject({ subtotal: '32.00', discount_total: '12.00', net_total: '20.00', tax_total: '1.01' });
    // nets 6.25, 7.50, 6.25 (exact); VAT 0.1625 → 0.16, 0.60625 → 0.61, 0.2375 → 0.24: 1.01, nothing left over
    expect(totals.rates).toEqual([
      { rate: '2.6', net: '6.25', tax: '0.16' },
      { rate: '3.8', net: '6.25', tax: '0.24' },
      { rate: '8.1', net: '7.50', tax: '0.61' },
    ]);
    const thirds = documentTotals([line('10', '2.6'), line('11', '8.1'), line('10', '3.8')], 'EUR', undefined, {
      discount_amount: '10.33',
    });
    // net 31.00 → 20.67, × 2067/3100; nets 6.6677… → 6.67, 7.3345… → 7.33, 6.67: 20.67, nothing left over;
    // VAT 0.26 + 0.89 + 0.38 = 1.53 → 1.0201… → 1.02; per rate 0.1733… → 0.17, 0.5934… → 0.59, 0.2533… → 0.25 = 1.01:
    // the cent left over goes to 8.1 %, the largest net
    expect(thirds).toMatchObject({ net_total: '20.67', tax_total: '1.02', total: '21.69' });
    expect(thirds.rates).toEqual([
      { rate: '2.6', net: '6.67', tax: '0.17' },
      { rate: '3.8', net: '6.67', tax: '0.25' },
      { rate: '8.1', net: '7.33', tax: '0.60' },
    ]);
  });

  it('takes the percentage first, then the amount, and never goes below zero', () => {
    // 200.00 × 0.9 = 180.00 − 30.00 = 150.00; VAT 16.20 × 150/200 = 12.15
    expect(
      documentTotals([line('200', '8.1')], 'CHF', undefined, { discount: '10', discount_amount: '30' }),
    ).toMatchObject({ net_total: '150.00', tax_total: '12.15', total: '162.15', payable_total: '162.15' });
    expect(documentTotals([line('200', '8.1')], 'CHF', undefined, { discount_amount: '250' })).toMatchObject({
      net_total: '0.00',
      tax_total: '0.00',
      total: '0.00',
      discount_total: '200.00',
    });
    expect(discountExceeding([line('200', '8.1')], { discount_amount: '250' })).toBe('200.00');
    expect(discountExceeding([line('200', '8.1')], { discount_amount: '200' })).toBeNull();
  });
});
