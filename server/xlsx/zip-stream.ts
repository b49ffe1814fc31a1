// One zip entry as a stream of inflated chunks, guarded against zip bombs by what actually comes out rather than by
// what the headers claim: more bytes than the central directory declared for the entry, more than the whole
// workbook may unpack to, or a large entry packed more than 250:1 stops the read with a ZipBombError.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { ZipError, type ZipEntry } from './zip';

export class ZipBombError extends ZipError {}

/** Everything a workbook may unpack to, and the ratio one large entry may have. */
export const MAX_UNPACKED = 600 * 1024 * 1024;
export const MAX_RATIO = 250;
/** Entries up to this size may be packed more tightly (small XML parts compress very well). */
export const RATIO_FROM = 20 * 1024 * 1024;

/** What the reads of one workbook may still unpack to, shared by its entries. */
export interface InflateBudget {
  left: number;
}
export const inflateBudget = (): InflateBudget => ({ left: MAX_UNPACKED });

const CHUNK = 64 * 1024;

/** Where an entry's data starts (after its local header). Throws ZipError on a damaged header. */
async function dataStart(file: string, entry: ZipEntry): Promise<number> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const local = Buffer.alloc(30);
    const { bytesRead } = await fd.read(local, 0, 30, entry.offset);
    if (bytesRead < 30 || local.readUInt32LE(0) !== 0x04034b50) throw new ZipError('damaged local header');
    return entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await fd.close();
  }
}

/** The inflated chunks of an entry, counted against its declared size, the ratio and the workbook's budget. */
export async function* entryChunks(file: string, entry: ZipEntry, budget: InflateBudget): AsyncGenerator<Buffer> {
  if (entry.flags & 0x01) throw new ZipError('encrypted entry');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipError(`compression method ${entry.method}`);
  if (entry.compressed === 0) return;
  const start = await dataStart(file, entry);
  const raw = fs.createReadStream(file, { start, end: start + entry.compressed - 1, highWaterMark: CHUNK });
  // inflate runs in the thread pool: let it work ahead while the caller scans
  const inflate = () =>
    zlib.createInflateRaw({ chunkSize: CHUNK, readableHighWaterMark: 4 * CHUNK } as zlib.ZlibOptions);
  const source = entry.method === 8 ? raw.pipe(inflate()) : raw;
  raw.on('error', (err) => source.destroy(err));
  let out = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      out += chunk.length;
      budget.left -= chunk.length;
      if (out > entry.size || budget.left < 0 || (out > RATIO_FROM && out > entry.compressed * MAX_RATIO))
        throw new ZipBombError(`${entry.name} unpacks beyond its limits`);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ZipError) throw err;
    throw new ZipError(String(err));
  } finally {
    raw.destroy();
    source.destroy();
  }
  if (out !== entry.size) throw new ZipError(`${entry.name}: ${out} bytes instead of ${entry.size}`);
}

/** A whole (small) entry, inflated and guarded like entryChunks. */
export async function entryBuffer(file: string, entry: ZipEntry, budget: InflateBudget): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entryChunks(file, entry, budget)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
