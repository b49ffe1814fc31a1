// One chart's frame: title and hint, its state (loading, empty, refused, failed), and its exports (PNG, xlsx, CSV)
// unless compact (the home dashboard's small charts link to the charts screen instead).
import { Button, ButtonGroup, Callout, Classes, Spinner } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, type ReactElement, type ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { ApiError } from '../../src/api/errors';
import { reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import type { CsvColumn } from './chart-format';
import { chartPng, csvBlob, download, fileName, xlsxBlob } from './chart-export';
import { useChartContext } from './use-chart-context';

interface Props<T> {
  id: string;
  title: string;
  hint?: ReactNode;
  query: UseQueryResult<unknown>;
  /** The chart's table, for the xlsx and CSV exports. */
  columns: readonly CsvColumn<T>[];
  rows: readonly T[];
  /** The home dashboard's small version: lower, without exports. */
  compact?: boolean;
  /** The recharts chart, sized to the card. */
  children: ReactElement;
}

export function ChartCard<T>({ id, title, hint, query, columns, rows, compact, children }: Props<T>) {
  const { t } = useTranslation();
  const { locale, theme } = useChartContext();
  const figure = useRef<HTMLElement>(null);
  const name = fileName(title);
  const run = (work: () => Promise<void>) => () => void work().catch(reportActionError);
  const exports = !compact && rows.length > 0 && (
    <ButtonGroup className="hw-chart-exports" variant="minimal">
      <Button
        size="small"
        text="PNG"
        aria-label={t('charts.export.png', { chart: title })}
        onClick={run(async () =>
          download(await chartPng(figure.current!, title, theme.background, theme.text), `${name}.png`),
        )}
      />
      <Button
        size="small"
        text="XLSX"
        aria-label={t('charts.export.xlsx', { chart: title })}
        onClick={run(async () => download(await xlsxBlob(title, columns, rows), `${name}.xlsx`))}
      />
      <Button
        size="small"
        text="CSV"
        aria-label={t('charts.export.csv', { chart: title })}
        onClick={run(async () => download(csvBlob(columns, rows, locale), `${name}.csv`))}
      />
    </ButtonGroup>
  );
  const status = query.error instanceof ApiError ? query.error.status : 0;
  return (
    <figure ref={figure} className={`hw-chart${compact ? ' hw-chart-compact' : ''}`} aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 id={`${id}-title`} className={Classes.HEADING}>
          {title}
        </h3>
        {exports}
        {hint && <span className={`hw-chart-hint ${Classes.TEXT_MUTED}`}>{hint}</span>}
      </figcaption>
      <div className="hw-chart-body" style={{ height: compact ? 220 : 300 }}>
        {query.isPending ? (
          <Spinner size={24} />
        ) : query.isError ? (
          <Callout compact intent={status === 403 ? 'none' : 'danger'}>
            {t(status === 403 ? 'charts.refused' : 'charts.failed')}
          </Callout>
        ) : !rows.length ? (
          <Callout compact>{t('charts.empty')}</Callout>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        )}
      </div>
    </figure>
  );
}
