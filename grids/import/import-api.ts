// The import endpoints of docs/spreadsheet-api.md: upload, preview, validate, run, status, cancel, undo, and the
// remembered column matching per table and user. The server parses every file; the browser only sends it.
import { http } from '../../src/api/http';

export type ImportMode = 'insert' | 'update' | 'upsert';
export type MatchKey = 'uuid' | 'number_internal';
export type ImportStatus = 'uploaded' | 'validated' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'undone';

export interface ImportSheet {
  name: string;
  row_count: number;
}

export interface ImportCounts {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

export interface ImportJob {
  uuid: string;
  model: string;
  file_name: string;
  status: ImportStatus;
  sheets?: ImportSheet[];
  progress?: { processed: number; total: number };
  counts?: ImportCounts;
  /** Why a job failed, in the user's words. */
  error?: string | null;
  links: { cancel?: string; undo?: string; error_report?: string; [name: string]: string | undefined };
}

export interface ImportPreview {
  headers: string[];
  /** The first rows after the header row with their sheet row numbers. */
  rows: { row: number; cells: unknown[] }[];
  /** Column index → field name. */
  suggested_mapping: Record<string, string>;
}

/** Column index → field name; an unmatched column is left out. */
export type ColumnMapping = Record<string, string>;
/** Sheet row number → field → value typed in the validation step. */
export type RowFixes = Record<string, Record<string, string>>;

export interface ImportSettings {
  settings_group_uuid: string;
  sheet: string;
  header_row: number;
  mapping: ColumnMapping;
  mode: ImportMode;
  match_key: MatchKey;
  fixes?: RowFixes;
}

export interface ValidationCounts {
  create: number;
  update: number;
  unchanged: number;
  error: number;
}

export interface ProblemRow {
  row: number;
  action: string;
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
}

export interface ValidationReply {
  counts: ValidationCounts;
  rows: ProblemRow[];
  /** Set when the server lists fewer problem rows than it found (the counters stay complete). */
  rows_total?: number;
}

const quiet = { silent: true } as const;

export function uploadImport(model: string, file: File, signal?: AbortSignal): Promise<ImportJob> {
  const form = new FormData();
  form.append('model', model);
  form.append('file', file, file.name);
  return http.post<ImportJob>('imports', form, { ...quiet, signal });
}

export const previewImport = (uuid: string, sheet: string, headerRow: number) =>
  http.get<ImportPreview>(`imports/${uuid}/preview`, { ...quiet, query: { sheet, header_row: headerRow } });

export async function validateImport(uuid: string, settings: ImportSettings): Promise<ValidationReply> {
  const reply = await http.post<Partial<ValidationReply> & { problems?: ProblemRow[]; problems_total?: number }>(
    `imports/${uuid}/validate`,
    settings,
    quiet,
  );
  const counts = reply.counts ?? { create: 0, update: 0, unchanged: 0, error: 0 };
  return { counts, rows: reply.rows ?? reply.problems ?? [], rows_total: reply.rows_total ?? reply.problems_total };
}

/** Starts the job; the key makes a repeated click (or a retry after a lost reply) the same job. */
export const runImport = (uuid: string, settings: ImportSettings, idempotencyKey: string) =>
  http.post<ImportJob>(`imports/${uuid}/run`, settings, { ...quiet, headers: { 'Idempotency-Key': idempotencyKey } });

export const getImport = (uuid: string, signal?: AbortSignal) =>
  http.get<ImportJob>(`imports/${uuid}`, { ...quiet, signal });

export const cancelImport = (uuid: string) => http.post<ImportJob>(`imports/${uuid}/cancel`, undefined, quiet);

export const undoImport = (uuid: string) => http.post<ImportJob>(`imports/${uuid}/undo`, undefined, quiet);

export const errorReportPath = (uuid: string) => `imports/${uuid}/error-report`;

export const templatePath = (plural: string) => `${plural}/import-template`;

/** Header text → field, as the user last matched the columns of this table. */
export type RememberedMapping = Record<string, string>;

export async function getRememberedMapping(model: string): Promise<RememberedMapping> {
  const reply = await http.get<{ mapping?: RememberedMapping } | RememberedMapping | null>(
    `user/import-mappings/${model}`,
    quiet,
  );
  if (!reply || typeof reply !== 'object') return {};
  const mapping = 'mapping' in reply && typeof reply.mapping === 'object' ? reply.mapping : reply;
  return Object.fromEntries(
    Object.entries(mapping ?? {}).filter(([, v]) => typeof v === 'string'),
  ) as RememberedMapping;
}

export const saveRememberedMapping = (model: string, mapping: RememberedMapping) =>
  http.put<unknown>(`user/import-mappings/${model}`, { mapping }, quiet);

/** What the wizard tells the grid: a job finished, was undone, or goes on after the wizard closed. */
export type ImportEvent = 'imported' | 'undone' | 'running';

export const isFinished = (status: ImportStatus) =>
  status === 'done' || status === 'failed' || status === 'cancelled' || status === 'undone';
