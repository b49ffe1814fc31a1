// Per-row errors of bulk writes and imports, keyed `rows.N.field` (docs/spreadsheet-api.md), in the caller's language.
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Locale } from '../../src/entities/account';
import { HttpError, ValidationFailed } from '../http-error';
import { translate } from '../i18n/messages';
import type { AnyEntity } from '../../src/entities/define';
import { failedToErrors, summaryOf, zodIssuesToErrors } from '../plugins/errors';

export type Errors = Record<string, string[]>;

/** Thrown when rows fail and the caller asked for all or nothing: the transaction rolls back, the route sends 422. */
export class RowsInvalid extends Error {
  constructor(readonly errors: Errors) {
    super('rows invalid');
  }
}

/** zod issues of one row of `entity`; `prefix` is `rows.N` (or '' for errors keyed by field only). */
export function zodRowErrors(issues: z.core.$ZodIssue[], locale: Locale, prefix: string, entity?: AnyEntity): Errors {
  return zodIssuesToErrors(
    issues.map((issue) => {
      const { path, code, message, ...params } = issue;
      return { keyword: code, instancePath: `/${path.join('/')}`, message, params };
    }),
    locale,
    prefix,
    entity,
  );
}

/** A thrown service error of one row as field errors, or null when it is not about the row's values. */
export function serviceRowErrors(err: unknown, locale: Locale, prefix: string, entity?: AnyEntity): Errors | null {
  if (err instanceof ValidationFailed) return failedToErrors(err, locale, prefix, entity);
  if (err instanceof HttpError && err.status === 422)
    return { [prefix || 'row']: [translate(locale, err.key, err.params)] };
  return null;
}

/** The Laravel-shaped 422 reply of row errors. */
export function sendRowErrors(reply: FastifyReply, locale: Locale, errors: Errors) {
  return reply.code(422).send({ message: summaryOf(locale, errors), errors });
}

/** "N records lack the right permission" (docs/domain/permissions.md, "Permissions and roles"); undefined when none skipped. */
export function skippedMessage(locale: Locale, count: number): string | undefined {
  if (count === 0) return undefined;
  return translate(locale, 'bulk.skipped', { count });
}
