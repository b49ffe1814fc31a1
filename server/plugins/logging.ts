// Structured logs with request ids. Never a password, code, token or session id: headers that carry them are
// redacted and token-like parts of URLs are masked before a line is written.
import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY = /([?&](?:token|signature|email|code|recovery_code|password)=)[^&]*/gi;
// Path segments after these prefixes are secrets (e-mail links, public token pages, ICS feeds).
const SECRET_PATH =
  /(\/(?:delete-request|verify\/[^/]+|public\/[^/]+|notifier|reset-password|ics|invitations\/token)\/)[^/?]+/gi;

export const maskUrl = (url: string) => url.replace(SECRET_QUERY, '$1***').replace(SECRET_PATH, '$1***');

export function logOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '***',
    },
    serializers: {
      req: (req: { id: string; method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        id: req.id,
        method: req.method,
        url: maskUrl(req.url),
        ip: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}
