// An upload over its size limit is refused before it is stored (docs/documents-api.md, "Storage"). A body that
// announces more bytes than any accepted upload can have is answered at once, without reading it; one sent without a
// length is cut where its file passes the limit. Either way the server then reads little more of the body: it
// answers, reads on for a moment so that the client can take the answer in (a connection closed on a client still
// sending is reset, and the reset can discard the answer before the client reads it), then closes the connection.
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the form fields and part headers of an upload may add to its file (busboy's limits of the routes). */
export const FORM_ALLOWANCE = 2 * 1024 * 1024;
/** How long, and how much, the server reads on after refusing a body. */
const LINGER_MS = 1_000;
const LINGER_BYTES = 32 * 1024 * 1024;

/** True when the request's declared length is beyond `maxFileBytes` plus the form's allowance. */
export function declaredTooLarge(req: FastifyRequest, maxFileBytes: number): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > maxFileBytes + FORM_ALLOWANCE;
}

/**
 * When the request body has not been read to its end: the connection ends after this reply. Node ends it at once
 * once the reply is out (`destroySoon`), and a client still sending then gets a reset, which can discard the reply
 * before the client has read it. So the end is a lingering one: the reply and a FIN go out, the server reads on
 * (and drops) for LINGER_MS or LINGER_BYTES, then closes.
 */
export function closeIfUnread(req: FastifyRequest, reply: FastifyReply) {
  const socket = req.raw.socket as Socket | undefined;
  if (req.raw.complete || typeof socket?.destroy !== 'function' || typeof socket.end !== 'function') return;
  reply.header('connection', 'close');
  socket.destroySoon = () => {
    let read = 0;
    const close = () => socket.destroy();
    const timer = setTimeout(close, LINGER_MS);
    socket.on('data', (data: Buffer) => {
      read += data.length;
      if (read > LINGER_BYTES) close();
    });
    socket.once('close', () => clearTimeout(timer));
    socket.end();
  };
}
