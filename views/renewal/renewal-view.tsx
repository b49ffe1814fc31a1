// The renewal planning screen (/renewal; docs/analytics-api.md, "Renewal forecast"): the renewal costs of the
// selected settings group's facilities (and properties) per year over 5 to 50 years, stacked by renewal group or
// property, in tranches or under a yearly budget cap with the backlog, with a budget line (an amount or a share of
// the insurance value); what the forecast left out is said and
// linked to the facilities concerned; below it, the portfolio's condition (./portfolio-condition.tsx) and the
// insurance values' re-indexing (./insurance-reindex.tsx). The choices are kept in the address, so a link or a reload shows the same.
import { Callout, Classes, FormGroup, H1, HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { moduleIcon } from '../../src/components/module-icons';
import { useRights } from '../../src/components/use-rights';
import { useTranslation } from '../../src/i18n';
import { RENEWAL_GROUP_BY } from '../../src/entities/analytics';
import { facility } from '../../src/entities/facility';
import { property } from '../../src/entities/property';
import { pageAt } from '../pages';
import type { ForecastChoice } from './renewal-chart';

const ICON = pageAt('/renewal')!.icon;
// recharts loads after the screen's frame
const RenewalChart = lazy(() => import('./renewal-chart').then((m) => ({ default: m.RenewalChart })));
const PortfolioCondition = lazy(() => import('./portfolio-condition').then((m) => ({ default: m.PortfolioCondition })));
const InsuranceReindex = lazy(() => import('./insurance-reindex').then((m) => ({ default: m.InsuranceReindex })));

const YEARS = [5, 10, 15, 20, 25, 30, 40, 50] as const;
const SMOOTHING = ['none', 'tranches', 'budget_cap'] as const;
/** The budget line: none, an amount per year, or a percentage of the insurance value. */
const BUDGET_LINES = ['none', 'amount', 'percent'] as const;

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

export function RenewalView() {
  const { t } = useTranslation();
  const { may, isLoading } = useRights();
  useDocumentTitle(t('modules.renewal'));
  const [params, setParams] = useSearchParams();
  const years = Number(pick(params.get('years'), YEARS.map(String), '10'));
  const groupBy = pick(params.get('group_by'), RENEWAL_GROUP_BY, 'renewal_group');
  const smoothing = pick(params.get('smoothing'), SMOOTHING, 'none');
  const [cap, setCap] = useState(params.get('budget_cap') ?? '');
  const budgetLine = pick(params.get('budget_line'), BUDGET_LINES, 'none');
  const [budgetValue, setBudgetValue] = useState(params.get('budget_value') ?? '');
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const choice: ForecastChoice = {
    years,
    groupBy,
    smoothing,
    budgetCap: smoothing === 'budget_cap' ? (params.get('budget_cap') ?? '') : '',
    budgetLine,
    budgetValue: budgetLine === 'none' ? '' : (params.get('budget_value') ?? ''),
  };

  return (
    <div className="hw-page hw-charts-page">
      <header className="hw-page-header">
        <span className="hw-page-icon">{moduleIcon(ICON)}</span>
        <H1>{t('modules.renewal')}</H1>
      </header>
      <div className="hw-charts-period">
        <FormGroup label={t('charts.renewal.years')} labelFor="renewal-years" inline>
          <HTMLSelect
            id="renewal-years"
            value={String(years)}
            onChange={(e) => set('years', e.currentTarget.value)}
            options={YEARS.map((y) => ({ value: String(y), label: t('charts.renewal.yearsOption', { count: y }) }))}
          />
        </FormGroup>
        <FormGroup label={t('charts.renewal.groupBy')} labelFor="renewal-group-by" inline>
          <HTMLSelect
            id="renewal-group-by"
            value={groupBy}
            onChange={(e) => set('group_by', e.currentTarget.value)}
            options={RENEWAL_GROUP_BY.map((g) => ({ value: g, label: t(`charts.renewal.by.${g}`) }))}
          />
        </FormGroup>
        <FormGroup label={t('charts.renewal.smoothing')} labelFor="renewal-smoothing" inline>
          <HTMLSelect
            id="renewal-smoothing"
            value={smoothing}
            onChange={(e) => set('smoothing', e.currentTarget.value)}
            options={SMOOTHING.map((s) => ({ value: s, label: t(`charts.renewal.smoothingOption.${s}`) }))}
          />
        </FormGroup>
        {smoothing === 'budget_cap' && (
          <FormGroup label={t('charts.renewal.budgetCap')} labelFor="renewal-cap" inline>
            <InputGroup
              id="renewal-cap"
              inputMode="decimal"
              value={cap}
              onChange={(e) => setCap(e.currentTarget.value)}
              onBlur={() => set('budget_cap', cap.trim() || null)}
              onKeyDown={(e) => e.key === 'Enter' && set('budget_cap', cap.trim() || null)}
            />
          </FormGroup>
        )}
        <FormGroup label={t('charts.renewal.budgetLine')} labelFor="renewal-budget-line" inline>
          <HTMLSelect
            id="renewal-budget-line"
            value={budgetLine}
            onChange={(e) => set('budget_line', e.currentTarget.value === 'none' ? null : e.currentTarget.value)}
            options={BUDGET_LINES.map((b) => ({ value: b, label: t(`charts.renewal.budgetLineOption.${b}`) }))}
          />
        </FormGroup>
        {budgetLine !== 'none' && (
          <FormGroup label={t(`charts.renewal.budgetValue.${budgetLine}`)} labelFor="renewal-budget-value" inline>
            <InputGroup
              id="renewal-budget-value"
              inputMode="decimal"
              value={budgetValue}
              onChange={(e) => setBudgetValue(e.currentTarget.value)}
              onBlur={() => set('budget_value', budgetValue.trim() || null)}
              onKeyDown={(e) => e.key === 'Enter' && set('budget_value', budgetValue.trim() || null)}
            />
          </FormGroup>
        )}
      </div>
      {isLoading ? (
        <Spinner />
      ) : !may(facility.name) ? (
        <Callout>{t('charts.none')}</Callout>
      ) : (
        <Suspense fallback={<Spinner />}>
          <RenewalChart choice={choice} />
        </Suspense>
      )}
      <p className={Classes.TEXT_MUTED}>{t('charts.renewal.rules')}</p>
      {!isLoading && may(facility.name) && (
        <Suspense fallback={<Spinner />}>
          <PortfolioCondition />
        </Suspense>
      )}
      {!isLoading && may(property.name) && (
        <Suspense fallback={<Spinner />}>
          <InsuranceReindex />
        </Suspense>
      )}
    </div>
  );
}
