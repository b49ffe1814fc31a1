// Sends a stored file as a download (docs/documents-api.md): always an attachment under its original name (RFC 6266
// with an RFC 5987 UTF-8 name and a plain ASCII fallback), the stored type, nosniff, and a sandboxing CSP, so a file is
// never run as a page by the browser, whatever is inside it.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** The CSP of a download: no scripts, no sub-resources, no same-origin rights even if it were shown. */
export const DOWNLOAD_CSP = "sandbox; default-src 'none'";

/** `attachment; filename="…"; filename*=UTF-8''…` for any file name. */
export function contentDisposition(name: string): string {
  const fallback =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'download';
  // RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * unescaped, which the grammar does not allow.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function sendFile(
  reply: FastifyReply,
  file: { stream: Readable; size: number; name: string; mime: string },
): FastifyReply {
  return reply
    .type(file.mime)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', contentDisposition(file.name))
    .header('X-Download-Options', 'noopen')
    .send(file.stream);
}

/** A route's onSend hook: runs after the app's security headers, so the download's CSP replaces the app's. */
export const downloadHeaders = async (_req: unknown, reply: FastifyReply, payload: unknown) => {
  reply.header('Content-Security-Policy', DOWNLOAD_CSP);
  return payload;
};
