// The server's words for a refused change (docs/domain/permissions.md, "Members"): a 422's field messages (own role,
// last admin, a name taken), else its message (409 for the last admin's removal).
import { isApiError } from '../../src/api/errors';

/** Null when the client already showed a notice (403, 5xx, network) or for a 401. */
export function refusalText(error: unknown): string | null {
  if (!isApiError(error)) return error instanceof Error ? error.message : null;
  if (error.notified || error.status === 401) return null;
  const fields = Object.values(error.errors).flat();
  return fields.length ? fields.join(' ') : error.message;
}
