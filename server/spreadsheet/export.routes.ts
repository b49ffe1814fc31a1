// Export and import-template routes for every model (docs/spreadsheet-api.md): GET /{plural}/export with the
// list query (POST with the same fields as JSON for large selections), GET /{plural}/import-template.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entityList } from '../../src/entities/registry';
import type { AnyEntity } from '../../src/entities/define';
import type { DateFormatToken } from '../../src/domain/parse';
import { sheetName } from '../../src/domain/sheet-text';
import { accessOf, groupsWhere, levelOf, reachesAll } from '../crud/access';
import { forbidden } from '../http-error';
import { recordFieldsIn } from '../crud/model-behaviour';
import { listQuerySchema, type ListQuery } from '../crud/list-query';
import { requireUser } from '../plugins/auth';
import { exportColumns } from './export-columns';
import { countRows, pages, refTitles, writeCsv, writeXlsx } from './export.service';
import { writeTemplate } from './template.service';
import { modelLabel } from './labels';
import { lazySchema } from '../lazy-schemas';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const commaList = z
  .string()
  .max(4000)
  .transform((s) => s.split(',').filter(Boolean));
const uuids = z.union([z.uuid().transform((v) => [v]), z.array(z.uuid()).max(10_000)]);

export function exportQuerySchema(entity: AnyEntity) {
  return listQuerySchema(entity)
    .omit({ page: true, per_page: true, cursor: true })
    .extend({
      format: z.enum(['xlsx', 'csv']).optional(),
      delimiter: z.enum(['semicolon', 'comma']).optional(),
      columns: z.union([commaList, z.array(z.string().max(100)).max(200)]).optional(),
      widths: z
        .union([commaList, z.array(z.string().max(10)).max(200)])
        .transform((list) => list.map(Number))
        .pipe(z.array(z.number().int().min(0).max(2000)))
        .optional(),
      uuids: uuids.optional(),
    });
}
type ExportQuery = z.output<ReturnType<typeof exportQuerySchema>>;

function fileName(base: string, ext: string) {
  const safe = base.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'export';
  const stamp = new Date().toISOString().slice(0, 10);
  return `attachment; filename="${encodeURIComponent(safe)}-${stamp}.${ext}"; filename*=UTF-8''${encodeURIComponent(`${safe}-${stamp}.${ext}`)}`;
}

/** Starts the writer and hands its stream to the reply; a failure mid-way ends the download broken, never hangs. */
function stream(req: FastifyRequest, reply: FastifyReply, type: string, write: (out: PassThrough) => Promise<void>) {
  const out = new PassThrough();
  write(out).catch((err: unknown) => {
    req.log.error({ err }, 'export failed');
    out.destroy(err as Error);
  });
  return reply.type(type).send(out);
}

async function exportFile(app: FastifyInstance, entity: AnyEntity, req: FastifyRequest, reply: FastifyReply) {
  const { ctx } = app;
  const member = await accessOf(ctx, req);
  // an export holds only the settings groups in which the caller may export the model (docs/domain/permissions.md);
  // a superuser exports a superusers' table whole (every settings group's records, or a global model's)
  // an owned global model's rows are exported by whoever reaches them, their own (docs/domain/permissions.md)
  const all = reachesAll(member, entity.name) || levelOf(entity.name) === 'owners';
  const access = { ...member, groups: groupsWhere(member, 'export', entity.name) };
  if (!all && !access.groups.length) throw forbidden();
  const user = requireUser(req);
  const q = (req.method === 'GET' ? req.query : req.body) as ExportQuery;
  const fmt = { locale: req.locale, dateFormat: user.date_format as DateFormatToken };
  // the settings groups' own attributes are columns too (docs/domain/attributes.md)
  const attributes = await recordFieldsIn(ctx.db, access.groups, [entity.name]);
  const columns = exportColumns(entity, fmt, q.columns, q.widths, attributes);
  const { format = 'xlsx', delimiter, columns: _c, widths: _w, uuids: selected, ...listQuery } = q;
  const query = { ...listQuery, ...(selected ? { filter: { ...listQuery.filter, uuid: selected } } : {}) } as ListQuery;
  const job = {
    entity,
    columns,
    fmt,
    rows: pages(ctx, access, entity, query, columns),
    // a superuser's references of a superusers' table are titled wherever they are (access.ts, `refScope`)
    titles: (rows: Record<string, unknown>[]) => refTitles(ctx, all ? null : access, columns, rows),
  };
  const name = sheetName(modelLabel(entity, req.locale));
  reply
    .header('Content-Disposition', fileName(name, format))
    .header('Cache-Control', 'no-store')
    .header('X-Total-Count', String(await countRows(ctx, access, entity, query)));
  if (format === 'csv')
    return stream(req, reply, 'text/csv; charset=utf-8', (out) =>
      writeCsv(job, out, delimiter === 'comma' ? ',' : ';'),
    );
  return stream(req, reply, XLSX, (out) => writeXlsx(job, out));
}

export function exportRoutes(skip: Set<string> = new Set()) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const entity of entityList) {
      const base = `/${entity.plural}`;
      const tags = [entity.plural];
      const schema = lazySchema(() => exportQuerySchema(entity)); // built on first use (server/lazy-schemas.ts)
      if (!skip.has(`GET ${base}/export`)) {
        r.get(`${base}/export`, { schema: { tags, querystring: schema } }, (req, reply) =>
          exportFile(app, entity, req, reply),
        );
        r.post(`${base}/export`, { schema: { tags, body: schema } }, (req, reply) =>
          exportFile(app, entity, req, reply),
        );
      }
      if (!skip.has(`GET ${base}/import-template`))
        r.get(`${base}/import-template`, { schema: { tags } }, async (req, reply) => {
          await accessOf(app.ctx, req);
          const name = sheetName(modelLabel(entity, req.locale));
          reply.header('Content-Disposition', fileName(name, 'xlsx'));
          return stream(req, reply, XLSX, (out) => writeTemplate(entity, req.locale, out));
        });
    }
  };
}
