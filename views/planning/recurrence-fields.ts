// The recurrence fields of a task (docs/planning-api.md, "Task recurrence fields") and which of them a repeat type
// needs; pure, for the editor.

/** The fields this editor shows instead of the generated form. */
export const RECURRENCE_FIELDS = [
  'repeat_type',
  'interval',
  'unit',
  'by_weekday',
  'month_mode',
  'weekday_ordinal',
  'start_date',
  'end_type',
  'end_date',
  'occurrences',
  'anchor',
  'lead_days',
  'due_offset_days',
  'skip_weekends',
  'rrule',
] as const;
export type RecurrenceField = (typeof RECURRENCE_FIELDS)[number];
type Name = RecurrenceField;

/** Which fields a draft needs shown, from its repeat type, month mode and end rule. */
export function visibleRecurrenceFields(draft: Record<string, unknown>): Name[] {
  const type = draft.repeat_type ?? 'singular';
  const shown: Name[] = ['repeat_type', 'start_date'];
  if (type === 'singular') return [...shown, 'lead_days', 'due_offset_days', 'skip_weekends'];
  if (type === 'custom') shown.push('rrule');
  else shown.push('interval');
  if (type === 'every_x_unit') shown.push('unit');
  if (type === 'weekly') shown.push('by_weekday');
  const months =
    type === 'monthly' ||
    type === 'yearly' ||
    (type === 'every_x_unit' && ['month', 'year'].includes(String(draft.unit)));
  if (months) shown.push('month_mode');
  if (months && draft.month_mode === 'by_weekday_ordinal') shown.push('weekday_ordinal', 'by_weekday');
  shown.push('end_type');
  if (draft.end_type === 'until') shown.push('end_date');
  if (draft.end_type === 'count') shown.push('occurrences');
  return [...shown, 'anchor', 'lead_days', 'due_offset_days', 'skip_weekends'];
}
