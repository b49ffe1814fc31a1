// /settings/imports (docs/spreadsheet-api.md, "Import history"): the selected settings group's imports, newest
// first: when, who, the file and its table, the status and the rows created, updated and failed; the uploader's own
// have the error report to download and Undo while it is possible. Admins see everyone's, members their own. Below,
// the caller's remembered column mappings (./import-mappings.tsx).
import { Button, Classes, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import { Import } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../src/api/http';
import { notify, reportActionError } from '../../src/components/notices';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useFormat } from '../../src/components/use-format';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { useTranslation } from '../../src/i18n';
import { ImportMappings } from './import-mappings';

interface ImportJob {
  uuid: string;
  model: string;
  file_name: string;
  status: string;
  counts: { created: number; updated: number; failed: number };
  created_at: string;
  created_by: string;
  links: Record<string, string>;
}

export function ImportHistoryView() {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const { current } = useSelectedSettingsGroup();
  const title = t('modules.settingsPages.imports');
  useDocumentTitle(title);
  const key = ['import-jobs', current?.uuid ?? ''];
  const jobs = useQuery({
    queryKey: key,
    queryFn: () => http.get<ImportJob[]>('import-jobs', { query: { settings_group_uuid: current!.uuid } }),
    enabled: Boolean(current),
  });
  const undo = useMutation({
    mutationFn: (job: ImportJob) => http.post<unknown>(`imports/${job.uuid}/undo`),
    onSuccess: () => {
      notify.success(t('transfer.history.undone'));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: reportActionError,
  });
  const rows = jobs.data ?? [];
  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <h1 className={Classes.HEADING}>{title}</h1>
      </header>
      {jobs.isSuccess && rows.length === 0 ? (
        <NonIdealState icon={<Import size={48} />} description={t('transfer.history.empty')} />
      ) : (
        <HTMLTable compact striped className="hw-import-history" aria-label={title}>
          <thead>
            <tr>
              <th>{t('transfer.history.when')}</th>
              <th>{t('transfer.history.who')}</th>
              <th>{t('transfer.history.file')}</th>
              <th>{t('transfer.history.table')}</th>
              <th>{t('transfer.history.status')}</th>
              <th>{t('transfer.history.created')}</th>
              <th>{t('transfer.history.updated')}</th>
              <th>{t('transfer.history.failed')}</th>
              <th aria-label={t('transfer.history.actions')} />
            </tr>
          </thead>
          <tbody>
            {rows.map((job) => (
              <tr key={job.uuid}>
                <td>{format.dateTime(job.created_at)}</td>
                <td>{job.created_by}</td>
                <td>{job.file_name}</td>
                <td>{t(`entities.${job.model}.plural`, { defaultValue: job.model })}</td>
                <td>
                  <Tag minimal>{t(`transfer.history.statuses.${job.status}`, { defaultValue: job.status })}</Tag>
                </td>
                <td>{format.number(job.counts.created)}</td>
                <td>{format.number(job.counts.updated)}</td>
                <td>{format.number(job.counts.failed)}</td>
                <td className="hw-import-history-actions">
                  {job.links.error_report && (
                    <a href={job.links.error_report} download>
                      {t('transfer.history.errorReport')}
                    </a>
                  )}
                  {job.links.undo && (
                    <Button
                      size="small"
                      loading={undo.isPending && undo.variables?.uuid === job.uuid}
                      onClick={() => undo.mutate(job)}
                    >
                      {t('transfer.history.undo')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ImportMappings />
    </div>
  );
}
