// The charts screen (/charts): the five charts for the selected settings group and properties over a period (from
// and to in the URL, so a link or a reload shows the same); a chart on a model the user may not view is left out.
// One column at phone width.
import { Button, Callout, Classes, FormGroup, H1, InputGroup, Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { MODULE_ICONS } from '../../src/components/module-icons';
import { useRights } from '../../src/components/use-rights';
import { useTranslation } from '../../src/i18n';
import { CHART_MODELS, type Chart } from './charts-api';
import { defaultPeriod, isDay } from './chart-data';

// recharts and the charts load after the screen's frame (period pickers), with their styles
const ChartOf = lazy(() => import('./charts').then((m) => ({ default: m.ChartOf })));

const PERIOD_ENDS = ['from', 'to'] as const;
const CHARTS: Chart[] = ['budget-vs-actual', 'ticket-throughput', 'consumption', 'staffing', 'contract-volume'];

export function ChartsView() {
  const { t } = useTranslation();
  const { may, isLoading } = useRights();
  const [params, setParams] = useSearchParams();
  const fallback = defaultPeriod(new Date());
  const from = isDay(params.get('from')) ? params.get('from')! : fallback.from;
  const to = isDay(params.get('to')) ? params.get('to')! : fallback.to;
  const reversed = to < from;
  useDocumentTitle(t('modules.charts'));

  const setDay = (name: 'from' | 'to', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (isDay(value)) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const shown = CHARTS.filter((chart) => may(CHART_MODELS[chart]));

  return (
    <div className="hw-page hw-charts-page">
      <header className="hw-page-header">
        <span className="hw-page-icon">{MODULE_ICONS.charts}</span>
        <H1>{t('modules.charts')}</H1>
      </header>
      <div className="hw-charts-period" role="group" aria-label={t('charts.period.label')}>
        {PERIOD_ENDS.map((end) => (
          <FormGroup key={end} label={t(`charts.period.${end}`)} labelFor={`hw-charts-${end}`} inline>
            <InputGroup
              id={`hw-charts-${end}`}
              type="date"
              value={end === 'from' ? from : to}
              min={end === 'to' ? from : undefined}
              max={end === 'from' ? to : undefined}
              onChange={(e) => setDay(end, e.currentTarget.value)}
            />
          </FormGroup>
        ))}
        <Button
          variant="minimal"
          text={t('charts.period.reset')}
          disabled={!params.has('from') && !params.has('to')}
          onClick={() => setParams(new URLSearchParams(), { replace: true })}
        />
        <span className={Classes.TEXT_MUTED}>{t('charts.clickHint')}</span>
      </div>
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
