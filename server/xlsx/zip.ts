// Just enough of the zip format for uploaded workbooks: the central directory (entry names, offsets and declared
// sizes, for the zip-bomb check and random access), reading the start of one entry (sheet dimensions) with a byte
// limit, and the header records hand-made zips are written with. Whole entries stream through zip-stream.ts.
import fs from 'node:fs';
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  flags: number;
  crc: number;
  method: number;
  compressed: number;
  size: number;
  offset: number;
}

export class ZipError extends Error {}

/** An entry's record fields: what the local and central headers both carry. */
export type ZipRecord = Pick<ZipEntry, 'name' | 'flags' | 'method' | 'crc' | 'compressed' | 'size'>;

/** The entries' modification date: 1 January 1980 (zero is no valid date, and some tools say so). */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** The local file header (followed by the name), sizes in place (no data descriptor). */
export function localHeader(e: ZipRecord): Buffer {
  const name = Buffer.from(e.name);
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  head.writeUInt16LE(20, 4);
  head.writeUInt16LE(e.flags, 6);
  head.writeUInt16LE(e.method, 8);
  head.writeUInt16LE(DOS_DATE, 12);
  head.writeUInt32LE(e.crc, 14);
  head.writeUInt32LE(e.compressed, 18);
  head.writeUInt32LE(e.size, 22);
  head.writeUInt16LE(name.length, 26);
  return Buffer.concat([head, name]);
}

/** The central directory record of an entry whose local header starts at `offset` (followed by the name). */
export function centralHeader(e: ZipRecord, offset: number): Buffer {
  const name = Buffer.from(e.name);
  const c = Buffer.alloc(46);
  c.writeUInt32LE(0x02014b50, 0);
  c.writeUInt16LE(20, 4);
  c.writeUInt16LE(20, 6);
  c.writeUInt16LE(e.flags, 8);
  c.writeUInt16LE(e.method, 10);
  c.writeUInt16LE(DOS_DATE, 14);
  c.writeUInt32LE(e.crc, 16);
  c.writeUInt32LE(e.compressed, 20);
  c.writeUInt32LE(e.size, 24);
  c.writeUInt16LE(name.length, 28);
  c.writeUInt32LE(offset, 42);
  return Buffer.concat([c, name]);
}

/** The end of central directory record. */
export function endRecord(count: number, directorySize: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
}

async function readAt(fd: fs.promises.FileHandle, position: number, length: number) {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fd.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** The entries of the central directory; throws ZipError when it is missing or damaged. */
export async function zipEntries(file: string): Promise<ZipEntry[]> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const { size } = await fd.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = await readAt(fd, size - tailLength, tailLength);
    const at = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (at < 0 || at + 22 > tail.length) throw new ZipError('no end of central directory');
    const count = tail.readUInt16LE(at + 10);
    const cdSize = tail.readUInt32LE(at + 12);
    const cdOffset = tail.readUInt32LE(at + 16);
    if (cdOffset === 0xffffffff || cdOffset + cdSize > size) throw new ZipError('zip64 or damaged directory');
    const cd = await readAt(fd, cdOffset, cdSize);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new ZipError('damaged directory entry');
      const nameLength = cd.readUInt16LE(p + 28);
      const extra = cd.readUInt16LE(p + 30);
      const comment = cd.readUInt16LE(p + 32);
      entries.push({
        flags: cd.readUInt16LE(p + 8),
        crc: cd.readUInt32LE(p + 16),
        method: cd.readUInt16LE(p + 10),
        compressed: cd.readUInt32LE(p + 20),
        size: cd.readUInt32LE(p + 24),
        offset: cd.readUInt32LE(p + 42),
        name: cd.toString('utf8', p + 46, p + 46 + nameLength),
      });
      p += 46 + nameLength + extra + comment;
    }
    return entries;
  } finally {
    await fd.close();
  }
}

/** The first `limit` bytes of an entry, inflated. Throws ZipError on a damaged entry. */
export async function readEntry(file: string, entry: ZipEntry, limit: number): Promise<Buffer> {
  const fd = await fs.promises.open(file, 'r');
  let start: number;
  try {
    const local = await readAt(fd, entry.offset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) throw new ZipError('damaged local header');
    start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await fd.close();
  }
  if (entry.compressed === 0) return Buffer.alloc(0);
  const raw = fs.createReadStream(file, { start, end: start + entry.compressed - 1 });
  const source = entry.method === 8 ? raw.pipe(zlib.createInflateRaw()) : raw;
  const chunks: Buffer[] = [];
  let length = 0;
  return new Promise((resolve, reject) => {
    const done = () => {
      raw.destroy();
      source.destroy();
      resolve(Buffer.concat(chunks).subarray(0, limit));
    };
    source.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= limit) done();
    });
    source.on('end', done);
    source.on('error', (err: Error) => (length > 0 ? done() : reject(new ZipError(String(err)))));
  });
}
