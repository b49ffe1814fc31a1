// What orders and bills draw on each budget (docs/domain/calculations.md, "Budgets"), kept by database triggers in
// the same transaction as every write to orders and bills, whatever the path (a save, a bulk write, an import, an
// undo, a restore): a budget's available amount reads it with one lookup instead of summing its orders and bills on
// every read. The triggers and the function that recomputes a budget's row are in the migration that made them
// (server/db/migrations/0017_admin_budget_totals.sql).
import { numeric, pgTable, uuid } from 'drizzle-orm/pg-core';

export const budgetTotals = pgTable('budget_totals', {
  budget_uuid: uuid('budget_uuid').primaryKey(),
  /** Σ totals of the orders drawing on the budget (not deleted, not cancelled or refused, not billed). */
  orders_drawn: numeric('orders_drawn', { precision: 16, scale: 2 }).notNull().default('0'),
  /** Σ amounts of the bills drawing on it (not deleted, not cancelled). */
  bills_drawn: numeric('bills_drawn', { precision: 16, scale: 2 }).notNull().default('0'),
});
