// The bulk endpoints (docs/spreadsheet-api.md): update, create, archive, restore and delete of many records in
// one request and one transaction, with `?dry_run=1` for the paste preview and bulk edit.
import { requestEnvelope } from '../src/api/http';
import type { AnyEntity } from '../src/entities/define';
import type { ApiRecord } from '../src/api/records';

export type BulkRow = { uuid: string; updated_at?: string } & Record<string, unknown>;

export interface BulkUpdateResult {
  uuid: string;
  status: 'updated' | 'unchanged' | 'conflict' | 'skipped' | 'invalid';
  record?: ApiRecord;
  errors?: Record<string, string[]>;
}

export interface BulkUpdateMeta {
  updated: number;
  unchanged: number;
  conflicts: number;
  skipped: number;
  invalid?: number;
  message?: string;
}

const query = (dryRun?: boolean) => (dryRun ? { dry_run: 1 } : undefined);

export async function bulkUpdate(
  entity: AnyEntity,
  rows: readonly BulkRow[],
  options: { dryRun?: boolean; skipInvalid?: boolean } = {},
) {
  const reply = await requestEnvelope<BulkUpdateResult[], BulkUpdateMeta>(entity.plural, {
    method: 'PATCH',
    query: query(options.dryRun),
    body: { rows, ...(options.skipInvalid ? { skip_invalid: true } : {}) },
  });
  return { data: reply.data, meta: reply.meta ?? { updated: 0, unchanged: 0, conflicts: 0, skipped: 0 } };
}

export async function bulkCreate(
  entity: AnyEntity,
  rows: readonly Record<string, unknown>[],
  options: { dryRun?: boolean; skipInvalid?: boolean } = {},
) {
  const reply = (await requestEnvelope<(ApiRecord | null)[], { created: number }>(`${entity.plural}/bulk`, {
    method: 'POST',
    query: query(options.dryRun),
    body: { rows, ...(options.skipInvalid ? { skip_invalid: true } : {}) },
  })) as { data: (ApiRecord | null)[]; errors?: Record<string, string[]> };
  return { data: reply.data, errors: reply.errors ?? {} };
}

export interface BulkActionResult {
  uuid: string;
  status: 'done' | 'unchanged' | 'conflict' | 'skipped';
  record?: ApiRecord;
}

export type BulkAction = 'bulk-archive' | 'bulk-restore' | 'bulk-delete';

export async function bulkAction(
  entity: AnyEntity,
  action: BulkAction,
  rows: readonly { uuid: string; updated_at?: string }[],
) {
  const reply = await requestEnvelope<
    BulkActionResult[],
    { done: number; unchanged: number; conflicts: number; skipped: number; message?: string }
  >(`${entity.plural}/${action}`, { method: 'POST', body: { rows } });
  return { data: reply.data, meta: reply.meta ?? { done: 0, unchanged: 0, conflicts: 0, skipped: 0 } };
}
