// Errors a service throws; the error handler turns them into the documented reply shapes (docs/domain/api.md, "Errors").
import type { MessageKey, MessageParams } from './i18n/messages';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

/** A 422 with field errors: `fields` maps a field path to message keys (with params). */
export class ValidationFailed extends Error {
  constructor(readonly fields: Record<string, { key: MessageKey; params?: MessageParams }[]>) {
    super('validation');
  }
}

export const unauthenticated = () => new HttpError(401, 'auth.unauthenticated');
export const forbidden = (key: MessageKey = 'auth.forbidden') => new HttpError(403, key);
export const notFound = () => new HttpError(404, 'errors.not_found');
export const fieldError = (field: string, key: MessageKey, params?: MessageParams) =>
  new ValidationFailed({ [field]: [{ key, ...(params ? { params } : {}) }] });

/** Storing a file failed: a full disk (or quota) is a 507 the client can read; anything else stays as it is. */
export const storageFailure = (err: unknown) =>
  ['ENOSPC', 'EDQUOT'].includes((err as NodeJS.ErrnoException | undefined)?.code ?? '')
    ? new HttpError(507, 'errors.storage_full')
    : err;
