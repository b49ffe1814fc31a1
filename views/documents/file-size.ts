// A file size for people: bytes below 1 KB, then KB and MB with the language's decimal sign (1 KB = 1024 bytes).
import type { TFunction } from '../../src/i18n';
import { INTL_LOCALE } from '../../src/i18n/languages';
import type { Locale } from '../../src/entities/account';

export function fileSize(bytes: number, locale: Locale, t: TFunction): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return t('records.sizes.byte', { value: number(bytes, 0) });
  if (bytes < 1024 * 1024)
    return t('records.sizes.kilobyte', { value: number(bytes / 1024, bytes < 10 * 1024 ? 1 : 0) });
  return t('records.sizes.megabyte', { value: number(bytes / 1024 / 1024, 1) });
}
