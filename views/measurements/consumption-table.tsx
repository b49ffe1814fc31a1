// A counter's consumption per month or year and per m² of its property's energy reference area, in its drawer
// (docs/domain/calculations.md, "Consumption per period"; the API: docs/planning-api.md, "Counters and readings").
import { Button, ButtonGroup, Callout, Classes, H5, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { requestEnvelope } from '../../src/api/http';
import type { ApiRecord } from '../../src/api/records';
import { CONSUMPTION_PERIODS, type ConsumptionPeriod } from '../../src/domain/consumption';
import type { ConsumptionReply } from '../../src/entities/counter';
import { measurement } from '../../src/entities/measurement';
import { useTranslation } from '../../src/i18n';
import { formatValue } from '../../grids/format-value';
import { useGridFormat } from '../../grids/use-grid-format';

/** The latest periods shown (the oldest ones drop off). */
const SHOWN = 24;

export function ConsumptionTable({ counter }: { counter: ApiRecord }) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const [period, setPeriod] = useState<ConsumptionPeriod>('month');
  const query = useQuery({
    queryKey: ['counter-consumption', counter.uuid, period, counter.updated_at],
    queryFn: () =>
      requestEnvelope<ConsumptionReply['data'], ConsumptionReply['meta']>(`counters/${counter.uuid}/consumption`, {
        query: { period },
      }),
  });
  // the same decimal format as the readings' consumption (the user's number format)
  const decimal = (v: string | null) =>
    formatValue(v, { model: measurement.name, name: 'consumption', field: measurement.fields.consumption }, format, {});
  const rows = query.data?.data.slice(-SHOWN).reverse() ?? [];
  const titleId = `counter-consumption-${counter.uuid}`;
  return (
    <section className="hw-related" aria-labelledby={titleId}>
      <H5 id={titleId}>{t('entities.measurement.consumption_per_period')}</H5>
      <ButtonGroup>
        {CONSUMPTION_PERIODS.map((p) => (
          <Button key={p} small active={p === period} onClick={() => setPeriod(p)}>
            {t(`entities.measurement.periods.${p}`)}
          </Button>
        ))}
      </ButtonGroup>
      {query.isPending ? (
        <Spinner size={16} />
      ) : query.isError ? (
        <Callout intent={Intent.WARNING}>{t('entities.measurement.consumption_failed')}</Callout>
      ) : rows.length ? (
        <HTMLTable compact className="hw-readings" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th>{t('entities.measurement.period')}</th>
              <th>{t('entities.measurement.fields.consumption')}</th>
              <th>{t('entities.measurement.per_m2')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.period}>
                <td>{r.period}</td>
                <td>{decimal(r.consumption)}</td>
                <td>{r.per_m2 === null ? '–' : decimal(r.per_m2)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('records.noRelated')}</p>
      )}
      {query.data && query.data.meta?.energy_reference_area === null && rows.length > 0 && (
        <p className={Classes.TEXT_MUTED}>{t('entities.measurement.no_area')}</p>
      )}
    </section>
  );
}
