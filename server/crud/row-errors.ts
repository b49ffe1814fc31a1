// Per-row errors of bulk writes and imports, keyed `rows.N.field` (docs/spreadsheet-api.md), in the caller's language.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Locale } from '../../src/entities/account';
import { HttpError, ValidationFailed } from '../http-error';
import { translate } from '../i18n/messages';
import { zodIssuesToErrors } from '../plugins/errors';

export type Errors = Record<string, string[]>;

/** Thrown when rows fail and the caller asked for all or nothing: the transaction rolls back, the route sends 422. */
export class RowsInvalid extends Error {
  constructor(readonly errors: Errors) {
    super('rows invalid');
  }
}

const label = (path: string) => (path.split('.').pop() ?? path).replace(/_/g, ' ');

/** zod issues of one row; `prefix` is `rows.N` (or '' for errors keyed by field only). */
export function zodRowErrors(issues: z.core.$ZodIssue[], locale: Locale, prefix: string): Errors {
  return zodIssuesToErrors(
    issues.map((issue) => {
      const { path, code, message, ...params } = issue;
      return { keyword: code, instancePath: `/${path.join('/')}`, message, params };
    }),
    locale,
    prefix,
  );
}

/** A thrown service error of one row as field errors, or null when it is not about the row's values. */
export function serviceRowErrors(err: unknown, locale: Locale, prefix: string): Errors | null {
  if (err instanceof ValidationFailed) {
    const out: Errors = {};
    for (const [field, list] of Object.entries(err.fields))
      out[prefix ? `${prefix}.${field}` : field] = list.map((e) =>
        translate(locale, e.key, { field: label(field), ...(e.params ?? {}) }),
      );
    return out;
  }
  if (err instanceof HttpError && err.status === 422)
    return { [prefix || 'row']: [translate(locale, err.key, err.params)] };
  return null;
}

/** The Laravel-shaped 422 reply of row errors. */
export function sendRowErrors(reply: FastifyReply, locale: Locale, errors: Errors) {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? translate(locale, 'validation.summary');
  const message =
    messages.length > 1 ? translate(locale, 'validation.summary_more', { first, count: messages.length - 1 }) : first;
  return reply.code(422).send({ message, errors });
}

/** "N records lack the right permission" (docs/domain/permissions.md, "Permissions and roles"); undefined when none skipped. */
export function skippedMessage(locale: Locale, count: number): string | undefined {
  if (count === 0) return undefined;
  return translate(locale, 'bulk.skipped', { count });
}
