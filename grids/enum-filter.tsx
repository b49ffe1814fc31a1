// A column filter listing the values of an enum (or yes/no) as checkboxes: the server's "in" filter
// (Community has no set filter). The model is `{ filterType: 'values', values }`.
import { Button, Checkbox } from '@blueprintjs/core';
import { useGridFilter, type CustomFilterProps } from 'ag-grid-react';
import { useCallback } from 'react';
import { useTranslation } from '../src/i18n';
import type { ValuesFilterModel } from './list-query';

export interface ValuesFilterParams {
  /** value → i18n key of its label */
  labels: Record<string, string>;
}

export function ValuesFilter(props: CustomFilterProps<unknown, unknown, ValuesFilterModel> & ValuesFilterParams) {
  const { t } = useTranslation();
  const { model, onModelChange, labels } = props;
  const selected = model?.values ?? [];
  const doesFilterPass = useCallback(() => true, []);
  useGridFilter({ doesFilterPass });

  const toggle = (value: string, on: boolean) => {
    const values = on ? [...selected, value] : selected.filter((v) => v !== value);
    onModelChange(values.length ? { filterType: 'values', values } : null);
  };

  return (
    <div className="hw-values-filter" role="group" aria-label={t('grid.filter.values')}>
      {Object.entries(labels).map(([value, key]) => (
        <Checkbox
          key={value}
          label={t(key)}
          checked={selected.includes(value)}
          onChange={(event) => toggle(value, event.currentTarget.checked)}
        />
      ))}
      <Button size="small" variant="minimal" disabled={!selected.length} onClick={() => onModelChange(null)}>
        {t('grid.filter.clear')}
      </Button>
    </div>
  );
}
