// A counter's drawer panel: its latest readings with their consumption, anomalous ones marked
// (docs/domain/calculations.md, "Consumption and anomalies"), and its consumption per period and per m².
import { Classes, H5, HTMLTable, Spinner, Tag, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../src/i18n';
import { relatedRecordsQuery, type ApiRecord } from '../../src/api/records';
import { measurement } from '../../src/entities/measurement';
import { formatValue } from '../../grids/format-value';
import { useGridFormat } from '../../grids/use-grid-format';
import type { DrawerExtension } from '../records/drawer-extension';
import { recordPath } from '../records/model-paths';
import { ConsumptionTable } from './consumption-table';

const SHOWN = 12;
const COLUMNS = ['measured_at', 'value', 'consumption', 'status'] as const;

/** The counter drawer's additions (`DRAWER_EXTENSIONS`, src/app/page-loaders.ts). */
export const counterExtension: DrawerExtension = {
  ownRelations: ['measurement'],
  panels: (record) => (
    <>
      <Readings counter={record} />
      <ConsumptionTable counter={record} />
    </>
  ),
};

function Readings({ counter }: { counter: ApiRecord }) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const query = useQuery(relatedRecordsQuery(measurement, 'counter_uuid', counter.uuid, SHOWN));
  const total = query.data?.meta.total ?? query.data?.meta.total_at_least;
  const text = (r: ApiRecord, name: (typeof COLUMNS)[number]) =>
    formatValue(r[name], { model: measurement.name, name, field: measurement.fields[name] }, format, r);
  return (
    <section className="hw-related" aria-label={t('entities.measurement.readings')}>
      <H5>
        {t('entities.measurement.readings')}
        {total !== undefined && <span className={Classes.TEXT_MUTED}> ({total})</span>}
      </H5>
      {query.isPending ? (
        <Spinner size={16} />
      ) : query.data?.data.length ? (
        <HTMLTable compact className="hw-readings">
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c}>{t(`entities.measurement.fields.${c}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data.data.map((r) => {
              const anomalous = r.status === 'anomalous';
              const [when, value, consumption, status] = COLUMNS.map((c) => text(r, c));
              return (
                <tr key={r.uuid} className={anomalous ? 'hw-row-anomalous' : undefined}>
                  <td>
                    <Link to={recordPath('measurement', r.uuid) ?? '#'}>{when}</Link>
                  </td>
                  <td>{value}</td>
                  <td>{consumption}</td>
                  <td>
                    <Tag
                      minimal
                      round
                      intent={anomalous ? Intent.DANGER : Intent.SUCCESS}
                      title={anomalous ? t('entities.measurement.anomalous_hint') : undefined}
                    >
                      {status}
                    </Tag>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('records.noRelated')}</p>
      )}
    </section>
  );
}
