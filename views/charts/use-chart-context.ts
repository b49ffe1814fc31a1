// What every chart reads: the UI language and its number formats, the settings group's currency, the theme's
// colours, the selected context (settings group, properties) and where a click on a bar or slice goes.
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { settingsGroupQuery } from '../../src/api/queries';
import { useFormat } from '../../src/components/use-format';
import { DEFAULT_CURRENCY } from '../../src/i18n/format';
import { isDarkAtom } from '../../src/state/theme';
import { chartFormat } from './chart-format';
import type { GridLink } from './chart-data';
import { chartTheme } from './chart-theme';
import { linkPath, useChartSelection } from './charts-api';

export function useChartContext() {
  const { locale } = useFormat();
  const selection = useChartSelection();
  const uuid = selection.settingsGroupUuid;
  // the settings group's currency (the list of groups is slim; its page is read once and cached)
  const group = useQuery({ ...settingsGroupQuery(uuid ?? ''), enabled: Boolean(uuid), staleTime: 300_000 });
  const dark = useAtomValue(isDarkAtom);
  const navigate = useNavigate();
  const currency = group.data?.currency || DEFAULT_CURRENCY[locale];
  const open = useCallback(
    (link: GridLink | null | undefined) => {
      const path = link && linkPath(link);
      if (path) void navigate(path);
    },
    [navigate],
  );
  return {
    locale,
    currency,
    theme: chartTheme(dark),
    format: useMemo(() => chartFormat(locale, currency), [locale, currency]),
    selection,
    open,
  };
}
