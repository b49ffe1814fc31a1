// Facility figures (docs/domain/calculations.md, "Facility figures"), computed when a facility is read: remaining lifetime, renewal
// costs and the linear book value. Money stays a decimal string rounded to cents.

export interface FacilityInput {
  lifetime?: number | null;
  commissioning_year?: number | null;
  commissioning_date?: string | null;
  quantity?: string | null;
  unit_price?: string | null;
  dismantling_cost_share?: string | null;
  purchase_price?: string | null;
  purchase_date?: string | null;
  depreciation_period?: number | null;
}

const cents = (s: string) => Math.round(Number(s) * 100);
const money = (c: number) => (Math.round(c) / 100).toFixed(2);

export function remainingLifetime(f: FacilityInput, today: Date): number | null {
  const year = f.commissioning_year ?? (f.commissioning_date ? Number(f.commissioning_date.slice(0, 4)) : null);
  if (f.lifetime == null || year == null) return null;
  return Math.max(0, f.lifetime - (today.getUTCFullYear() - year));
}

export function renewalCosts(f: FacilityInput): string | null {
  if (!f.unit_price) return null;
  const quantity = f.quantity ? Number(f.quantity) : 1;
  const share = f.dismantling_cost_share ? Number(f.dismantling_cost_share) / 100 : 0;
  return money(cents(f.unit_price) * quantity * (1 + share));
}

/** Linear: purchase_price × max(0, 1 − months since purchase ÷ (period × 12)). */
export function bookValue(f: FacilityInput, today: Date): string | null {
  if (!f.purchase_price || !f.purchase_date || !f.depreciation_period) return null;
  const [y, m, d] = f.purchase_date.split('-').map(Number) as [number, number, number];
  let months = (today.getUTCFullYear() - y) * 12 + (today.getUTCMonth() + 1 - m);
  if (today.getUTCDate() < d) months -= 1;
  const left = Math.max(0, 1 - Math.max(0, months) / (f.depreciation_period * 12));
  return money(cents(f.purchase_price) * left);
}
