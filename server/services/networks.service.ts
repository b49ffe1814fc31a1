// The address ranges of networks (docs/domain/permissions.md, "Networks"): a range's normalised text (network address
// and prefix, the host bits cleared, so the same range written two ways is one range), whether an address may reach
// a settings group with its ranges, and the ranges in force. The records themselves are a model of the records engine
// (src/entities/network.ts; its write hooks in server/models/network.ts).
import net from 'node:net';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { network as networks } from '../db/entity-tables';

export type NetworkAction = 'allow' | 'deny';
export interface NetworkRule {
  cidr: string;
  action: NetworkAction;
}

const V4_BITS = 32;
const V6_BITS = 128;

function v4ToBig(address: string): bigint {
  return address.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}
function bigToV4(n: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => String((n >> s) & 0xffn)).join('.');
}
/** The canonical text of an IPv6 address (lower case, `::` for the longest zero run), by the WHATWG URL parser. */
function canonicalV6(address: string): string {
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}
function v6ToBig(address: string): bigint {
  const canonical = canonicalV6(address);
  const [head, tail] = canonical.includes('::') ? canonical.split('::') : [canonical, undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const parts = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return parts.reduce((acc, part) => (acc << 16n) | BigInt(parseInt(part, 16)), 0n);
}
function bigToV6(n: bigint): string {
  const parts = Array.from({ length: 8 }, (_, i) => ((n >> BigInt((7 - i) * 16)) & 0xffffn).toString(16));
  return canonicalV6(parts.join(':'));
}

/**
 * A range's normalised text, or null when it is no range: an IPv4 or IPv6 address with an optional prefix (a bare
 * address is /32 or /128); host bits are cleared (`10.1.2.3/8` is `10.0.0.0/8`); zone ids are refused.
 */
export function normaliseCidr(input: string): string | null {
  const text = input.trim();
  const slash = text.indexOf('/');
  const address = slash < 0 ? text : text.slice(0, slash);
  const prefixText = slash < 0 ? undefined : text.slice(slash + 1);
  const family = net.isIP(address);
  if (!family || address.includes('%')) return null;
  const bits = family === 4 ? V4_BITS : V6_BITS;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  const value = family === 4 ? v4ToBig(address) : v6ToBig(address);
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(bits - prefix);
  const network = value & mask;
  return `${family === 4 ? bigToV4(network) : bigToV6(network)}/${prefix}`;
}

/** The address as BlockList checks it: an IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) is its IPv4 address. */
function callerAddress(ip: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const family = net.isIP(address);
  return family ? { address, family: family === 4 ? 'ipv4' : 'ipv6' } : null;
}

function blockList(rules: readonly NetworkRule[]) {
  const list = new net.BlockList();
  for (const r of rules) {
    const [address, prefix] = r.cidr.split('/');
    list.addSubnet(address!, Number(prefix), net.isIP(address!) === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/**
 * Whether `ip` may reach a settings group with these ranges: when there is any allow range the address must be in
 * one of them, and an address in any deny range is refused. No ranges: everyone may. An unreadable address is
 * refused as soon as there is any range.
 */
export function allowedFrom(rules: readonly NetworkRule[], ip: string | undefined): boolean {
  if (!rules.length) return true;
  const caller = ip ? callerAddress(ip) : null;
  if (!caller) return false;
  const allows = rules.filter((r) => r.action === 'allow');
  const denies = rules.filter((r) => r.action === 'deny');
  if (allows.length && !blockList(allows).check(caller.address, caller.family)) return false;
  return !(denies.length && blockList(denies).check(caller.address, caller.family));
}

/** The ranges in force of the given settings groups (not archived, not deleted), by settings group (one query). */
export async function rulesOf(db: Db, settingsGroups: readonly string[]): Promise<Map<string, NetworkRule[]>> {
  const out = new Map<string, NetworkRule[]>();
  if (!settingsGroups.length) return out;
  const rows = await db
    .select({ sg: networks.settings_group_uuid, cidr: networks.cidr, action: networks.action })
    .from(networks)
    .where(
      and(
        inArray(networks.settings_group_uuid, [...settingsGroups]),
        isNull(networks.deleted_at),
        isNull(networks.archived_at),
      ),
    );
  for (const r of rows) {
    const list = out.get(r.sg) ?? [];
    list.push({ cidr: r.cidr, action: r.action as NetworkAction });
    out.set(r.sg, list);
  }
  return out;
}
