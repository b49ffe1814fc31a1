// A scheduled export's run log beside the records engine's routes (docs/domain/scheduled-exports.md, "Routes"):
// `GET /scheduled-exports/{uuid}/runs` (linked from the record as `links.runs`) and the download of a run's file,
// `GET /scheduled-exports/{uuid}/runs/{id}/file`, while it is kept (30 days; 404 after). Both answer as the record
// does: 404 to anyone who does not see it (a user's own row: its owner; docs/domain/permissions.md, "A user's own
// rows"). Run now is the model's action (server/models/scheduled-export.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { exportRunSchema } from '../../src/entities/scheduled-export';
import { accessOf } from '../crud/access';
import { getRow } from '../crud/read';
import { downloadHeaders, sendFile } from '../documents/file-reply';
import { notFound } from '../http-error';
import { presentRun, runFile, runsOf } from '../services/scheduled-export.service';
import { ok } from './schemas';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function scheduledExportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['scheduled-exports'];
  const entity = entities.scheduled_export;

  r.get(
    '/scheduled-exports/:uuid/runs',
    {
      schema: {
        tags,
        params: z.object({ uuid: z.uuid() }),
        response: ok(z.object({ data: z.array(exportRunSchema) })),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const row = await getRow(ctx, access, entity, req.params.uuid);
      const base = `/api/v1/scheduled-exports/${String(row.uuid)}`;
      const now = new Date();
      return { data: (await runsOf(ctx.db, String(row.uuid))).map((run) => presentRun(run, base, now)) };
    },
  );

  r.get(
    '/scheduled-exports/:uuid/runs/:id/file',
    {
      schema: {
        tags,
        params: z.object({ uuid: z.uuid(), id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
      },
      onSend: downloadHeaders,
    },
    async (req, reply) => {
      const access = await accessOf(ctx, req);
      const row = await getRow(ctx, access, entity, req.params.uuid);
      const file = await runFile(ctx, String(row.uuid), req.params.id);
      if (!file) throw notFound();
      reply.header('Cache-Control', 'no-store');
      return sendFile(reply, { stream: file.stream, size: file.size, name: file.name, mime: XLSX });
    },
  );
}
