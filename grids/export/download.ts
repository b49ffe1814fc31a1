// Downloads a file the server writes (export, import template, error report) as a stream: bytes are counted as
// they arrive (progress for large exports; Cancel aborts the request), then saved under the server's file name.
import { ApiError } from '../../src/api/errors';
import { buildUrl, readCookie, timezoneOffsetHours, type QueryValue } from '../../src/api/http';
import { i18n } from '../../src/i18n';

export interface DownloadProgress {
  bytes: number;
  /** Known when the server sends a Content-Length (a streamed export does not). */
  total: number | null;
  /** Rows the server announced (`X-Total-Count`), when it did. */
  rows: number | null;
}

export interface DownloadOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON with POST instead of a GET (an export of many selected rows). */
  body?: unknown;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Used when the reply names no file. */
  fallbackName: string;
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins over `filename`). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name.replace(/[\\/]/g, '_') : null;
}

async function failure(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = (response.headers.get('Content-Type') ?? '').includes('json') ? await response.json() : undefined;
  } catch {
    body = undefined;
  }
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : i18n.t(response.status === 401 ? 'errors.unauthenticated' : 'errors.unexpected');
  const errors = body && typeof body === 'object' ? (body as { errors?: Record<string, string[]> }).errors : undefined;
  return new ApiError(response.status, message, { body, errors });
}

const numberHeader = (response: Response, name: string) => {
  const value = Number(response.headers.get(name) ?? NaN);
  return Number.isFinite(value) && value >= 0 ? value : null;
};

/** Fetches `path` under /api/v1 and saves the reply; resolves with the saved name and size. */
export async function downloadFile(path: string, options: DownloadOptions): Promise<{ name: string; bytes: number }> {
  const headers: Record<string, string> = {
    Accept: '*/*',
    'X-Requested-With': 'XMLHttpRequest',
    'X-Timezone-Offset': timezoneOffsetHours(),
  };
  if (i18n.language) headers['Accept-Language'] = i18n.language;
  const post = options.body !== undefined;
  if (post) {
    headers['Content-Type'] = 'application/json';
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: post ? 'POST' : 'GET',
      credentials: 'include',
      headers,
      body: post ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, i18n.t('errors.network'));
  }
  if (!response.ok) throw await failure(response);

  const total = numberHeader(response, 'Content-Length');
  const rows = numberHeader(response, 'X-Total-Count');
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const parts: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      bytes += value.byteLength;
      options.onProgress?.({ bytes, total, rows });
    }
  } else {
    const buffer = new Uint8Array(await response.arrayBuffer());
    parts.push(buffer);
    bytes = buffer.byteLength;
  }
  const name = fileNameOf(response.headers.get('Content-Disposition')) ?? options.fallbackName;
  saveBlob(new Blob(parts as BlobPart[], { type }), name);
  return { name, bytes };
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** 1,234,567 bytes → "1.2 MB" in the user's locale. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
