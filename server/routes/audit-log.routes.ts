// The audit log of a settings group (docs/domain/permissions.md, "Audit log"): read and exported by its admins (403
// for other members, 404 outside, 401 signed out), filtered by model, record, user and day. (Networks are a model of
// the records engine: src/entities/network.ts, their behaviour in server/models/network.ts.)
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../plugins/auth';
import { auditQuery, exportAuditLog, listAuditLog } from '../services/audit.service';
import { errorReplies, ok } from './schemas';

const params = z.object({ uuid: z.uuid() });
const auditEntry = z.object({
  id: z.number(),
  user: z.object({ uuid: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_uuid: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  created_at: z.string(),
});

export async function auditLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  r.get(
    '/settings-groups/:uuid/audit-log',
    {
      schema: {
        tags: ['settings-groups'],
        params,
        querystring: auditQuery,
        response: ok(
          z.object({
            data: z.array(auditEntry),
            meta: z.object({ per_page: z.number(), page: z.number(), next_before: z.number().nullable() }),
          }),
        ),
      },
    },
    async (req) => listAuditLog(ctx, requireUser(req), req.params.uuid, req.query),
  );
  // the same entries (the same filters) as a CSV file, newest first
  r.get(
    '/settings-groups/:uuid/audit-log/export',
    { schema: { tags: ['settings-groups'], params, querystring: auditQuery, response: errorReplies } },
    async (req, reply) => {
      const csv = await exportAuditLog(ctx, requireUser(req), req.params.uuid, req.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="audit-log.csv"')
        .send(csv as never);
    },
  );
}
