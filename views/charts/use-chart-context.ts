// What every chart reads: the UI language and its number formats, the settings group's currency, the theme's
// colours, the selected context (settings group, properties) and where a click on a bar or slice goes.
import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { useFormat } from '../../src/components/use-format';
import { DEFAULT_CURRENCY } from '../../src/i18n/format';
import { isDarkAtom } from '../../src/state/theme';
import { chartFormat } from './chart-format';
import type { GridLink } from './chart-data';
import { chartTheme } from './chart-theme';
import { linkPath, useChartSelection } from './charts-api';

export function useChartContext() {
  const { locale } = useFormat();
  const { current } = useSelectedSettingsGroup();
  const selection = useChartSelection();
  const dark = useAtomValue(isDarkAtom);
  const navigate = useNavigate();
  const named = current && 'currency' in current ? String(current.currency ?? '') : '';
  const currency = named || DEFAULT_CURRENCY[locale];
  const open = useCallback(
    (link: GridLink) => {
      const path = linkPath(link);
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
