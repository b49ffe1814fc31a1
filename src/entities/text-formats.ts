// The named checks a text field may carry beyond its length (src/entities/fields.ts, `format`): the definitions name
// them, so definitions stay data and import no validation code. Each has the sample value the tests write.
import type { z } from 'zod';
import type { TextFormat } from './fields';
import { knownTableName } from './registry';
import { ATTRIBUTE_KEY } from '../domain/attributes';

/** `/`, then no second `/` or backslash, and no space, backslash or control character anywhere. */
const isAppPath = (v: string) =>
  v.startsWith('/') &&
  !v.startsWith('//') &&
  ![...v].some((c) => c === '\\' || /\s/.test(c) || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

export const TEXT_FORMATS = {
  /** A table a saved view or a preference names: a model of the registry, by name or by path. */
  table_name: {
    check: (v: string) => knownTableName.safeParse(v).success,
    message: 'errors.table_name',
    sample: 'facility',
  },
  /** An http or https address (a webhook's; where it may point is checked by the server on save). */
  http_url: {
    check: (v: string) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    message: 'validation.webhook_scheme',
    sample: 'https://203.0.113.10/hooks',
  },
  /** An attribute's key: a slug (docs/domain/attributes.md). */
  attribute_key: {
    check: (v: string) => ATTRIBUTE_KEY.test(v),
    message: 'errors.attribute_key',
    sample: 'sample_key',
  },
  /** A path of this app (a support request's page): one leading `/`, never `//` or a backslash (another origin to a
   * browser), no control characters or spaces. */
  app_path: {
    check: isAppPath,
    message: 'validation.app_path',
    sample: '/tickets',
  },
} satisfies Record<TextFormat, { check: (v: string) => boolean; message: string; sample: string }>;

/** A text schema with the field's named check added (none: as it is). */
export const withFormat = (s: z.ZodType<string>, format: TextFormat | undefined): z.ZodType<string> =>
  format ? s.refine(TEXT_FORMATS[format].check, TEXT_FORMATS[format].message) : s;
