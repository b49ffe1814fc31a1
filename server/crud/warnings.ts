// Warnings of a write that went through (a budget overspent under `warn`; docs/domain/api.md, "Warnings"): the
// reply's `meta.warnings` lists them translated, `[{ field, message }]`; bulk replies key them by row like errors.
import { z } from 'zod';
import type { Locale } from '../../src/entities/account';
import { translate } from '../i18n/messages';
import type { Warning } from './model-behaviour';

export const warningSchema = z.object({ field: z.string(), message: z.string() });

const message = (locale: Locale, w: Warning) => translate(locale, w.key, w.params);

/** `{ meta: { warnings } }` for a single write's reply, or nothing when there are none. */
export function warningsMeta(locale: Locale, warnings: readonly Warning[]) {
  return warnings.length
    ? { meta: { warnings: warnings.map((w) => ({ field: w.field, message: message(locale, w) })) } }
    : {};
}

/** A bulk row's warnings keyed `rows.N.field` (as its errors would be). */
export function rowWarnings(locale: Locale, i: number, warnings: readonly Warning[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const w of warnings) (out[`rows.${i}.${w.field}`] ??= []).push(message(locale, w));
  return out;
}
