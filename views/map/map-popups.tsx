// The map's popups: a property's key figures (its record, read when the popup opens) with a link to its page, and
// a cluster's count and KPI total with "Zoom in".
import { Button, Classes, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { recordQuery } from '../../src/api/records';
import { useFormat } from '../../src/components/use-format';
import { property } from '../../src/entities/property';
import { useTranslation, type TFunction } from '../../src/i18n';
import { linkPath } from '../charts/charts-api';
import { clusterAggregate, kpiBucket, type Kpi } from './map-data';

function KpiLine({ kpi, value, cluster }: { kpi: Kpi; value: number; cluster?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (kpi === 'none') return null;
  const shown = Number.isNaN(value)
    ? t('map.legend.noValue')
    : kpi === 'budget_use'
      ? `${format.number(value, { maximumFractionDigits: 1 })} %`
      : format.number(value);
  const label = cluster ? t(`map.cluster.${clusterAggregate(kpi)}`, { kpi: t(`map.kpi.${kpi}`) }) : t(`map.kpi.${kpi}`);
  return (
    <div className="hw-map-popup-kpi">
      <span className={`hw-map-swatch hw-map-k-${kpiBucket(kpi, value)}`} aria-hidden="true" />
      {label}: <strong>{shown}</strong>
    </div>
  );
}

const FIELD_LABEL = (name: string, t: TFunction) => t(`entities.property.fields.${name}`);

export function PointPopup({ uuid, title, value, kpi }: { uuid: string; title: string; value: number; kpi: Kpi }) {
  const { t } = useTranslation();
  const format = useFormat();
  const record = useQuery(recordQuery(property, uuid));
  const data = record.data;
  const address =
    data && [data.street, [data.postcode, data.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const figures: [string, string][] = [];
  if (address) figures.push([t('map.popup.address'), address]);
  if (data?.number_internal) figures.push([FIELD_LABEL('number_internal', t), String(data.number_internal)]);
  if (data?.construction_year) figures.push([FIELD_LABEL('construction_year', t), String(data.construction_year)]);
  if (data?.net_room_area)
    figures.push([
      FIELD_LABEL('net_room_area', t),
      t('map.popup.area', { value: format.number(data.net_room_area as string) }),
    ]);
  return (
    <div className="hw-map-popup-body">
      <strong className="hw-map-popup-title">{title || t('map.untitled')}</strong>
      <KpiLine kpi={kpi} value={value} />
      {record.isPending ? (
        <Spinner size={16} />
      ) : (
        figures.length > 0 && (
          <dl className="hw-map-popup-figures">
            {figures.map(([label, text]) => (
              <Fragment key={label}>
                <dt>{label}</dt>
                <dd>{text}</dd>
              </Fragment>
            ))}
          </dl>
        )
      )}
      <Link to={`/property/${uuid}`} className="hw-map-popup-link">
        {t('map.popup.open')}
      </Link>
      {kpi === 'renewals_due' && value > 0 && (
        <Link
          to={linkPath({ model: 'facility', filter: { property_uuid: [uuid], renewal_status: ['immediate', 'due'] } })!}
          className="hw-map-popup-link"
        >
          {t('map.popup.renewals')}
        </Link>
      )}
    </div>
  );
}

export function ClusterPopup(props: { count: number; total: number; kpi: Kpi; zoomIn: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="hw-map-popup-body">
      <strong className="hw-map-popup-title">{t('map.cluster.count', { count: props.count })}</strong>
      <KpiLine kpi={props.kpi} value={props.total} cluster />
      <div className={Classes.TEXT_MUTED}>{t('map.cluster.selected')}</div>
      <Button size="small" variant="outlined" onClick={props.zoomIn}>
        {t('map.cluster.zoomIn')}
      </Button>
    </div>
  );
}
