// The History panel of an audited model's record (docs/domain/permissions.md, "Scopes and access of a model"): who
// changed what and when, newest first, each change by its field's label with the values formatted as the audit log
// formats them (views/networks/audit-details.ts; the records a list names by their names). Read from `GET /{plural}/{uuid}/history`; refreshed with the
// record (its query key lies under the model's).
import { Classes, H5, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from '../../src/i18n';
import { http } from '../../src/api/http';
import { recordKeys } from '../../src/api/records';
import type { AnyEntity } from '../../src/entities/define';
import { useFormat } from '../../src/components/use-format';
import { auditDetails, modelLabels } from '../networks/audit-details';
import { useRefNames } from '../networks/use-ref-names';

export interface HistoryEntry {
  id: number;
  user: { uuid: string; name: string } | null;
  action: string;
  details: Record<string, unknown>;
  created_at: string;
}

export const historyKey = (model: string, uuid: string) => [...recordKeys.all(model), 'history', uuid] as const;

export function RecordHistory({ entity, uuid }: { entity: AnyEntity; uuid: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useQuery({
    queryKey: historyKey(entity.name, uuid),
    queryFn: () => http.get<HistoryEntry[]>(`${entity.plural}/${encodeURIComponent(uuid)}/history`),
  });
  const refNames = useRefNames(useMemo(() => [entity.name], [entity.name]));
  const detailFormat = {
    dateTime: (v: string) => format.dateTime(v),
    number: (v: number) => format.number(v),
    refs: (key: string, uuids: readonly string[]) => refNames(entity.name, key, uuids),
  };
  return (
    <section className="hw-record-history" aria-label={t('records.history.title')}>
      <H5>{t('records.history.title')}</H5>
      {query.isPending && <Spinner size={20} />}
      {query.data?.length === 0 && <p className={Classes.TEXT_MUTED}>{t('records.history.empty')}</p>}
      <ol className="hw-record-history-list">
        {query.data?.map((entry) => {
          const write = entry.action.slice(entry.action.lastIndexOf('.') + 1);
          return (
            <li key={entry.id}>
              <div>
                <strong>{t(`records.history.writes.${write}`, { defaultValue: write })}</strong>{' '}
                <span className={Classes.TEXT_MUTED}>
                  {t('records.history.byAt', {
                    who: entry.user?.name ?? t('records.history.unknownUser'),
                    when: format.dateTime(entry.created_at),
                  })}
                </span>
              </div>
              <ul>
                {auditDetails(entry.details, t, detailFormat, modelLabels(entity.name)).map((item) => (
                  <li key={item.key}>
                    {item.label}: {item.value}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
