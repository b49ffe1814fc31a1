// A multipart body that ends inside a file part (no closing boundary) leaves the parser's file stream neither
// ended nor failed, so an upload that reads it would never be answered (docs/hostile-input.md). `guardedFile`
// gives the file's bytes through a stream of its own: once the whole request body has been read, a file that has
// not ended a few seconds later fails that stream with a 400, and the upload's staged bytes are discarded as for
// any failed write. (With a well-formed body the file ends as soon as the little the parser still holds is read.)
import type { FastifyRequest } from 'fastify';
import { PassThrough, type Readable } from 'node:stream';
import { HttpError } from '../http-error';

const GRACE_MS = 5_000;

export function guardedFile(req: FastifyRequest, file: Readable): Readable {
  const out = new PassThrough();
  let timer: NodeJS.Timeout | undefined;
  const stop = () => clearTimeout(timer);
  // the parser fails the part when the body breaks off inside it: the client's body, so a 400 as well
  const incomplete = () => new HttpError(400, 'errors.upload_incomplete');
  file.on('error', () => out.destroy(incomplete()));
  // The reader attaches its own listener when it starts (storage may await a folder first): until then an error
  // must not go unheard, or it would end the process. The reader still sees it (the stream is destroyed with it).
  out.on('error', () => {});
  file.pipe(out);
  out.once('end', stop).once('close', stop);
  const arm = () => {
    timer = setTimeout(() => out.destroy(incomplete()), GRACE_MS);
  };
  if (req.raw.complete || req.raw.readableEnded) arm();
  else req.raw.once('end', arm);
  return out;
}
