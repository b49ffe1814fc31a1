// The fill handle (use-fill-handle.tsx) as an edit: when it is dropped the range grows to the target, filled from
// the block the drag started from (fill.ts) as one undo step. Returns the handle's layer.
import type { GridApi } from 'ag-grid-community';
import { useCallback, type RefObject } from 'react';
import { useTranslation } from '../../src/i18n';
import type { Bounds } from '../range/range';
import type { RangeSelection } from '../range/use-range-selection';
import type { ApiRecord } from '../../src/api/records';
import type { RangeEditing } from '../use-range-edit';
import { fillBlock, type Convert } from './fill';
import { useFillHandle } from './use-fill-handle';

export function useHandleFill(
  api: RefObject<GridApi<ApiRecord> | null>,
  range: RangeSelection,
  { runEdit, rowAt }: RangeEditing,
  convert: Convert,
) {
  const { t } = useTranslation();
  const fillTo = useCallback(
    (source: Bounds, target: Bounds) => {
      range.select({ anchor: { row: target.top, col: target.left }, focus: { row: target.bottom, col: target.right } });
      const down = target.bottom > source.bottom;
      runEdit(
        (b, c) => fillBlock(source, b, c, rowAt, convert),
        down ? 'sheet.fill.label' : 'sheet.fill.rightLabel',
        target,
      );
    },
    [range, runEdit, rowAt, convert],
  );
  return useFillHandle(api, range, fillTo, t('sheet.fill.handle'));
}
