// Document routes (docs/documents-api.md) beyond the records engine's: upload (multipart) to a record, a record's
// documents (the list with `model_name` and `model_uuid`), the file download, the records a document is attached
// to (attach and detach are the model's actions, server/models/document.ts). Thin: the work is in document.service.
import multipart, { type FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { entities } from '../../src/entities/registry';
import { recordSchema } from '../../src/entities/schemas';
import { accessOf } from '../crud/access';
import { listQuerySchema } from '../crud/list-query';
import { getRow, list } from '../crud/read';
import { presentRecord, presentRecords } from '../crud/present';
import { sendRowErrors, zodRowErrors } from '../crud/row-errors';
import { errorReplies } from '../routes/schemas';
import { HttpError, fieldError } from '../http-error';
import { closeIfUnread, declaredTooLarge } from '../storage/upload-limit';
import { attachedTo, documentFile, linksOf, sizeParams, uploadDocument, type UploadFields } from './document.service';
import { downloadHeaders, sendFile } from './file-reply';
import { documentStore } from './storage';
import { receiveUpload, uploadFieldsSchema } from './upload-fields';

const entity = entities.document;
const tags = [entity.plural];
const params = z.object({ uuid: z.uuid() });
const one = z.object({ data: recordSchema(entity) });

export async function documentRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const options: FastifyMultipartBaseOptions & { defParamCharset: string } = {
    limits: { fileSize: ctx.config.documentMaxBytes, files: 1, fields: 12, parts: 13, fieldSize: 4096 },
    throwFileSizeLimit: false,
    // passed on to busboy: browsers send the file name's UTF-8 bytes as they are (busboy reads Latin-1 by default)
    defParamCharset: 'utf8',
  };
  await app.register(multipart, options);

  r.get(
    '/documents',
    {
      schema: {
        tags,
        querystring: listQuerySchema(entity).extend({
          model_name: z.string().max(60).optional(),
          model_uuid: z.uuid().optional(),
        }),
        response: {
          200: z.object({
            data: z.array(recordSchema(entity)),
            meta: z.record(z.string(), z.unknown()),
            links: z.record(z.string(), z.string()),
          }),
          ...errorReplies,
        },
      },
    },
    async (req) => {
      const access = await accessOf(ctx, req);
      const { model_name, model_uuid, ...query } = req.query;
      if (!model_name !== !model_uuid)
        throw fieldError(model_name ? 'model_uuid' : 'model_name', 'validation.required');
      const extra = model_name && model_uuid ? await attachedTo(ctx, access, { model_name, model_uuid }) : undefined;
      const page = await list(ctx, access, entity, query, { extra });
      return { ...page, data: presentRecords(entity, access, page.data) };
    },
  );

  r.post(
    '/documents',
    { schema: { tags, body: uploadFieldsSchema.nullish(), response: { 201: one, ...errorReplies } } },
    async (req, reply) => {
      const access = await accessOf(ctx, req);
      const max = ctx.config.documentMaxBytes;
      if (declaredTooLarge(req, max)) {
        closeIfUnread(req, reply);
        throw new HttpError(413, 'documents.too_large', sizeParams(max));
      }
      const received = req.isMultipart()
        ? await receiveUpload(req, documentStore(ctx), max).catch((err: unknown) => {
            closeIfUnread(req, reply);
            throw err;
          })
        : { fields: req.body ?? {}, file: undefined };
      const parsed = uploadFieldsSchema.safeParse(received.fields);
      if (!parsed.success) {
        if (received.file) await documentStore(ctx).discard(received.file);
        return sendRowErrors(reply, req.locale, zodRowErrors(parsed.error.issues, req.locale, '', entities.document));
      }
      const uuid = await uploadDocument(ctx, access, parsed.data as UploadFields, received.file);
      const row = await getRow(ctx, access, entity, uuid);
      return reply.code(201).send({ data: presentRecord(entity, access, row) });
    },
  );

  r.get('/documents/:uuid/file', { schema: { tags, params }, onSend: downloadHeaders }, async (req, reply) => {
    const file = await documentFile(ctx, await accessOf(ctx, req), req.params.uuid);
    return sendFile(reply, file);
  });

  r.get(
    '/documents/:uuid/links',
    {
      schema: {
        tags,
        params,
        response: {
          200: z.object({
            data: z.array(z.object({ model_name: z.string(), model_uuid: z.string(), title: z.string().nullable() })),
          }),
          ...errorReplies,
        },
      },
    },
    async (req) => ({ data: await linksOf(ctx, await accessOf(ctx, req), req.params.uuid) }),
  );
}
