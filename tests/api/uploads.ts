// Document uploads for the API tests: POST /documents as multipart/form-data, fields first and then the file, the
// way a browser's FormData sends them.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { centralHeader, endRecord, localHeader } from '../../server/xlsx/zip';
import type { Client } from './harness';

export interface UploadFile {
  name: string;
  data: Buffer;
  type?: string;
}

export function multipart(fields: Record<string, string>, file?: UploadFile, fileField = 'file') {
  const boundary = `----hw${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function uploadDocument(client: Client, fields: Record<string, string>, file?: UploadFile, fileField?: string) {
  const { body, contentType } = multipart(fields, file, fileField);
  return client.request('POST', '/documents', body, { 'content-type': contentType });
}

/** A small valid PDF (the type check reads the first bytes only). */
export const pdf = (text = 'Hauswerk') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/** A zip of stored (uncompressed) entries in the given order, as OpenDocument writes its `mimetype` first. */
export function storedZip(files: readonly (readonly [string, string])[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of files) {
    const data = Buffer.from(text);
    const record = { name, flags: 0, method: 0, crc: zlib.crc32(data), compressed: data.length, size: data.length };
    const local = Buffer.concat([localHeader(record), data]);
    centrals.push(centralHeader(record, offset));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([...locals, directory, endRecord(files.length, directory.length, offset)]);
}
