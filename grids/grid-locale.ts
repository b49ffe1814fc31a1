// AG Grid's own texts (pagination, filters, overlays) from our translations (grid.ag.*).
import { useMemo } from 'react';
import { useTranslation } from '../src/i18n';

const KEYS = [
  'page',
  'of',
  'to',
  'more',
  'firstPage',
  'previousPage',
  'nextPage',
  'lastPage',
  'pageSizeSelectorLabel',
  'noRowsToShow',
  'loadingOoo',
  'loadingError',
  'filterOoo',
  'contains',
  'equals',
  'greaterThanOrEqual',
  'lessThanOrEqual',
  'inRange',
  'inRangeStart',
  'inRangeEnd',
  'applyFilter',
  'resetFilter',
  'clearFilter',
  'dateFormatOoo',
] as const;

export function useGridLocaleText(): Record<string, string> {
  // `t` changes with the language, and so do the texts.
  const { t } = useTranslation();
  return useMemo(() => Object.fromEntries(KEYS.map((key) => [key, t(`grid.ag.${key}`)])), [t]);
}
