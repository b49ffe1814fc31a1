// Files for the import tests, generated here: workbooks through exceljs, multipart uploads, and the hostile ones
// (a zip bomb, an encrypted OLE container, junk).
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { json, type Client } from './harness';

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

/** A zip of the given entries (deflated), written by hand so a hostile one can be made. */
export function zip(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = zlib.deflateRawSync(e.data, { level: 9 });
    const crc = zlib.crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A workbook-shaped zip whose one sheet unpacks to `megabytes` of repeated rows. */
export function zipBomb(megabytes: number): Buffer {
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
    { name: 'xl/worksheets/sheet1.xml', data: body },
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
