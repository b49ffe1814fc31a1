// The portfolio's condition on the renewal screen (docs/analytics-api.md, "Portfolio condition"): for the selection,
// the condition ratio (Z/N) and the facility condition index with its band, then each property, the worst first;
// the immediate costs open the facilities concerned in their grid.
import { Callout, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { http, type QueryValue } from '../../src/api/http';
import { recordKeys } from '../../src/api/records';
import { useFormat } from '../../src/components/use-format';
import type { RenewalConditionReply } from '../../src/entities/analytics';
import { facility } from '../../src/entities/facility';
import { useTranslation } from '../../src/i18n';
import { linkPath } from '../charts/charts-api';
import { useChartContext } from '../charts/use-chart-context';
import './renewal.css';

type Figures = RenewalConditionReply['total'];
const BAND_INTENT: Record<NonNullable<Figures['band']>, Intent> = {
  good: Intent.SUCCESS,
  fair: Intent.PRIMARY,
  poor: Intent.WARNING,
  critical: Intent.DANGER,
};

/** The facilities grid filtered to a property's (or the selection's) facilities to renew now. */
const immediatePath = (propertyUuids: readonly string[]) =>
  linkPath({
    model: facility.name,
    filter: { ...(propertyUuids.length ? { property_uuid: [...propertyUuids] } : {}), renewal_status: ['immediate'] },
  });

export function PortfolioCondition() {
  const { t } = useTranslation();
  const { selection, currency: code } = useChartContext();
  const { currency, number } = useFormat();
  const query: Record<string, QueryValue> = {
    settings_group_uuid: selection.settingsGroupUuid,
    ...(selection.propertyUuids.length ? { property_uuids: selection.propertyUuids } : {}),
  };
  const condition = useQuery({
    // under the facilities' lists: a facility written anywhere refetches it
    queryKey: [...recordKeys.lists(facility.name), 'renewal-condition', query],
    queryFn: () => http.get<RenewalConditionReply>('renewal/condition', { query }),
    enabled: Boolean(selection.settingsGroupUuid),
  });
  const money = (v: string) => currency(v, code);
  // always two places, as the server gives them (42.50 %, not 42.5 %)
  const percent = (v: string | null) =>
    v === null ? '–' : `${number(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
  const band = (f: Figures) =>
    f.band ? (
      <Tag minimal intent={BAND_INTENT[f.band]}>
        {t(`charts.renewal.condition.bands.${f.band}`)}
      </Tag>
    ) : (
      '–'
    );
  const data = condition.data;
  // the worst first: by facility condition index, those without one last
  const properties = [...(data?.properties ?? [])].sort(
    (a, b) => (b.fci === null ? -1 : Number(b.fci)) - (a.fci === null ? -1 : Number(a.fci)),
  );
  return (
    <section className="hw-condition" aria-labelledby="hw-condition-title">
      <h2 id="hw-condition-title">{t('charts.renewal.condition.title')}</h2>
      {condition.isPending ? (
        <Spinner size={20} />
      ) : !data ? (
        <Callout intent={Intent.DANGER}>{t('charts.failed')}</Callout>
      ) : (
        <>
          <dl className="hw-condition-total" aria-label={t('charts.renewal.condition.total')}>
            <div>
              <dt>{t('charts.renewal.condition.ratio')}</dt>
              <dd>{percent(data.total.condition_ratio)}</dd>
            </div>
            <div>
              <dt>{t('charts.renewal.condition.fci')}</dt>
              <dd>
                {percent(data.total.fci)} {band(data.total)}
              </dd>
            </div>
            <div>
              <dt>{t('charts.renewal.condition.replacement')}</dt>
              <dd>{money(data.total.replacement_value)}</dd>
            </div>
            <div>
              <dt>{t('charts.renewal.condition.immediate')}</dt>
              <dd>
                <Link to={immediatePath(selection.propertyUuids)!}>{money(data.total.immediate_costs)}</Link>
              </dd>
            </div>
          </dl>
          <p className="bp6-text-muted">
            {t('charts.renewal.condition.bandsHint')}{' '}
            {data.total.without_costs > 0 &&
              t('charts.renewal.condition.withoutCosts', { count: data.total.without_costs })}{' '}
            {data.skipped_excluded > 0 && t('charts.renewal.excluded', { count: data.skipped_excluded })}
          </p>
          {properties.length > 0 && (
            <div className="hw-insurance-scroll">
              <HTMLTable compact striped aria-label={t('charts.renewal.condition.table')}>
                <thead>
                  <tr>
                    <th>{t('entities.property.fields.name')}</th>
                    <th>{t('charts.renewal.condition.facilities')}</th>
                    <th>{t('charts.renewal.condition.replacement')}</th>
                    <th>{t('charts.renewal.condition.timeValue')}</th>
                    <th>{t('charts.renewal.condition.ratio')}</th>
                    <th>{t('charts.renewal.condition.immediate')}</th>
                    <th>{t('charts.renewal.condition.fci')}</th>
                  </tr>
                </thead>
                <tbody>
                  {properties.map((p) => (
                    <tr key={p.property_uuid}>
                      <td>
                        <Link to={`/property/${p.property_uuid}`}>{p.name}</Link>
                      </td>
                      <td>{number(p.facilities)}</td>
                      <td>{money(p.replacement_value)}</td>
                      <td>{money(p.time_value)}</td>
                      <td>{percent(p.condition_ratio)}</td>
                      <td>
                        <Link to={immediatePath([p.property_uuid])!}>{money(p.immediate_costs)}</Link>
                      </td>
                      <td>
                        {percent(p.fci)} {band(p)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )}
        </>
      )}
    </section>
  );
}
