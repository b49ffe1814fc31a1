// The deadline calendar's API (docs/planning-api.md): dated items of a period and the undated tray.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { valueSchemas } from '../../src/entities/schemas';
import { accessOf } from '../crud/access';
import { fieldError } from '../http-error';
import { ATTRIBUTE_KIND, type AttributeKindName } from '../../src/domain/calendar-kinds';
import { CALENDAR_KINDS, calendarItems } from '../services/calendar.service';
import { ok } from './schemas';

export const MAX_RANGE_DAYS = 400;
const listOf = <T extends z.ZodType>(item: T) =>
  z.union([item.transform((v) => [v]), z.array(item).max(200)]).transform((v) => v as z.output<T>[]);

/** A static kind, or a date attribute's: `attribute:<uuid>` (docs/domain/attributes.md, "In the deadline calendar"). */
const kind = z.union([
  z.enum(CALENDAR_KINDS),
  z
    .string()
    .regex(ATTRIBUTE_KIND)
    .transform((v) => v as AttributeKindName),
]);
const context = {
  kinds: listOf(kind).optional(),
  settings_group_uuid: z.uuid().optional(),
  property_uuids: listOf(z.uuid()).optional(),
};
const item = z.object({
  id: z.string(),
  kind: z.string(),
  uuid: z.string(),
  title: z.string(),
  date: z.string().nullable(),
  status: z.string(),
  overdue: z.boolean(),
  property_uuid: z.string().nullable(),
  task_uuid: z.string().optional(),
  /** A date attribute's model (its kind names the attribute). */
  model: z.string().optional(),
  /** A record date's field (what a move patches; `attributes.<key>` for a date attribute). */
  field: z.string().optional(),
  /** The record a record date opens when it is not the record itself (a tenancy's partition). */
  owner_uuid: z.string().optional(),
  /** Why a record date cannot be moved: a key under `calendar.locked` (computed dates). */
  locked_reason: z.string().optional(),
  series: z.boolean(),
  updated_at: z.string(),
  links: z.record(z.string(), z.string()),
});
/** The reply of both calendar endpoints (the benchmark's hand-written baseline answers through it too). */
export const calendarReply = z.object({
  data: z.array(item),
  meta: z.object({ truncated: z.boolean(), limit: z.number() }),
});

export async function calendarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/calendar/events',
    {
      schema: {
        tags: ['calendar'],
        querystring: z.strictObject({ from: valueSchemas.date(), to: valueSchemas.date(), ...context }),
        response: ok(calendarReply),
      },
    },
    async (req) => {
      const q = req.query as { from: string; to: string };
      const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
      if (days < 0) throw fieldError('to', 'validation.end_before_start');
      if (days > MAX_RANGE_DAYS) throw fieldError('to', 'validation.range_days', { max: MAX_RANGE_DAYS });
      return calendarItems(ctx, await accessOf(ctx, req), req.query);
    },
  );
  r.get(
    '/calendar/undated',
    { schema: { tags: ['calendar'], querystring: z.strictObject(context), response: ok(calendarReply) } },
    async (req) => calendarItems(ctx, await accessOf(ctx, req), req.query, false, 500),
  );
}
