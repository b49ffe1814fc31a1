// The pure rules of a screen's linked selection (selection.ts; docs/decisions.md, "Linked selection"): what a click
// in a linked view makes of it, and what the grid's ticks make of it when part of it is not loaded in the grid.

/**
 * A click on a record in a linked view (a calendar event, a pin): alone it selects just that record; with Ctrl or
 * Cmd (`additive`) it adds the record to the selection, or takes it out when it was selected.
 */
export function clickSelection(current: readonly string[], uuid: string, additive: boolean): string[] {
  if (!additive) return [uuid];
  return current.includes(uuid) ? current.filter((u) => u !== uuid) : [...current, uuid];
}

/**
 * The selection after the user ticked rows in the grid: the grid knows only its loaded rows, so the records of the
 * selection it has not loaded (picked in another view) stay selected, followed by the loaded rows now ticked.
 */
export function mergeGridSelection(
  current: readonly string[],
  ticked: readonly string[],
  isLoaded: (uuid: string) => boolean,
): string[] {
  const tickedSet = new Set(ticked);
  const kept = current.filter((uuid) => !isLoaded(uuid) && !tickedSet.has(uuid));
  return [...kept, ...ticked];
}

/** The record a calendar item stands for on its module's screen: a task event's task, else the item's record. */
export function calendarRecordOf(item: { kind: string; uuid: string; task_uuid?: string | null }): string | null {
  return item.kind === 'task_event' ? (item.task_uuid ?? null) : item.uuid;
}
