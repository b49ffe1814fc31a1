// Formatting bound to the UI language and the signed-in user's date format.
import { useCurrentUser } from '../api/queries';
import { isLanguage, useTranslation } from '../i18n';
import { DEFAULT_DATE_FORMATS, formatCurrency, formatDate, formatDateTime, formatNumber } from '../i18n/format';
import { DEFAULT_LANGUAGE } from '../i18n/languages';

export function useFormat() {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const locale = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const dateFormat = user?.date_format ?? DEFAULT_DATE_FORMATS[locale];
  return {
    locale,
    dateFormat,
    date: (value: Date | string | null | undefined) => formatDate(value, dateFormat),
    dateTime: (value: Date | string | null | undefined) => formatDateTime(value, dateFormat),
    number: (value: number | string | null | undefined, options?: Intl.NumberFormatOptions) =>
      formatNumber(value, locale, options),
    currency: (value: number | string | null | undefined, currency?: string) => formatCurrency(value, locale, currency),
  };
}
