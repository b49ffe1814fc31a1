/** Field path → messages, the Laravel-style 422 body (docs/domain/api.md, "Errors"). */
export type FieldErrors = Record<string, string[]>;

/** Every failed call rejects with an ApiError; `status` 0 means the network failed. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  readonly body: unknown;
  /** True when the client already showed a notice for this error (5xx, 403, network). */
  readonly notified: boolean;

  constructor(
    status: number,
    message: string,
    options: { errors?: FieldErrors; body?: unknown; notified?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = options.errors ?? {};
    this.body = options.body;
    this.notified = options.notified ?? false;
  }

  get isValidation(): boolean {
    return this.status === 422;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Field errors of a 422, or an empty map for anything else. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return isApiError(error) && error.status === 422 ? error.errors : {};
}
