// Import routes (docs/spreadsheet-api.md): upload, status, preview, validate, run, cancel, undo, error report, and
// the remembered column matching per table and user. Thin: the work is in import.service and import-actions.
import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { entityByName } from '../../src/entities/registry';
import { accessOf } from '../crud/access';
import { HttpError, fieldError, notFound } from '../http-error';
import { closeIfUnread, declaredTooLarge } from '../storage/upload-limit';
import { importMappings } from '../db/schema';
import { MAX_UPLOAD } from './file-check';
import { importStorage } from './storage';
import { createImport, getImport, presentImport, preview, store, validate } from './import.service';
import { cancel, startRun, undo } from './import-actions';
import { kickImports, registerImportWorker } from './import-runner';
import { importOptionsSchema } from './import-options';
import { writeErrorReport } from './error-report';
import { importHistory } from './import-history.service';

const params = z.object({ uuid: z.uuid() });
const tags = ['imports'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function importRoutes(app: FastifyInstance) {
  const { ctx } = app;
  registerImportWorker(ctx, app.log);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD, files: 1, fields: 5, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const mine = async (req: Parameters<typeof accessOf>[1], uuid: string) => {
    const access = await accessOf(ctx, req);
    return { access, job: await getImport(ctx, access, uuid) };
  };
  const kick = () => void kickImports(ctx, app.log);

  r.post('/imports', { schema: { tags } }, async (req, reply) => {
    const access = await accessOf(ctx, req);
    if (!req.isMultipart()) throw fieldError('file', 'import.file_required');
    if (declaredTooLarge(req, MAX_UPLOAD)) {
      closeIfUnread(req, reply);
      throw new HttpError(413, 'import.too_large', { max: MAX_UPLOAD / 1024 / 1024 });
    }
    let stored: Awaited<ReturnType<typeof store>> | undefined;
    let model: string | undefined;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (stored) await part.toBuffer().catch(() => undefined);
          else stored = await store(ctx, req, part);
        } else if (part.fieldname === 'model') model = String(part.value);
      }
    } catch (err) {
      if (stored) await importStorage(ctx).discard(stored); // a body broken after the file: nothing kept
      closeIfUnread(req, reply); // a file cut at the limit (413): the rest of the body is not read
      throw err;
    }
    const job = await createImport(ctx, access, stored, model);
    return reply.code(201).send({ data: presentImport(job) });
  });

  // progress polls: the running import need not give way to them
  r.get('/imports/:uuid', { schema: { tags, params }, config: { traffic: false } }, async (req) => ({
    data: presentImport((await mine(req, req.params.uuid)).job),
  }));

  r.get(
    '/imports/:uuid/preview',
    {
      schema: {
        tags,
        params,
        querystring: z.strictObject({
          sheet: z.string().max(100).optional(),
          header_row: z.coerce.number().int().min(1).max(1000).default(1),
        }),
      },
    },
    async (req) => {
      const { access, job } = await mine(req, req.params.uuid);
      return { data: await preview(ctx, access.groups, job, req.query.sheet, req.query.header_row) };
    },
  );

  r.post('/imports/:uuid/validate', { schema: { tags, params, body: importOptionsSchema } }, async (req) => {
    const { access, job } = await mine(req, req.params.uuid);
    return { data: await validate(ctx, access, job, req.body, req.locale) };
  });

  r.post(
    '/imports/:uuid/run',
    {
      schema: {
        tags,
        params,
        body: importOptionsSchema,
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }).passthrough(),
      },
    },
    async (req, reply) => {
      const { access, job } = await mine(req, req.params.uuid);
      const started = await startRun(ctx, access, job, req.body, req.headers['idempotency-key']);
      kick();
      return reply.code(202).send({ data: presentImport(started) });
    },
  );

  // the history (docs/spreadsheet-api.md, "Import history")
  r.get(
    '/import-jobs',
    { schema: { tags, querystring: z.strictObject({ settings_group_uuid: z.uuid().optional() }) } },
    async (req) => ({
      data: await importHistory(ctx, await accessOf(ctx, req), req.query.settings_group_uuid),
    }),
  );

  r.post('/imports/:uuid/cancel', { schema: { tags, params } }, async (req) => ({
    data: presentImport(await cancel(ctx, (await mine(req, req.params.uuid)).job)),
  }));

  r.post('/imports/:uuid/undo', { schema: { tags, params } }, async (req) => {
    const { access, job } = await mine(req, req.params.uuid);
    return { data: presentImport(await undo(ctx, access, job)) };
  });

  r.get('/imports/:uuid/error-report', { schema: { tags, params } }, async (req, reply) => {
    const { job } = await mine(req, req.params.uuid);
    if (!job.options) throw notFound();
    const out = new PassThrough();
    writeErrorReport(ctx, job, req.locale, out).catch((err: unknown) => out.destroy(err as Error));
    const name = `${job.file_name.replace(/\.[^.]+$/, '').replace(/[^\p{L}\p{N} _-]/gu, '')}-errors.xlsx`;
    return reply
      .type(XLSX)
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(out);
  });

  const model = z.object({ model: z.string().max(60) });
  // every mapping the caller remembers, by model (the page /settings/imports lists them)
  r.get('/user/import-mappings', { schema: { tags } }, async (req) => {
    const access = await accessOf(ctx, req);
    const rows = await ctx.db
      .select({ model: importMappings.model, mapping: importMappings.mapping, updated_at: importMappings.updated_at })
      .from(importMappings)
      .where(eq(importMappings.user_id, access.user.id))
      .orderBy(importMappings.model);
    return {
      data: rows
        .filter((row) => entityByName(row.model))
        .map((row) => ({
          model: row.model,
          mapping: row.mapping as Record<string, string>,
          updated_at: row.updated_at.toISOString(),
        })),
    };
  });

  // forgets the caller's mapping of a model (the next upload of it is matched afresh)
  r.delete('/user/import-mappings/:model', { schema: { tags, params: model } }, async (req) => {
    const access = await accessOf(ctx, req);
    if (!entityByName(req.params.model)) throw notFound();
    const gone = await ctx.db
      .delete(importMappings)
      .where(and(eq(importMappings.user_id, access.user.id), eq(importMappings.model, req.params.model)))
      .returning({ model: importMappings.model });
    if (!gone.length) throw notFound();
    return { data: { model: req.params.model } };
  });

  r.get('/user/import-mappings/:model', { schema: { tags, params: model } }, async (req) => {
    const access = await accessOf(ctx, req);
    if (!entityByName(req.params.model)) throw notFound();
    const [row] = await ctx.db
      .select({ mapping: importMappings.mapping })
      .from(importMappings)
      .where(and(eq(importMappings.user_id, access.user.id), eq(importMappings.model, req.params.model)));
    return { data: { model: req.params.model, mapping: (row?.mapping ?? {}) as Record<string, string> } };
  });

  r.put(
    '/user/import-mappings/:model',
    {
      schema: {
        tags,
        params: model,
        body: z.strictObject({ mapping: z.record(z.string().max(200), z.string().max(100)) }),
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const entity = entityByName(req.params.model);
      if (!entity) throw notFound();
      const allowed = new Set([...Object.keys(entity.fields), 'uuid']);
      for (const [header, field] of Object.entries(req.body.mapping))
        if (!allowed.has(field)) throw fieldError(`mapping.${header}`, 'validation.in');
      const values = { user_id: access.user.id, model: entity.name, mapping: req.body.mapping, updated_at: new Date() };
      await ctx.db
        .insert(importMappings)
        .values(values)
        .onConflictDoUpdate({ target: [importMappings.user_id, importMappings.model], set: values });
      return { data: { model: entity.name, mapping: req.body.mapping } };
    },
  );
}
