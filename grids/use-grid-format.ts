// The formatting context of grids, cards and forms: UI language, the user's date format, the selected settings
// group's currency, translated labels and already known titles of referenced records.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '../src/i18n';
import { useSettingsGroup } from '../src/api/queries';
import { useFormat } from '../src/components/use-format';
import { useSelectedSettingsGroup } from '../src/components/use-settings-group';
import { DEFAULT_CURRENCY } from '../src/i18n/format';
import type { FormatContext } from './format-value';
import { cachedRefTitle } from './ref-titles';

export function useGridFormat(): FormatContext {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { locale, dateFormat } = useFormat();
  const { current } = useSelectedSettingsGroup();
  const { data: group } = useSettingsGroup(current?.uuid ?? null);
  const currency = group?.currency ?? DEFAULT_CURRENCY[locale];
  return useMemo(
    () => ({
      locale,
      dateFormat,
      currency,
      t: (key: string) => t(key),
      refTitle: (model: string, uuid: string) => cachedRefTitle(client, model, uuid),
    }),
    [locale, dateFormat, currency, t, client],
  );
}
