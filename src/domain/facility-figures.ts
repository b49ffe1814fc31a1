// A facility's linear book value (docs/domain/calculations.md, "Facility figures"), computed when a facility is read;
// its renewal figures are src/domain/renewal.ts. Money stays a decimal string rounded to cents.

export interface FacilityInput {
  purchase_price?: string | null;
  purchase_date?: string | null;
  depreciation_period?: number | null;
}

const cents = (s: string) => Math.round(Number(s) * 100);
const money = (c: number) => (Math.round(c) / 100).toFixed(2);

/** Linear: purchase_price × max(0, 1 − months since purchase ÷ (period × 12)). */
export function bookValue(f: FacilityInput, today: Date): string | null {
  if (!f.purchase_price || !f.purchase_date || !f.depreciation_period) return null;
  const [y, m, d] = f.purchase_date.split('-').map(Number) as [number, number, number];
  let months = (today.getUTCFullYear() - y) * 12 + (today.getUTCMonth() + 1 - m);
  if (today.getUTCDate() < d) months -= 1;
  const left = Math.max(0, 1 - Math.max(0, months) / (f.depreciation_period * 12));
  return money(cents(f.purchase_price) * left);
}
