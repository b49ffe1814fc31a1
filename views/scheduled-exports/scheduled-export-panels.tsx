// A scheduled export's drawer on /settings/exports (docs/domain/scheduled-exports.md, "The page"): its recipients
// picked from the settings group's members (saved with Save), Run now, and its runs newest first with their status,
// rows, size and the file to download while it is kept (30 days).
import { Button, FormGroup, H5, HTMLTable, Intent, NonIdealState, Tag } from '@blueprintjs/core';
import { Download, Play } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../src/api/http';
import { delegationKeys, fetchColleagues } from '../../src/api/delegations.api';
import type { ApiRecord } from '../../src/api/records';
import { ErrorLines } from '../../src/components/form-fields';
import { notify, reportActionError } from '../../src/components/notices';
import { useFormat } from '../../src/components/use-format';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import type { ExportRun } from '../../src/entities/scheduled-export';
import { useTranslation } from '../../src/i18n';
import { fileSize } from '../documents/file-size';
import { PickList } from '../permissions/pick-list';
import type { DrawerExtension, FormExtensionProps } from '../records/drawer-extension';
import './scheduled-exports.css';

export const scheduledExportExtension: DrawerExtension = {
  ownFields: ['recipients'],
  form: (props) => <RecipientsField {...props} />,
  panels: (record, onChanged) => <RunsPanel record={record} onChanged={onChanged} />,
};

function RecipientsField({ draft, onChange, errors, readOnly }: FormExtensionProps) {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  const sg = typeof draft.settings_group_uuid === 'string' ? draft.settings_group_uuid : (current?.uuid ?? '');
  const members = useQuery({
    queryKey: delegationKeys.colleagues(sg),
    queryFn: () => fetchColleagues(sg),
    enabled: Boolean(sg),
  });
  const label = t('entities.scheduled_export.fields.recipients');
  // the server names a refused recipient by its place (`recipients.1`)
  const messages = Object.entries(errors)
    .filter(([key]) => key === 'recipients' || key.startsWith('recipients.'))
    .flatMap(([, list]) => list ?? []);
  return (
    <FormGroup
      label={label}
      intent={messages.length ? Intent.DANGER : Intent.NONE}
      helperText={messages.length ? <ErrorLines messages={messages} /> : t('admin.scheduledExports.recipientsHelp')}
    >
      <PickList
        label={label}
        options={(members.data ?? []).map((m) => ({ value: m.user_uuid, label: m.name }))}
        value={Array.isArray(draft.recipients) ? draft.recipients.map(String) : []}
        disabled={readOnly || !members.data}
        onChange={(uuids) => onChange('recipients', uuids)}
      />
    </FormGroup>
  );
}

const runsKey = (uuid: string) => ['scheduled-export-runs', uuid];

function RunsPanel({ record, onChanged }: { record: ApiRecord; onChanged: (record: ApiRecord) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const runs = useQuery({
    queryKey: runsKey(record.uuid),
    queryFn: () => http.get<ExportRun[]>(`scheduled-exports/${record.uuid}/runs`),
    enabled: Boolean(record.links.runs),
  });
  const runNow = useMutation({
    mutationFn: () => http.post<ApiRecord>(`scheduled-exports/${record.uuid}/run`),
    onSuccess: (saved) => {
      notify.success(t('admin.scheduledExports.ran'));
      onChanged(saved);
      void client.invalidateQueries({ queryKey: runsKey(record.uuid) });
    },
    onError: reportActionError,
  });
  const title = t('admin.scheduledExports.runs');
  const rows = runs.data ?? [];
  return (
    <section className="hw-export-runs" aria-labelledby={`export-${record.uuid}-runs`}>
      <div className="hw-export-runs-header">
        <H5 id={`export-${record.uuid}-runs`}>{title}</H5>
        {record.links.run && (
          <Button icon={<Play />} loading={runNow.isPending} onClick={() => runNow.mutate()}>
            {t('entities.scheduled_export.actions.run')}
          </Button>
        )}
      </div>
      {runs.isSuccess && rows.length === 0 ? (
        <NonIdealState description={t('admin.scheduledExports.noRuns')} />
      ) : (
        <HTMLTable compact striped aria-label={title}>
          <thead>
            <tr>
              <th>{t('admin.scheduledExports.started')}</th>
              <th>{t('admin.scheduledExports.status')}</th>
              <th>{t('admin.scheduledExports.rows')}</th>
              <th>{t('admin.scheduledExports.file')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((run) => (
              <tr key={run.id}>
                <td>
                  {format.dateTime(run.started_at)}
                  {run.trigger === 'manual' && (
                    <span className="hw-export-run-trigger"> · {t('admin.scheduledExports.manual')}</span>
                  )}
                </td>
                <td>
                  <Tag minimal intent={run.status === 'failed' ? Intent.DANGER : Intent.NONE}>
                    {t(`enums.scheduled_export.last_status.${run.status}`)}
                  </Tag>
                  {run.error && (
                    <div className="hw-export-run-error">{t(`admin.scheduledExports.errors.${run.error}`)}</div>
                  )}
                </td>
                <td>{run.row_count === null ? '' : format.number(run.row_count)}</td>
                <td>
                  {run.links.file ? (
                    <a className="hw-export-run-file" href={run.links.file} download={run.file_name ?? true}>
                      <Download size={12} />
                      {t('admin.scheduledExports.download')}
                      {run.file_size !== null && ` · ${fileSize(run.file_size, format.locale, t)}`}
                    </a>
                  ) : run.status === 'done' ? (
                    t('admin.scheduledExports.expired')
                  ) : (
                    ''
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
