// Below the grid: how many records match, how many are selected, and the message of the last rejected edit.
import { Classes, Intent, Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../src/i18n';
import { headerOf } from './field-refs';
import type { CellError } from './use-cell-edit';
import type { ListInfo } from './use-grid-datasource';

interface Props {
  info: ListInfo | null;
  selected: number;
  error: CellError | null;
  model: string;
  /** The range summary (count, sum, average of the selected cells). */
  children?: ReactNode;
}

export function GridFooter({ info, selected, error, model, children }: Props) {
  const { t } = useTranslation();
  return (
    <div className="hw-grid-footer">
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {info?.notLoadedOffline
          ? t('offline.notLoaded')
          : info?.total !== null && info?.total !== undefined
            ? t('grid.count', { count: info.total })
            : info?.totalAtLeast
              ? t('grid.countAtLeast', { count: info.totalAtLeast })
              : null}
      </span>
      {selected > 0 && (
        <Tag minimal intent={Intent.PRIMARY}>
          {t('grid.selected', { count: selected })}
        </Tag>
      )}
      {children}
      {error && (
        <span role="alert" className="hw-grid-error">
          {headerOf(t, model, error.field)}: {error.message}
        </span>
      )}
    </div>
  );
}
