// The charts screen (/charts): the five charts for the selected settings group and properties over a period (from
// and to in the URL, so a link or a reload shows the same); a chart on a model the user may not view is left out.
// One column at phone width.
import { Callout, Classes, H1, Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { moduleIcon } from '../../src/components/module-icons';
import { useRights } from '../../src/components/use-rights';
import { useTranslation } from '../../src/i18n';
import { CHART_MODELS, type Chart } from './charts-api';
import { pageAt } from '../pages';
import { ChartPeriod, useChartPeriod } from './chart-period';

// recharts and the charts load after the screen's frame (period pickers), with their styles
const ICON = pageAt('/charts')!.icon;
const ChartOf = lazy(() => import('./charts').then((m) => ({ default: m.ChartOf })));

const CHARTS: Chart[] = ['budget-vs-actual', 'ticket-throughput', 'consumption', 'staffing', 'contract-volume'];

export function ChartsView() {
  const { t } = useTranslation();
  const { may, isLoading } = useRights();
  const period = useChartPeriod();
  const { from, to, reversed } = period;
  useDocumentTitle(t('modules.charts'));

  const shown = CHARTS.filter((chart) => may(CHART_MODELS[chart]));

  return (
    <div className="hw-page hw-charts-page">
      <header className="hw-page-header">
        <span className="hw-page-icon">{moduleIcon(ICON)}</span>
        <H1>{t('modules.charts')}</H1>
      </header>
      <ChartPeriod period={period}>
        <span className={Classes.TEXT_MUTED}>{t('charts.clickHint')}</span>
      </ChartPeriod>
      {isLoading ? (
        <Spinner />
      ) : reversed ? (
        <Callout intent="warning">{t('charts.period.reversed')}</Callout>
      ) : !shown.length ? (
        <Callout>{t('charts.none')}</Callout>
      ) : (
        <Suspense fallback={<Spinner />}>
          <div className="hw-charts-grid">
            {shown.map((chart) => (
              <ChartOf key={chart} chart={chart} from={from} to={to} />
            ))}
          </div>
        </Suspense>
      )}
    </div>
  );
}
