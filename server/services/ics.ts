// iCalendar (RFC 5545) text of calendar items: all-day VEVENTs, escaped and folded at 75 octets.
import { DATE_KIND_NAMES, DATE_KINDS, attributeScreen, isAttributeKind } from '../../src/domain/calendar-kinds';

interface Item {
  id: string;
  kind: string;
  uuid: string;
  title: string;
  date: string | null;
  status: string;
  task_uuid?: string | null;
  owner_uuid?: string | null;
  /** A date attribute's model and field (`attributes.<key>`). */
  model?: string;
  field?: string;
}

const escape = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const compact = (iso: string) => iso.replace(/-/g, '');
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Folds a content line at 75 octets (continuation lines start with a space), never inside a UTF-8 sequence. */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const PATH: Record<string, string> = {
  task_event: 'tasks',
  ticket: 'tickets',
  order: 'orders',
  ...Object.fromEntries(DATE_KIND_NAMES.map((k) => [k, DATE_KINDS[k].screen])),
};
/** The record an entry opens: a task event its task, a tenancy's end its partition, anything else itself. */
const target = (item: Item) => (item.kind === 'task_event' ? item.task_uuid : item.owner_uuid) ?? item.uuid;
/** The module page an entry opens: its kind's, or a date attribute's model's. */
const pathOf = (item: Item) => (isAttributeKind(item.kind) ? attributeScreen(item.model ?? '') : PATH[item.kind]) ?? '';
/** The entry's category: its kind, or a date attribute's key (`ATTRIBUTE_<KEY>`). */
const categoryOf = (item: Item) =>
  isAttributeKind(item.kind) && item.field
    ? `ATTRIBUTE_${item.field.slice('attributes.'.length).toUpperCase()}`
    : item.kind.toUpperCase();

export function toIcs(items: Item[], appUrl: string, now: Date): string {
  const host = new URL(appUrl).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hauswerk//Deadline calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Hauswerk',
  ];
  for (const item of items) {
    if (!item.date) continue;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${item.kind}-${item.uuid}@${host}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${compact(item.date)}`,
      `DTEND;VALUE=DATE:${compact(nextDay(item.date))}`,
      `SUMMARY:${escape(item.title)}`,
      `CATEGORIES:${escape(categoryOf(item))}`,
      `X-HAUSWERK-STATUS:${escape(item.status)}`,
      `URL:${appUrl}/${pathOf(item)}/${target(item)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
