// Whether a request comes from a program on this machine, the one test behind the endpoints that answer local
// callers only (the mail outbox with its reset links, a bearer token for e-mail and password).
//
// The socket's peer must be a loopback address, and the request must carry no forwarding header: a reverse proxy
// on the same host connects from 127.0.0.1 too, and every request it passes on (from anywhere) names its client in
// one of these headers. The headers are never believed, only noticed, whether or not TRUST_PROXY is set. The Host
// must be this machine or the app's own address, so a web page that rebinds its domain name to 127.0.0.1 in a
// local browser is not local either.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

const FORWARDING_HEADER = /^(forwarded|via|x-forwarded-.+|x-real-ip|x-client-ip|true-client-ip|cf-connecting-ip)$/;

const isLoopbackAddress = (addr: string) => addr === '::1' || addr.startsWith('127.') || addr.startsWith('::ffff:127.');

function hostName(host: string): string {
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return '';
  }
}

const isLocalHost = (name: string, appUrl: string) =>
  name === 'localhost' ||
  name.endsWith('.localhost') ||
  isLoopbackAddress(name) ||
  name === new URL(appUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();

export function isLocalRequest(req: FastifyRequest, config: Pick<Config, 'appUrl'>): boolean {
  if (!isLoopbackAddress(req.raw.socket.remoteAddress ?? '')) return false;
  if (Object.keys(req.raw.headers).some((h) => FORWARDING_HEADER.test(h))) return false;
  return isLocalHost(hostName(req.raw.headers.host ?? ''), config.appUrl);
}
