// /settings/audit-log (docs/domain/permissions.md, "Audit log"): for an admin of the selected settings group, what
// its admins changed, newest first: when, who, what, the address it came from and the details (labelled and
// formatted, ./audit-details.ts, the records a list names by their names); "Load more" reads the next page (by
// `before`).
import { Button, Classes, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { Disable } from '@blueprintjs/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchAuditLog, networkKeys, type AuditEntry } from '../../src/api/networks.api';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useFormat } from '../../src/components/use-format';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { entityList } from '../../src/entities/registry';
import { useTranslation } from '../../src/i18n';
import { actionLabel, auditDetails, logLabels } from './audit-details';
import { useRefNames } from './use-ref-names';
import './audit-log.css';

/** The models whose writes the log lists; the records their lists name are shown by name. */
const AUDITED_MODELS = entityList.filter((entity) => entity.audit).map((entity) => entity.name);

export function AuditLogView() {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  useDocumentTitle(t('modules.settingsPages.auditLog'));
  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <h1 className={Classes.HEADING}>{t('modules.settingsPages.auditLog')}</h1>
      </header>
      {!current ? null : current.role !== 'admin' ? (
        <NonIdealState icon={<Disable size={48} />} description={t('admin.auditLog.adminsOnly')} />
      ) : (
        <AuditTable key={current.uuid} sg={current.uuid} />
      )}
    </div>
  );
}

function AuditTable({ sg }: { sg: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const log = useInfiniteQuery({
    queryKey: networkKeys.audit(sg, null),
    queryFn: ({ pageParam }) => fetchAuditLog(sg, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.meta?.next_before ?? undefined,
  });
  const entries: AuditEntry[] = log.data?.pages.flatMap((p) => p.data) ?? [];
  const refNames = useRefNames(AUDITED_MODELS);
  if (!log.isLoading && entries.length === 0) return <p className={Classes.TEXT_MUTED}>{t('admin.auditLog.empty')}</p>;
  return (
    <>
      <HTMLTable compact striped className="hw-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.auditLog.when')}</th>
            <th scope="col">{t('admin.auditLog.who')}</th>
            <th scope="col">{t('admin.auditLog.action')}</th>
            <th scope="col">{t('admin.auditLog.details')}</th>
            <th scope="col">{t('admin.auditLog.ip')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{format.dateTime(entry.created_at)}</td>
              <td>
                {entry.user ? (
                  <>
                    {entry.user.name}
                    <br />
                    <span className={Classes.TEXT_MUTED}>{entry.user.email}</span>
                  </>
                ) : (
                  <span className={Classes.TEXT_MUTED}>{t('admin.auditLog.deletedUser')}</span>
                )}
              </td>
              <td>{actionLabel(t, entry.action)}</td>
              <td className="hw-audit-details">
                <dl className="hw-audit-detail-list">
                  {auditDetails(
                    entry.details,
                    t,
                    {
                      dateTime: (v) => format.dateTime(v),
                      number: (v) => format.number(v),
                      refs: (key, uuids) => refNames(entry.target_type, key, uuids),
                    },
                    logLabels(entry.target_type),
                  ).map((item) => (
                    <div key={item.key}>
                      <dt>{item.label}</dt>
                      <dd>{item.value}</dd>
                    </div>
                  ))}
                </dl>
              </td>
              <td>
                <code>{entry.ip ?? ''}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {log.hasNextPage && (
        <Button
          loading={log.isFetchingNextPage}
          text={t('admin.auditLog.more')}
          onClick={() => void log.fetchNextPage()}
        />
      )}
    </>
  );
}
