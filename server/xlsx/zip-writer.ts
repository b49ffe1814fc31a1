// A streaming zip writer for workbooks we send: entries one after the other straight into the output (deflated in
// zlib's thread pool, sizes and CRC in a data descriptor after each entry), the central directory at the end.
// Waits for the output when it is full, so a slow download holds the producer instead of filling memory.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { centralHeader, endRecord, localHeader, type ZipRecord } from './zip';

const DESCRIPTOR = 0x08; // sizes and CRC follow the data
const LIMIT = 0xffffffff; // no zip64: a workbook we write stays far below 4 GB

export class ZipWriter {
  private offset = 0;
  private readonly written: { record: ZipRecord; offset: number }[] = [];

  constructor(
    private readonly out: Writable,
    private readonly level = 3,
  ) {}

  private async put(buf: Buffer) {
    this.offset += buf.length;
    if (!this.out.write(buf)) await drained(this.out);
  }

  /** A whole (small) entry. */
  async add(name: string, content: string | Buffer) {
    const data = Buffer.from(content);
    const packed = zlib.deflateRawSync(data, { level: this.level });
    const record = { name, flags: 0, method: 8, crc: zlib.crc32(data), compressed: packed.length, size: data.length };
    this.written.push({ record, offset: this.offset });
    await this.put(localHeader(record));
    await this.put(packed);
  }

  /** An entry written piece by piece: `write` as the content comes, then `close` (before the next entry). */
  async open(name: string) {
    const record = { name, flags: DESCRIPTOR, method: 8, crc: 0, compressed: 0, size: 0 };
    const offset = this.offset;
    await this.put(localHeader(record));
    const deflate = zlib.createDeflateRaw({ level: this.level });
    let failed: Error | null = null;
    deflate.on('error', (err) => (failed = err));
    deflate.on('data', (chunk: Buffer) => {
      record.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        drained(this.out).then(
          () => deflate.resume(),
          (err: Error) => deflate.destroy(err),
        );
      }
    });
    const ended = once(deflate, 'end');
    ended.catch(() => undefined); // a failure is reported by write or close
    return {
      write: async (chunk: string) => {
        if (failed) throw failed;
        const buf = Buffer.from(chunk);
        record.crc = zlib.crc32(buf, record.crc);
        record.size += buf.length;
        if (record.size > LIMIT) throw new Error('workbook too large');
        if (!deflate.write(buf)) await once(deflate, 'drain');
      },
      close: async () => {
        deflate.end();
        await ended;
        if (failed) throw failed;
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(record.crc, 4);
        descriptor.writeUInt32LE(record.compressed, 8);
        descriptor.writeUInt32LE(record.size, 12);
        await this.put(descriptor);
        this.written.push({ record, offset });
      },
    };
  }

  /** The central directory; ends the output. */
  async finish() {
    const start = this.offset;
    const directory = Buffer.concat(this.written.map((w) => centralHeader(w.record, w.offset)));
    await this.put(directory);
    await this.put(endRecord(this.written.length, directory.length, start));
    this.out.end();
  }
}

/** Resolves when the stream wants more, or is gone (a closed download must not hang the writer). */
function drained(out: Writable): Promise<void> {
  if (out.destroyed || out.writableEnded) return Promise.reject(new Error('download closed'));
  return new Promise((resolve, reject) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', gone);
      resolve();
    };
    const gone = () => {
      out.off('drain', done);
      reject(new Error('download closed'));
    };
    out.once('drain', done);
    out.once('close', gone);
  });
}
