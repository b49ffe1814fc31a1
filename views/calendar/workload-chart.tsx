// Workload beside the calendar (docs/planning-api.md, "Workload"): hours per month per property from the task events
// of the next twelve months (task workload × events, computed by the server). recharts, loaded lazily with the
// calendar screen's side panel only.
import { Callout, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from '../../src/i18n';
import { fetchWorkload } from './calendar-api';
import { pivotWorkload } from './workload-data';

const MONTHS = 12;
const PALETTE = ['#2d72d2', '#238551', '#c87619', '#7961db', '#cd4246', '#00a396', '#d1980b', '#8f398f'];

interface Props {
  from: string;
  propertyUuids: readonly string[];
  settingsGroupUuid: string | null;
}

export function WorkloadChart({ from, propertyUuids, settingsGroupUuid }: Props) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['calendar', 'workload', from, propertyUuids, settingsGroupUuid],
    queryFn: () => fetchWorkload(from, MONTHS, propertyUuids, settingsGroupUuid),
  });
  const { data, properties } = useMemo(() => pivotWorkload(query.data ?? []), [query.data]);
  const total = (query.data ?? []).reduce((sum, row) => sum + Number(row.hours), 0);
  return (
    <figure className="hw-workload" aria-labelledby="hw-workload-title">
      <figcaption id="hw-workload-title">
        <h3>{t('calendar.workload.title')}</h3>
        <span className="hw-cal-tray-hint">{t('calendar.workload.total', { hours: Math.round(total) })}</span>
      </figcaption>
      {query.isLoading ? (
        <Spinner size={24} />
      ) : !data.length ? (
        <Callout compact>{t('calendar.workload.empty')}</Callout>
      ) : (
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" opacity={0.4} />
            <XAxis dataKey="month" tick={{ fontSize: 11 }} />
            <YAxis tick={{ fontSize: 11 }} width={36} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 11 }} />
            {properties.map(([uuid, name], i) => (
              <Bar key={uuid} dataKey={uuid} name={name} stackId="h" fill={PALETTE[i % PALETTE.length]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      )}
    </figure>
  );
}
