// Files for the import tests, generated here: workbooks through exceljs, multipart uploads, and the hostile ones
// (a zip bomb, an encrypted OLE container, junk).
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { json, type Client } from './harness';
import { centralHeader, endRecord, localHeader } from '../../server/xlsx/zip';

export type Cell = string | number | boolean | Date | null;

/** An xlsx of one or more sheets (name → rows, the first row usually the header). */
export async function xlsx(sheets: Record<string, Cell[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** POST /imports as multipart/form-data (model first, then the file), like a browser's FormData. */
export function upload(client: Client, file: Buffer, fileName: string, model: string) {
  const boundary = `----hw${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${model}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.request('POST', '/imports', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

/** A zip of the given entries (deflated), written by hand so a hostile one can be made; `declare` lies about sizes. */
export function zip(entries: { name: string; data: Buffer; declare?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = zlib.deflateRawSync(e.data, { level: 9 });
    const record = {
      name: e.name,
      flags: 0,
      method: 8,
      crc: zlib.crc32(e.data),
      compressed: packed.length,
      size: e.declare ?? e.data.length,
    };
    const head = localHeader(record);
    locals.push(head, packed);
    centrals.push(centralHeader(record, offset));
    offset += head.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  return Buffer.concat([...locals, cd, endRecord(entries.length, cd.length, offset)]);
}

/**
 * A workbook-shaped zip whose one sheet unpacks to `megabytes` of repeated rows; `declare` gives the sheet a
 * smaller declared size (a bomb that lies in its headers).
 */
export function zipBomb(megabytes: number, opts: { declare?: number } = {}): Buffer {
  const row = Buffer.from('<row><c t="inlineStr"><is><t>boom</t></is></c></row>');
  const body = Buffer.alloc(megabytes * 1024 * 1024, row);
  return zip([
    {
      name: 'xl/workbook.xml',
      data: Buffer.from('<workbook><sheets><sheet name="S" r:id="rId1"/></sheets></workbook>'),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
    },
    { name: 'xl/worksheets/sheet1.xml', data: body, ...(opts.declare ? { declare: opts.declare } : {}) },
  ]);
}

/**
 * The shape Excel gives a password-protected xlsx: an OLE compound file (its signature) whose directory holds the
 * streams EncryptionInfo and EncryptedPackage (names in UTF-16).
 */
export function encryptedWorkbook(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  const directory = Buffer.alloc(512);
  Buffer.from('EncryptionInfo', 'utf16le').copy(directory, 0);
  Buffer.from('EncryptedPackage', 'utf16le').copy(directory, 128);
  return Buffer.concat([header, directory, crypto.randomBytes(4096)]);
}

export interface Job {
  uuid: string;
  status: string;
  sheets: { name: string; row_count: number | null }[];
  counts: Record<string, number>;
  progress: { processed: number; total: number };
  links: Record<string, string>;
}

/** Polls an import until it is no longer queued or running. */
export async function finished(client: Client, uuid: string): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    const job = json<{ data: Job }>(await client.get(`/imports/${uuid}`)).data;
    if (!['queued', 'running'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('import did not finish');
}
