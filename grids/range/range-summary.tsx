// The footer's range part: count, sum and average of the selected numbers; says when the range was cut at the
// row cap or reaches rows the grid has not loaded (never silent).
import { Classes } from '@blueprintjs/core';
import { InfoSign, WarningSign } from '@blueprintjs/icons';
import type { GridApi } from 'ag-grid-community';
import { useMemo, type RefObject } from 'react';
import { isNumericKind } from '../../src/entities/fields';
import { useTranslation } from '../../src/i18n';
import { formatNumber } from '../../src/i18n/format';
import type { GridDefinition } from '../define-grid';
import { fieldRefOf } from '../field-refs';
import type { FormatContext } from '../format-value';
import type { ApiRecord } from '../../src/api/records';
import { dataColumns } from '../sheet-access';
import { cellCount, isSingleCell, RANGE_ROW_CAP, rangeStats } from './range';
import type { RangeSelection } from './use-range-selection';

interface Props {
  api: RefObject<GridApi<ApiRecord> | null>;
  grid: GridDefinition;
  range: RangeSelection;
  format: FormatContext;
}

export function RangeSummary({ api, grid, range, format }: Props) {
  const { t } = useTranslation();
  const { version, capped } = range;
  const summary = useMemo(() => {
    const bounds = range.bounds();
    const gridApi = api.current;
    if (!bounds || !gridApi || isSingleCell(bounds)) return null;
    const columns = dataColumns(gridApi).slice(bounds.left, bounds.right + 1);
    const numeric = columns.map((c) => {
      const ref = fieldRefOf(grid, c.getColId());
      return ref ? isNumericKind(ref.field.kind) : false;
    });
    const cells: [unknown, boolean][] = [];
    let unloaded = 0;
    for (let i = bounds.top; i <= bounds.bottom; i++) {
      const data = gridApi.getDisplayedRowAtIndex(i)?.data;
      if (!data) {
        unloaded++;
        continue;
      }
      columns.forEach((c, k) => cells.push([data[c.getColId()], numeric[k]!]));
    }
    return { stats: rangeStats(cells), unloaded, cells: cellCount(bounds) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the range lives in a ref; `version` says it changed
  }, [version, api, grid]);
  if (!summary) return null;
  const { stats } = summary;
  const number = (value: string) => formatNumber(value, format.locale, { maximumFractionDigits: 4 });
  return (
    <span className="hw-range-summary" aria-live="polite" data-testid="range-summary">
      <span>{t('sheet.range.count', { count: stats.count })}</span>
      {stats.sum !== null && <span>{t('sheet.range.sum', { value: number(stats.sum) })}</span>}
      {stats.average !== null && <span>{t('sheet.range.average', { value: number(stats.average) })}</span>}
      {capped && (
        <span className={Classes.TEXT_MUTED}>
          <WarningSign size={12} className={Classes.INTENT_WARNING} />{' '}
          {t('sheet.range.capped', { count: RANGE_ROW_CAP })}
        </span>
      )}
      {summary.unloaded > 0 && (
        <span className={Classes.TEXT_MUTED}>
          <InfoSign size={12} /> {t('sheet.range.unloaded', { count: summary.unloaded })}
        </span>
      )}
    </span>
  );
}
