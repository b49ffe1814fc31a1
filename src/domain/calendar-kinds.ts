// The deadline calendar's kinds (docs/domain/planning.md, "Deadline calendar"): the planning kinds (task events,
// ticket and order due dates) and the record dates of other models, one entry each. A record date kind names its
// model's table (the plural), the date column and whether moving it means something: a movable date is patched
// with If-Match like a ticket's due date; a computed one carries the key of the reason the calendar shows instead.
// Adding a kind is one entry here, its colour in views/calendar/calendar.css and its label in the calendar
// translations. A kind may keep only records in some states (bills: open ones, docs/domain/planning.md).
// Beside these static kinds, each live date attribute of a settings group with `calendar` on is a kind of its own,
// `attribute:<the attribute's uuid>` (docs/domain/attributes.md, "In the deadline calendar"): labelled by the
// attribute, movable, opening its model's module page (ATTRIBUTE_SCREENS).
import { ATTRIBUTE_MODELS, type AttributeDef, type AttributeModel } from './attributes';

export const PLANNING_KINDS = ['task_event', 'ticket', 'order'] as const;

export interface DateKind {
  /** The model (src/entities) the date belongs to. */
  readonly model: string;
  /** Its API path and table (hyphens become underscores). */
  readonly plural: string;
  /** The date column, also the field a move patches. */
  readonly field: string;
  /** Moving it means something (the field is writable and not derived). */
  readonly movable: boolean;
  /** Why it cannot be moved: a key under `calendar.locked` (only when not movable). */
  readonly lockedReason?: string;
  /** The screen a calendar entry opens (its module path; `?record=` the uuid of `opens`). */
  readonly screen: string;
  /** Which record the screen opens: the record itself, or the one a reference names (a tenancy: its partition). */
  readonly opens?: string;
  /** Only records in these states are shown (a paid or cancelled bill's due date is no deadline any more). */
  readonly states?: readonly string[];
  /** The date is a due date: before today it is overdue (src/domain/overdue.ts), as a ticket's is. */
  readonly due?: boolean;
}

export const DATE_KINDS = {
  contract_cancellation: {
    model: 'contract',
    plural: 'contracts',
    field: 'latest_cancellation_date',
    movable: false,
    lockedReason: 'computed_cancellation',
    screen: 'contracts',
  },
  contract_end: {
    model: 'contract',
    plural: 'contracts',
    field: 'contract_end_date',
    movable: true,
    screen: 'contracts',
  },
  guarantee_end: {
    model: 'guarantee',
    plural: 'guarantees',
    field: 'end_date',
    movable: false,
    lockedReason: 'computed_guarantee_end',
    screen: 'guarantees',
  },
  counter_verification: {
    model: 'counter',
    plural: 'counters',
    field: 'next_verification_date',
    movable: true,
    screen: 'counters',
  },
  tenancy_end: {
    model: 'tenancy',
    plural: 'tenancies',
    field: 'end_date',
    movable: true,
    screen: 'partitions',
    opens: 'partition_uuid',
  },
  document_valid_to: {
    model: 'document',
    plural: 'documents',
    field: 'valid_to',
    movable: true,
    screen: 'documents',
  },
  facility_renewal: {
    model: 'facility',
    plural: 'facilities',
    field: 'renewal_date',
    movable: true,
    screen: 'facilities',
  },
  bill_due: {
    model: 'bill',
    plural: 'bills',
    field: 'due_date',
    movable: true,
    screen: 'bills',
    states: ['open'],
    due: true,
  },
} as const satisfies Record<string, DateKind>;

export type DateKindName = keyof typeof DATE_KINDS;
export const DATE_KIND_NAMES = Object.keys(DATE_KINDS) as DateKindName[];

/** The static kinds: the planning kinds and the record dates of DATE_KINDS. */
export const CALENDAR_KINDS = [...PLANNING_KINDS, ...DATE_KIND_NAMES] as [
  (typeof PLANNING_KINDS)[number],
  ...((typeof PLANNING_KINDS)[number] | DateKindName)[],
];
export type StaticKind = (typeof PLANNING_KINDS)[number] | DateKindName;
/** A date attribute's kind: `attribute:<the attribute's uuid>`. */
export type AttributeKindName = `attribute:${string}`;
export type CalendarKind = StaticKind | AttributeKindName;

export const isDateKind = (kind: string): kind is DateKindName => Object.hasOwn(DATE_KINDS, kind);
export const dateKind = (kind: DateKindName): DateKind => DATE_KINDS[kind];

/** A kind of a date attribute, as the calendar API takes and answers it. */
export const ATTRIBUTE_KIND = /^attribute:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const attributeKind = (uuid: string): AttributeKindName => `attribute:${uuid.toLowerCase()}`;
export const isAttributeKind = (kind: string): kind is AttributeKindName => ATTRIBUTE_KIND.test(kind);
/** The attribute of an attribute kind. */
export const attributeOfKind = (kind: AttributeKindName) => kind.slice('attribute:'.length);

/** An attribute shown in the calendar: a date attribute with its `calendar` setting on. */
export const isCalendarAttribute = (def: Pick<AttributeDef, 'type' | 'calendar'>) =>
  def.type === 'date' && def.calendar === true;

/**
 * The module page (its path) an attribute's date opens, by model: the page that lists the model (views/pages.ts; a
 * unit test holds the two together). The server's ICS feed links there too.
 */
export const ATTRIBUTE_SCREENS = {
  property: 'property',
  partition: 'partitions',
  area: 'areas',
  facility: 'facilities',
  document: 'documents',
  contact: 'contacts',
  contract: 'contracts',
  guarantee: 'guarantees',
  measurement: 'measurements',
  ticket: 'tickets',
  task: 'tasks',
  budget: 'budgets',
  bill: 'bills',
} as const satisfies Record<AttributeModel, string>;
export const attributeScreen = (model: string): string | undefined =>
  (ATTRIBUTE_MODELS as readonly string[]).includes(model) ? ATTRIBUTE_SCREENS[model as AttributeModel] : undefined;
