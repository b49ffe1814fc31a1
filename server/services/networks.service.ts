// Networks of a settings group (docs/domain/permissions.md, "Networks"): address ranges its members may (allow) or
// may not (deny) reach it from. Admins manage them; a range is stored normalised (network address and prefix, the
// host bits cleared) so the same range written two ways is one range, and a duplicate is a 409 unless replaced.
// A change that would refuse the admin's own current address is a 422 unless confirmed (`confirm_lockout`).
import net from 'node:net';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext, UserRow } from '../context';
import type { Db } from '../db/client';
import { networks } from '../db/permission-schema';
import { HttpError, fieldError, notFound } from '../http-error';
import { audit } from './audit.service';
import { administered, requireAdmin } from './permissions.service';

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

/** The ranges of the given settings groups, by settings group (one query). */
export async function rulesOf(db: Db, settingsGroups: readonly string[]): Promise<Map<string, NetworkRule[]>> {
  const out = new Map<string, NetworkRule[]>();
  if (!settingsGroups.length) return out;
  const rows = await db
    .select({ sg: networks.settings_group_uuid, cidr: networks.cidr, action: networks.action })
    .from(networks)
    .where(inArray(networks.settings_group_uuid, [...settingsGroups]));
  for (const r of rows) {
    const list = out.get(r.sg) ?? [];
    list.push({ cidr: r.cidr, action: r.action as NetworkAction });
    out.set(r.sg, list);
  }
  return out;
}

// ---- admin CRUD ----

type Row = typeof networks.$inferSelect;
const present = (r: Row) => ({
  uuid: r.uuid,
  settings_group_uuid: r.settings_group_uuid,
  cidr: r.cidr,
  action: r.action as NetworkAction,
  description: r.description,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});
export type NetworkReply = ReturnType<typeof present>;

export interface Actor {
  user: UserRow;
  /** The address of the request (req.ip): checked against lockouts and written to the audit log. */
  ip: string;
}

const cidrOrThrow = (cidr: string) => {
  const n = normaliseCidr(cidr);
  if (!n) throw fieldError('cidr', 'network.cidr_invalid');
  return n;
};

/** The 422 when the ranges after a change would refuse the admin's own address (unless confirmed). */
async function guardLockout(
  db: Db,
  settingsGroup: string,
  ip: string,
  change: (rules: NetworkRule[]) => NetworkRule[],
) {
  const current = (await rulesOf(db, [settingsGroup])).get(settingsGroup) ?? [];
  if (allowedFrom(current, ip) && !allowedFrom(change(current), ip))
    throw fieldError('confirm_lockout', 'network.lockout', { ip });
}

export async function listNetworks(ctx: AppContext, user: UserRow, settingsGroup?: string) {
  const groups = settingsGroup
    ? [(await requireAdmin(ctx, user, settingsGroup)).group.uuid]
    : await administered(ctx, user);
  if (!groups.length) return [];
  const rows = await ctx.db
    .select()
    .from(networks)
    .where(inArray(networks.settings_group_uuid, groups))
    .orderBy(asc(networks.settings_group_uuid), asc(networks.cidr));
  return rows.map(present);
}

async function loadNetwork(ctx: AppContext, user: UserRow, uuid: string) {
  const [row] = await ctx.db.select().from(networks).where(eq(networks.uuid, uuid));
  if (!row) throw notFound();
  await requireAdmin(ctx, user, row.settings_group_uuid); // another settings group's range looks missing
  return row;
}

export async function getNetwork(ctx: AppContext, user: UserRow, uuid: string) {
  return present(await loadNetwork(ctx, user, uuid));
}

const duplicate = () => new HttpError(409, 'network.duplicate');
const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: string }).code === '23505') return true;
  return false;
};

/** Adds a range; the same range again is a 409, or replaces the one there with `replace`. */
export async function createNetwork(
  ctx: AppContext,
  actor: Actor,
  body: {
    settings_group_uuid: string;
    cidr: string;
    action: NetworkAction;
    description?: string | null;
    confirm_lockout?: boolean;
  },
  opts: { replace?: boolean } = {},
) {
  const sg = body.settings_group_uuid;
  await requireAdmin(ctx, actor.user, sg);
  const cidr = cidrOrThrow(body.cidr);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(networks)
        .where(and(eq(networks.settings_group_uuid, sg), eq(networks.cidr, cidr)))
        .for('update');
      if (existing && !opts.replace) throw duplicate();
      if (!body.confirm_lockout)
        await guardLockout(tx, sg, actor.ip, (rules) => [
          ...rules.filter((r) => r.cidr !== cidr),
          { cidr, action: body.action },
        ]);
      if (existing) await tx.delete(networks).where(eq(networks.uuid, existing.uuid));
      const [row] = await tx
        .insert(networks)
        .values({
          settings_group_uuid: sg,
          cidr,
          action: body.action,
          description: body.description ?? null,
          created_by: actor.user.id,
        })
        .returning();
      await audit(tx, {
        settings_group_uuid: sg,
        user_id: actor.user.id,
        action: 'network.create',
        target_type: 'network',
        target_uuid: row!.uuid,
        details: {
          cidr,
          action: body.action,
          description: body.description ?? null,
          ...(existing ? { replaced: { uuid: existing.uuid, action: existing.action } } : {}),
        },
        ip: actor.ip,
      });
      return present(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(); // a concurrent request added the same range first
    throw err;
  }
}

export async function updateNetwork(
  ctx: AppContext,
  actor: Actor,
  uuid: string,
  body: { cidr?: string; action?: NetworkAction; description?: string | null; confirm_lockout?: boolean },
) {
  const current = await loadNetwork(ctx, actor.user, uuid);
  const sg = current.settings_group_uuid;
  const cidr = body.cidr !== undefined ? cidrOrThrow(body.cidr) : current.cidr;
  const action = body.action ?? (current.action as NetworkAction);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ uuid: networks.uuid })
        .from(networks)
        .where(and(eq(networks.settings_group_uuid, sg), eq(networks.cidr, cidr), ne(networks.uuid, uuid)));
      if (taken) throw duplicate();
      if (!body.confirm_lockout)
        await guardLockout(tx, sg, actor.ip, (rules) => [
          ...rules.filter((r) => r.cidr !== current.cidr),
          { cidr, action },
        ]);
      const [row] = await tx
        .update(networks)
        .set({
          cidr,
          action,
          ...(body.description !== undefined ? { description: body.description } : {}),
          updated_at: new Date(),
        })
        .where(eq(networks.uuid, uuid))
        .returning();
      if (!row) throw notFound();
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of ['cidr', 'action', 'description'] as const)
        if (row[key] !== current[key]) changes[key] = { from: current[key], to: row[key] };
      await audit(tx, {
        settings_group_uuid: sg,
        user_id: actor.user.id,
        action: 'network.update',
        target_type: 'network',
        target_uuid: uuid,
        details: { cidr: row.cidr, changes },
        ip: actor.ip,
      });
      return present(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** Removes a range; removing the last allow range that lets the admin in (while others remain) needs confirming. */
export async function deleteNetwork(ctx: AppContext, actor: Actor, uuid: string, confirmLockout = false) {
  const current = await loadNetwork(ctx, actor.user, uuid);
  await ctx.db.transaction(async (tx) => {
    if (!confirmLockout)
      await guardLockout(tx, current.settings_group_uuid, actor.ip, (rules) =>
        rules.filter((r) => r.cidr !== current.cidr),
      );
    const [gone] = await tx.delete(networks).where(eq(networks.uuid, uuid)).returning({ uuid: networks.uuid });
    if (!gone) throw notFound();
    await audit(tx, {
      settings_group_uuid: current.settings_group_uuid,
      user_id: actor.user.id,
      action: 'network.delete',
      target_type: 'network',
      target_uuid: uuid,
      details: { cidr: current.cidr, action: current.action, description: current.description },
      ip: actor.ip,
    });
  });
}
