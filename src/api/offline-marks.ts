// What the offline code (src/offline/writer.ts) tells the grids about changes made without a connection
// (docs/decisions.md, "Installable and offline"): the edits the server refused when they were sent (a 422), shown at
// their cells as an online edit's refusal is, with the value the user typed; and the records a replay saved (a row's
// new version, and a record created offline whose temporary row the grid reloads). The grids read it here and never
// load the offline code.
import type { ApiRecord } from './records';

/** One field of an edit the server refused: the value typed and the field's message. */
export interface RefusedCell {
  model: string;
  uuid: string;
  field: string;
  value: unknown;
  message: string;
}

/** A change a replay saved: the record as the server answered it (`created`: it was made offline). */
export interface ReplayedRecord {
  model: string;
  /** The uuid the change was queued with (a temporary one for a record created offline). */
  uuid: string;
  record: ApiRecord | null;
  created: boolean;
}

/** A write other than a field edit waiting in the queue (a comment, a transition), as the record screens show it. */
export interface WaitingRequest {
  id: number;
  path: string;
  body: unknown;
  at: number;
  /** `failed`: refused when it was sent (`message` says why); `conflict` does not occur for these. */
  status: 'pending' | 'conflict' | 'failed';
  message?: string;
}

let waiting: readonly WaitingRequest[] = [];
const waitingListeners = new Set<() => void>();

/** This user's waiting writes other than field edits, oldest first. */
export const waitingRequests = (): readonly WaitingRequest[] => waiting;

export function setWaitingRequests(next: readonly WaitingRequest[]): void {
  waiting = next;
  for (const listener of waitingListeners) listener();
}

export function onWaitingRequests(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => void waitingListeners.delete(listener);
}

let refused: readonly RefusedCell[] = [];
const refusedListeners = new Set<() => void>();
const replayListeners = new Set<(records: readonly ReplayedRecord[]) => void>();

export const refusedCells = (): readonly RefusedCell[] => refused;

export function setRefusedCells(next: readonly RefusedCell[]): void {
  refused = next;
  for (const listener of refusedListeners) listener();
}

export function onRefusedCells(listener: () => void): () => void {
  refusedListeners.add(listener);
  return () => void refusedListeners.delete(listener);
}

export function announceReplayed(records: readonly ReplayedRecord[]): void {
  if (records.length) for (const listener of replayListeners) listener(records);
}

export function onReplayed(listener: (records: readonly ReplayedRecord[]) => void): () => void {
  replayListeners.add(listener);
  return () => void replayListeners.delete(listener);
}

/** Records of a list reply with the values of their refused edits over them (the user corrects what they typed). */
export function withRefusedValues(model: string, records: ApiRecord[]): ApiRecord[] {
  if (refused.length === 0) return records;
  const values = new Map<string, Record<string, unknown>>();
  for (const cell of refused)
    if (cell.model === model) values.set(cell.uuid, { ...values.get(cell.uuid), [cell.field]: cell.value });
  return values.size ? records.map((r) => (values.has(r.uuid) ? { ...r, ...values.get(r.uuid) } : r)) : records;
}
