// The home dashboard's small charts: ticket throughput over the last twelve weeks and budget vs actual this year,
// each a link into the grids like on the charts screen, and a link to all charts. recharts loads with this module.
import { Classes } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useRights } from '../../src/components/use-rights';
import { useTranslation } from '../../src/i18n';
import { BudgetVsActualChart, TicketThroughputChart } from '../charts/charts';
import { homePeriod } from '../charts/chart-data';

export function HomeCharts() {
  const { t } = useTranslation();
  const { may } = useRights();
  const { from, to } = homePeriod(new Date());
  const year = to.slice(0, 4);
  const tickets = may('ticket');
  const budgets = may('budget');
  if (!tickets && !budgets) return null;
  return (
    <section aria-labelledby="hw-home-charts-title">
      <h2 id="hw-home-charts-title" className={`${Classes.HEADING} hw-section-title hw-home-charts-title`}>
        {t('charts.home.charts')} <Link to="/charts">{t('charts.home.allCharts')}</Link>
      </h2>
      <div className="hw-charts-grid">
        {tickets && <TicketThroughputChart from={from} to={to} compact />}
        {budgets && <BudgetVsActualChart from={`${year}-01-01`} to={to} compact />}
      </div>
    </section>
  );
}
