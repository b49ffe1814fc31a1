// A chart period's pickers (from and to in the address bar, `?from=&to=`, so a link or a reload shows the same
// period), shared by the charts screen and the modules' Chart views (docs/decisions.md, "Charts and the home
// dashboard (client)").
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../src/i18n';
import { defaultPeriod, isDay } from './chart-data';

const PERIOD_ENDS = ['from', 'to'] as const;

/** The period of the address bar (the server's default where it names no day), and how to change it. */
export function useChartPeriod() {
  const [params, setParams] = useSearchParams();
  const fallback = defaultPeriod(new Date());
  const from = isDay(params.get('from')) ? params.get('from')! : fallback.from;
  const to = isDay(params.get('to')) ? params.get('to')! : fallback.to;
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
  const reset = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('from');
        next.delete('to');
        return next;
      },
      { replace: true },
    );
  return { from, to, reversed: to < from, custom: params.has('from') || params.has('to'), setDay, reset };
}

/** The pickers and Default period, then `children` (hints) in the same row. */
export function ChartPeriod({ period, children }: { period: ReturnType<typeof useChartPeriod>; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="hw-charts-period" role="group" aria-label={t('charts.period.label')}>
      {PERIOD_ENDS.map((end) => (
        <FormGroup key={end} label={t(`charts.period.${end}`)} labelFor={`hw-charts-${end}`} inline>
          <InputGroup
            id={`hw-charts-${end}`}
            type="date"
            value={end === 'from' ? period.from : period.to}
            min={end === 'to' ? period.from : undefined}
            max={end === 'from' ? period.to : undefined}
            onChange={(e) => period.setDay(end, e.currentTarget.value)}
          />
        </FormGroup>
      ))}
      <Button variant="minimal" text={t('charts.period.reset')} disabled={!period.custom} onClick={period.reset} />
      {children}
    </div>
  );
}
