// The fields of an upload besides the file (multipart form fields, all text): the record to attach the document
// to and the optional description. Strict like every body: an unknown field is a 422 naming it.
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { document } from '../../src/entities/document';
import { valueSchema } from '../../src/entities/schemas';
import { cleanFileName } from '../../src/domain/file-types';
import type { DocumentStore } from './storage';
import { isContainerType } from '../../src/domain/file-types';
import { guardedFile } from '../plugins/upload-end';
import { sizeParams, type Upload } from './document.service';
import { fieldError } from '../http-error';

const flag = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')]);
const optional = (name: keyof typeof document.fields) => valueSchema(document.fields[name]).optional();

export const recordRefSchema = z.strictObject({ model_name: z.string().max(60), model_uuid: z.uuid() });

export const uploadFieldsSchema = recordRefSchema.extend({
  title: optional('title'),
  keyword: optional('keyword'),
  category: optional('category'),
  language: optional('language'),
  valid_from: optional('valid_from'),
  valid_to: optional('valid_to'),
  is_primary: flag.optional(),
});

/**
 * Reads a multipart upload: the one file part named `file` is staged while it streams in, the other parts are
 * collected as text (empty ones count as absent). A file part under another name is reported as an unknown field.
 * A file cut at the size limit is a 422 on `file` at once.
 */
export async function receiveUpload(req: FastifyRequest, store: DocumentStore, maxBytes: number) {
  const fields = Object.create(null) as Record<string, string>; // a part named __proto__ is a plain key
  let file: Upload | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const upload = part as MultipartFile;
        if (upload.fieldname !== 'file' || file) {
          fields[upload.fieldname] = 'file';
          upload.file.resume();
          continue;
        }
        // cut at the limit: refused at once (nothing kept), the rest of the body unread (docs/documents-api.md)
        const tooLarge = () => fieldError('file', 'documents.too_large', sizeParams(maxBytes));
        const source = guardedFile(req, upload.file);
        upload.file.once('limit', () => source.destroy(tooLarge()));
        const name = cleanFileName(upload.filename ?? '');
        // a local copy for the type check that reads an archive's directory (document.service.ts, checkFile)
        const staged = await store.stage(source, () => upload.file.truncated, { local: isContainerType(name) });
        if (staged.truncated) throw tooLarge();
        file = { ...staged, name };
      } else {
        const value = String((part as MultipartValue).value ?? '');
        if (value !== '') fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    if (file) await store.discard(file);
    throw err;
  }
  return { fields, file };
}
