// The one HTTP client of the browser app (docs/domain/browser-app.md, "Errors and notices").
import { i18n } from '../i18n';
import { notify } from '../components/notices';
import { ApiError, type FieldErrors } from './errors';
import { warningMessages } from './warnings';
import { flattenAttributes, nestAttributes } from './attribute-paths';

export const API_BASE = '/api/v1';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Do not show the generic notices (the caller shows its own); 401 handling still happens. */
  silent?: boolean;
  headers?: Record<string, string>;
}

/** A list reply: `data` plus the rest of the envelope (meta, links). */
export interface Envelope<T, M = Record<string, unknown>> {
  data: T;
  meta?: M;
  links?: Record<string, string>;
}

let bearerToken: string | null = null;
/** Scripts and embedded clients use a bearer token instead of the session cookie. */
export function setBearerToken(token: string | null): void {
  bearerToken = token;
}

let unauthorizedHandler: () => void = () => undefined;
/** The app decides what a 401 means (local sign-out and a redirect to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** Offset from UTC in hours, e.g. 1, -5 or 5.5. */
export function timezoneOffsetHours(date = new Date()): string {
  const hours = -date.getTimezoneOffset() / 60;
  return String(hours === 0 ? 0 : hours);
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function buildHeaders(options: RequestOptions, hasJsonBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-Timezone-Offset': timezoneOffsetHours() });
  // Server messages before login follow the UI language (after login the profile's language wins).
  if (i18n.language) headers.set('Accept-Language', i18n.language);
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  if (bearerToken) {
    headers.set('Authorization', `Bearer ${bearerToken}`);
  } else {
    headers.set('X-Requested-With', 'XMLHttpRequest');
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  }
  for (const [key, value] of Object.entries(options.headers ?? {})) headers.set(key, value);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if ((response.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      return flattenAttributes(JSON.parse(text) as unknown);
    } catch {
      return text;
    }
  }
  return text;
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

function errorsOf(body: unknown): FieldErrors {
  if (!body || typeof body !== 'object' || !('errors' in body)) return {};
  const raw = (body as { errors: unknown }).errors;
  if (!raw || typeof raw !== 'object') return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(raw as Record<string, unknown>)) {
    result[field] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
  }
  return result;
}

let offlineSend: ((path: string, options: RequestOptions) => Promise<unknown> | null) | null = null;
/** Writes while offline (src/offline/writer.ts): queued or refused there; `null` lets the request go. */
export const setOfflineSend = (handler: typeof offlineSend) => void (offlineSend = handler);

/**
 * Sends one request and returns the raw JSON body; all error handling of docs/domain/browser-app.md, "Errors and notices",
 * happens here.
 */
async function send(path: string, options: RequestOptions, retried = false): Promise<unknown> {
  const queued = options.method && options.method !== 'GET' ? offlineSend?.(path, options) : null;
  if (queued) return queued;
  const hasBody = options.body !== undefined;
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers: buildHeaders(options, hasBody && !isForm),
      body: hasBody ? (isForm ? (options.body as FormData) : JSON.stringify(nestAttributes(options.body))) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = i18n.t('errors.network');
    if (!options.silent) notify.error(message);
    throw new ApiError(0, message, { notified: !options.silent });
  }

  const body = await readBody(response);
  if (response.ok) {
    // a write that went through with warnings (docs/domain/api.md, "Warnings"); a dry run writes nothing
    if (options.method && options.method !== 'GET' && !options.query?.dry_run)
      for (const message of warningMessages(body)) notify.warning(message, { key: `warning:${message}` });
    return body;
  }

  const status = response.status;
  const message = messageOf(body);

  // XSRF token mismatch or expired: fetch a fresh cookie and retry once.
  if (status === 419 && !retried) {
    await fetch(buildUrl('sanctum/csrf-cookie'), { credentials: 'include', headers: buildHeaders({}, false) });
    return send(path, options, true);
  }
  if (status === 401) {
    unauthorizedHandler();
    throw new ApiError(status, message ?? i18n.t('errors.unauthenticated'), { body });
  }
  if (status === 422) {
    throw new ApiError(status, message ?? i18n.t('errors.validation'), { errors: errorsOf(body), body });
  }
  if (status === 403) {
    console.warn(`[api] 403 ${options.method ?? 'GET'} ${path}`, message);
    const text = message ?? i18n.t('errors.forbidden');
    if (!options.silent) notify.error(text);
    throw new ApiError(status, text, { body, notified: !options.silent });
  }
  if (status >= 500) {
    const text = message ?? i18n.t('errors.unexpected');
    if (!options.silent) notify.error(text);
    throw new ApiError(status, text, { body, notified: !options.silent });
  }
  console.warn(`[api] ${status} ${options.method ?? 'GET'} ${path}`, message);
  throw new ApiError(status, message ?? i18n.t('errors.unexpected'), { body });
}

function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body) {
    return (body as { data: T }).data;
  }
  return body as T;
}

/** A call whose reply is unwrapped to its `data` field when it has one. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return unwrap<T>(await send(path, options));
}

/** A call that keeps the whole envelope (for lists with meta and links). */
export async function requestEnvelope<T, M = Record<string, unknown>>(
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T, M>> {
  const body = await send(path, options);
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body) return body as Envelope<T, M>;
  return { data: body as T };
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const http = {
  get: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) => request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) => request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Options) => request<T>(path, { ...options, method: 'DELETE' }),
};
