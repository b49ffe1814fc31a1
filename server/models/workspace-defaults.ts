// What the workspace's settings (docs/domain/fields.md, "Workspace settings") give the models' writes: the currency
// a new order, bill or budget takes when it names none, and how francs are rounded for the amount payable. Read
// once per write (`settingsFor`, as a model's own settings are).
import { eq } from 'drizzle-orm';
import type { CashRounding } from '../../src/domain/money';
import { sectionStore } from '../../src/entities/workspace-settings';
import type { HookContext } from '../crud/model-behaviour';
import { settingsFor } from '../crud/model-settings';
import type { Row } from '../crud/present';
import type { Db } from '../db/client';
import { settingsGroups } from '../db/schema';
import { workspaceSection } from '../services/workspace-settings.service';

const finance = sectionStore('finance');

/** The rounding of francs for the amount payable, in the write's settings group. */
export const cashRoundingOf = async (h: HookContext) => (await settingsFor(h, finance)).cash_rounding as CashRounding;

/** The same, read outside a write (a line's refresh of its document's totals). */
export const cashRoundingIn = async (db: Db, sg: string) =>
  (await workspaceSection(db, sg, 'finance')).cash_rounding as CashRounding;

/** A new record without a currency takes the settings group's (its `currency` column, which the finance section
 * shows): set on `merged` (what the write's other steps read) and returned to be stored. */
export async function currencyOnCreate(h: HookContext, merged: Row, current: Row | null): Promise<Row> {
  if (current || merged.currency != null) return {};
  const [group] = await h.db
    .select({ currency: settingsGroups.currency })
    .from(settingsGroups)
    .where(eq(settingsGroups.uuid, h.settingsGroup));
  merged.currency = group?.currency ?? 'CHF';
  return { currency: merged.currency };
}
