// Overdue is derived, never stored (docs/domain/states.md, "States and transitions"): a due date before today on a
// record still open.
import { isClosed } from './transitions';

export function isOverdue(model: string, row: Readonly<Record<string, unknown>>, today: string): boolean {
  const due = row.due_date;
  if (typeof due !== 'string' || due >= today) return false;
  const state = String(row.status);
  return model === 'task_event' || model === 'bill' ? state === 'open' : !isClosed(state);
}
