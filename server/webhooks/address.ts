// Where a webhook may deliver (docs/domain/webhooks.md, "Addresses"): http or https to a public address. Loopback,
// private, shared, link-local (cloud metadata among them), multicast and reserved ranges are refused when the
// webhook is saved and again at each delivery, on the addresses the name resolves to then (a name that resolved to
// a public address at save and to an internal one later is refused at delivery: the connection goes to the
// address checked, never to a second lookup). `WEBHOOK_ALLOWED_HOSTS` names hosts exempt from the check (tests, a
// receiver on the same machine).
import dns from 'node:dns';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`): the IPv4 one, else null. */
function mappedV4(address: string): string | null {
  const m = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!m) return null;
  if (net.isIPv4(m[1]!)) return m[1]!;
  const parts = m[1]!.split(':');
  if (parts.length !== 2) return null;
  const n = parts.map((p) => parseInt(p, 16));
  if (n.some((v) => !Number.isInteger(v) || v < 0 || v > 0xffff)) return null;
  return [n[0]! >> 8, n[0]! & 255, n[1]! >> 8, n[1]! & 255].join('.');
}

/** Whether an IP address is one a webhook may not reach (loopback, private, link-local, metadata, reserved). */
export function isInternalAddress(address: string): boolean {
  const v4 = net.isIPv4(address) ? address : mappedV4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  if (!net.isIPv6(address)) return true;
  return blocked.check(address, 'ipv6');
}

let allowed = new Set<string>();

/** The hosts exempt from the check (the `WEBHOOK_ALLOWED_HOSTS` setting, read when the app is built). */
export function allowWebhookHosts(hosts: readonly string[]) {
  allowed = new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean));
}

/** Why an address is refused: `scheme` (not http or https, or not a URL), `internal` (resolves to an internal
 * address); null when it may be used. */
export type AddressProblem = 'scheme' | 'internal';

/** The host part of a URL without an IPv6 literal's brackets, lower-cased; null for what is no http(s) URL. */
export function hostOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host || null;
}

const LOOKUP_MS = 3_000;

/** Every address a name resolves to (none when it does not resolve within a few seconds). */
async function resolveAll(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string[]>((resolve) => (timer = setTimeout(() => resolve([]), LOOKUP_MS)));
  const lookup = dns.promises
    .lookup(host, { all: true, verbatim: true })
    .then((list) => list.map((a) => a.address))
    .catch(() => [] as string[]);
  try {
    return await Promise.race([lookup, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The check when a webhook is saved: the URL's scheme, an address written in it, `localhost`, and the addresses its
 * name resolves to now. A name that does not resolve (yet) is accepted: its deliveries fail and are retried.
 */
export async function addressProblem(url: string): Promise<AddressProblem | null> {
  const host = hostOf(url);
  if (!host) return 'scheme';
  if (allowed.has(host)) return null;
  if (net.isIP(host)) return isInternalAddress(host) ? 'internal' : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'internal';
  const addresses = await resolveAll(host);
  return addresses.some(isInternalAddress) ? 'internal' : null;
}

/** Refused at delivery: the error a sender records. */
export class RefusedAddress extends Error {}

/**
 * The lookup a delivery's connection uses (node's `lookup` option): the name's addresses, refused when any is
 * internal, so the connection goes to an address checked now. An allowed host resolves as usual.
 */
export function checkedLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as dns.LookupAddress[];
    if (!allowed.has(hostname.toLowerCase()) && list.some((a) => isInternalAddress(a.address)))
      return callback(new RefusedAddress(`${hostname} resolves to an internal address`), '');
    if (options.all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' }), '');
    callback(null, first.address, first.family);
  });
}

/** Whether a delivery may connect to the host of `url` written as an address (a name goes through checkedLookup). */
export function literalAllowed(url: string): boolean {
  const host = hostOf(url);
  if (!host) return false;
  if (allowed.has(host) || !net.isIP(host)) return true;
  return !isInternalAddress(host);
}
