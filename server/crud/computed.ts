// Computed fields per model: values derived on read (facility figures) and on write (contact display name).
// A need of one model is written here for that model; it moves into the engine at its third use.
import type { AnyEntity } from '../../src/entities/define';
import { isOverdue } from '../../src/domain/overdue';
import { lineTotal } from '../../src/domain/money';
import { bookValue, remainingLifetime, renewalCosts, type FacilityInput } from '../../src/domain/facility-figures';

export function computedValues(
  entity: AnyEntity,
  row: Record<string, unknown>,
  callerToday = new Date().toISOString().slice(0, 10),
): Record<string, unknown> {
  if (entity.name === 'task_event' || entity.name === 'ticket' || entity.name === 'order')
    return { overdue: isOverdue(entity.name, row, callerToday) };
  if (entity.name !== 'facility') return {};
  const f = row as FacilityInput;
  const today = new Date();
  return {
    remaining_lifetime: remainingLifetime(f, today),
    renewal_costs: renewalCosts(f),
    depreciation: bookValue(f, today),
  };
}

/** Stored computed values, set on every write from the merged record. */
export function storedComputed(entity: AnyEntity, merged: Record<string, unknown>): Record<string, unknown> {
  if (entity.name === 'order_line') return { total: lineTotal(merged) };
  if (entity.name !== 'contact') return {};
  const person = [merged.first_name, merged.last_name].filter(Boolean).join(' ');
  const name = merged.kind === 'organisation' ? merged.organisation || person : person || merged.organisation;
  return { display_name: (name as string | null) ?? '' };
}
