// Networks (docs/domain/permissions.md, "Networks"): what a network's writes add to the records engine. Every write
// (single, bulk, import) stores the range normalised and takes the settings group's ranges in turn (one writer at a
// time per settings group), so the same range is never stored twice: a duplicate is a 409, or replaces the one there
// when the request says `replace`. A write, archive, restore or delete that would refuse the admin's own current
// address is a 422 on `confirm_lockout` unless the request confirms it.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { HookContext, ModelBehaviour } from '../crud/model-behaviour';
import type { Row } from '../crud/present';
import { network as networks } from '../db/entity-tables';
import { HttpError, fieldError } from '../http-error';
import { allowedFrom, normaliseCidr, type NetworkAction, type NetworkRule } from '../services/networks.service';

/** The ranges in force of the write's settings group, with their uuids. */
async function rangesOf(h: HookContext) {
  const rows = await h.db
    .select({ uuid: networks.uuid, cidr: networks.cidr, action: networks.action })
    .from(networks)
    .where(
      and(eq(networks.settings_group_uuid, h.settingsGroup), isNull(networks.deleted_at), isNull(networks.archived_at)),
    );
  return rows.map((r) => ({ uuid: r.uuid, cidr: r.cidr, action: r.action as NetworkAction }));
}

/** The 422 when the ranges after a change refuse the caller's own address and did not before (unless confirmed). */
function guardLockout(h: HookContext, before: readonly NetworkRule[], after: readonly NetworkRule[]) {
  if (h.input?.confirm_lockout === true) return;
  const ip = h.access.ip;
  if (ip === undefined) return; // a job (an import's run): no caller's address to lock out
  if (allowedFrom(before, ip) && !allowedFrom(after, ip))
    throw fieldError('confirm_lockout', 'network.lockout', { ip: ip ?? '' });
}

/** One writer of a settings group's ranges at a time: the duplicate and lockout checks see every other write. */
const takeTurn = (h: HookContext) =>
  h.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`network:${h.settingsGroup}`}))`);

async function beforeWrite(h: HookContext, merged: Row, changes: Row, current: Row | null): Promise<Row | void> {
  if (current && !('cidr' in changes) && !('action' in changes)) return;
  const cidr = normaliseCidr(String(merged.cidr ?? ''));
  if (!cidr) throw fieldError('cidr', 'network.cidr_invalid');
  await takeTurn(h);
  const [taken] = await h.db
    .select({ uuid: networks.uuid })
    .from(networks)
    .where(
      and(
        eq(networks.settings_group_uuid, h.settingsGroup),
        eq(networks.cidr, cidr),
        isNull(networks.deleted_at),
        current ? ne(networks.uuid, String(current.uuid)) : undefined,
      ),
    )
    .limit(1);
  if (taken && (current || h.input?.replace !== true)) throw new HttpError(409, 'network.duplicate');
  const before = await rangesOf(h);
  const after = [
    ...before.filter((r) => r.uuid !== current?.uuid && r.uuid !== taken?.uuid),
    ...(current?.archived_at ? [] : [{ cidr, action: merged.action as NetworkAction }]),
  ];
  guardLockout(h, before, after);
  // replacing: the range there goes, in the same transaction as the new one comes
  if (taken)
    await h.db
      .update(networks)
      .set({ deleted_at: h.now, deleted_by: h.access.user.id })
      .where(eq(networks.uuid, taken.uuid));
  return { cidr };
}

/** Archiving or deleting ranges (or restoring them) changes who gets in as a write does. */
async function afterArchive(h: HookContext, uuids: string[], archived: boolean) {
  if (!uuids.length) return;
  const now = await rangesOf(h);
  let before: NetworkRule[];
  if (archived) {
    const gone = await h.db
      .select({ cidr: networks.cidr, action: networks.action })
      .from(networks)
      .where(inArray(networks.uuid, uuids));
    before = [...now, ...gone.map((g) => ({ cidr: g.cidr, action: g.action as NetworkAction }))];
  } else before = now.filter((r) => !uuids.includes(r.uuid));
  guardLockout(h, before, now);
}

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const network: ModelBehaviour = {
  hooks: { beforeWrite, afterArchive },
  // `POST /networks?replace=1`, `confirm_lockout: true` in a create or update, `?confirm_lockout=1` on a delete
  input: {
    body: { confirm_lockout: z.boolean().optional() },
    query: { replace: flag.optional(), confirm_lockout: flag.optional() },
  },
};
