// The planning API as the calendar speaks it (docs/planning-api.md): the deadline events of a window, the undated
// tickets and orders, rescheduling and the per-user ICS feed.
import { http, requestEnvelope, type QueryValue } from '../../src/api/http';
import { entityByName } from '../../src/entities/registry';
import {
  CALENDAR_KINDS,
  DATE_KINDS,
  isAttributeKind,
  isDateKind,
  type CalendarKind,
} from '../../src/domain/calendar-kinds';

export { CALENDAR_KINDS, type CalendarKind };
export type SeriesScope = 'this' | 'following' | 'all';

export interface CalendarItem {
  id: string;
  kind: CalendarKind;
  uuid: string;
  title: string;
  date: string | null;
  status: string;
  overdue: boolean;
  property_uuid: string | null;
  task_uuid?: string | null;
  /** A date attribute's model (its kind names the attribute). */
  model?: string;
  /** A record date's field (what a move patches; `attributes.<key>` for a date attribute). */
  field?: string;
  /** The record a record date opens when not itself (a tenancy's end opens its partition). */
  owner_uuid?: string;
  /** Why a record date cannot be moved: a key under `calendar.locked`. */
  locked_reason?: string;
  series: boolean;
  links: { self?: string; reschedule?: string };
}

export interface CalendarReply {
  data: CalendarItem[];
  meta: { truncated: boolean; limit: number };
}

/** The selected context of the lists (settings group, properties), sent with every calendar request. */
export interface CalendarContext {
  settingsGroupUuid: string | null;
  propertyUuids: readonly string[];
  kinds: readonly CalendarKind[];
}

function contextQuery(context: CalendarContext): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { kinds: context.kinds };
  if (context.settingsGroupUuid) query.settings_group_uuid = context.settingsGroupUuid;
  if (context.propertyUuids.length) query.property_uuids = context.propertyUuids;
  return query;
}

export async function fetchCalendarEvents(
  context: CalendarContext,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<CalendarReply> {
  const reply = await requestEnvelope<CalendarItem[], CalendarReply['meta']>('calendar/events', {
    query: { ...contextQuery(context), from, to },
    signal,
  });
  return { data: reply.data, meta: reply.meta ?? { truncated: false, limit: reply.data.length } };
}

export const fetchUndated = (context: CalendarContext, signal?: AbortSignal) =>
  http.get<CalendarItem[]>('calendar/undated', {
    query: contextQuery({ ...context, kinds: context.kinds.filter((k) => k === 'ticket' || k === 'order') }),
    signal,
  });

const PLURAL: Record<string, string> = { task_event: 'task-events', ticket: 'tickets', order: 'orders' };
/** What a move needs of an item: its kind and record, and a date attribute's model and field. */
export type MoveTarget = Pick<CalendarItem, 'kind' | 'uuid'> & Partial<Pick<CalendarItem, 'model' | 'field'>>;
const pathOf = ({ kind, model }: MoveTarget) =>
  isDateKind(kind)
    ? DATE_KINDS[kind].plural
    : isAttributeKind(kind)
      ? entityByName(model ?? '')!.plural
      : PLURAL[kind]!;
/**
 * What a move writes: a record date's own field, a date attribute's value (merged into the record's attributes,
 * docs/domain/attributes.md "Values"), else the due date.
 */
function bodyOf({ kind, field }: MoveTarget, date: string | null): Record<string, unknown> {
  if (isDateKind(kind)) return { [DATE_KINDS[kind].field]: date };
  if (isAttributeKind(kind)) return { attributes: { [(field ?? '').replace(/^attributes\./, '')]: date } };
  return { due_date: date };
}

interface Versioned {
  uuid: string;
  updated_at: string;
}

/** What a move answers: the record's version after it, and the new series "this and following" split off. */
export interface Moved {
  /** `updated_at` of the moved record (the dragged task event) after the move: the If-Match of its undo. */
  version: string;
  /** The uuid of the task "this and following" split off (its undo joins it back with `rejoinSeries`), else null. */
  created: string | null;
}

/**
 * Moves one item to a date (null: back to the tray). A task event goes through its reschedule action with the
 * series scope; a ticket, an order or a record date through the generic PATCH with the version just read (If-Match).
 */
export async function rescheduleItem(
  item: MoveTarget,
  dueDate: string | null,
  scope: SeriesScope = 'this',
): Promise<Moved> {
  const path = `${pathOf(item)}/${item.uuid}`;
  if (item.kind === 'task_event') {
    const reply = await requestEnvelope<Versioned, { task_uuid?: string }>(`${path}/reschedule`, {
      method: 'POST',
      body: { due_date: dueDate, scope },
      silent: true,
    });
    return { version: reply.data.updated_at, created: scope === 'following' ? (reply.meta?.task_uuid ?? null) : null };
  }
  const current = await http.get<Versioned>(path, { silent: true });
  return { version: await writeDate(item, dueDate, current.updated_at), created: null };
}

/**
 * Writes the date a move changes (a task event's or ticket's due date, a record date's field) with If-Match
 * `version`, as the grids' undo does (docs/decisions.md, "Planning screens and the deadline calendar (client)"):
 * a record changed since is a 409, never overwritten. Answers the record's new version.
 */
export async function writeDate(item: MoveTarget, date: string | null, version: string): Promise<string> {
  const written = await http.patch<Versioned>(`${pathOf(item)}/${item.uuid}`, bodyOf(item, date), {
    headers: { 'If-Match': `"${version}"` },
    silent: true,
  });
  return written.updated_at;
}

/** Joins a series split off by "this and following" back into the one it came from (the undo of that move). */
export async function rejoinSeries(taskUuid: string): Promise<void> {
  await http.post(`tasks/${taskUuid}/rejoin`, undefined, { silent: true });
}

export const getFeedUrl = () => http.get<{ url: string }>('user/calendar-feed');
export const resetFeedUrl = () => http.post<{ url: string }>('user/calendar-feed/reset');
