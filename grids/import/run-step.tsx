// Steps 7 and 8: the job's progress with Cancel, then what happened (created, updated, skipped, failed) with the
// error report of the failed rows and "Undo this import" while its records are untouched.
import { Button, Callout, HTMLTable, Intent, ProgressBar } from '@blueprintjs/core';
import { Cross, Download, Undo } from '@blueprintjs/icons';
import { useState } from 'react';
import { isApiError } from '../../src/api/errors';
import { useFormat } from '../../src/components/use-format';
import { useTranslation } from '../../src/i18n';
import { downloadFile } from '../export/download';
import { errorReportPath, isFinished, type ImportJob } from './import-api';
import type { ImportProblem } from './import-messages';

export function RunStep({ job, onCancel }: { job: ImportJob | null; onCancel: () => void }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const progress = job?.progress;
  const fraction = progress && progress.total > 0 ? progress.processed / progress.total : undefined;
  return (
    <div className="hw-import-run" role="status" aria-live="polite">
      <ProgressBar value={fraction} intent={Intent.PRIMARY} animate={job?.status !== 'cancelled'} />
      <p>
        {progress
          ? t('transfer.import.progress', { processed: number(progress.processed), total: number(progress.total) })
          : t('transfer.import.starting')}
      </p>
      <Button icon={<Cross />} disabled={!job || isFinished(job.status)} onClick={onCancel}>
        {t('transfer.cancel')}
      </Button>
    </div>
  );
}

const RESULT_COUNTS = ['created', 'updated', 'skipped', 'failed'] as const;

interface ResultProps {
  job: ImportJob | null;
  busy: boolean;
  undone: boolean;
  onUndo: () => void;
  onError: (problem: ImportProblem) => void;
}

export function ResultStep({ job, busy, undone, onUndo, onError }: ResultProps) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const [downloading, setDownloading] = useState(false);
  if (!job) return null;
  const counts = job.counts ?? { created: 0, updated: 0, skipped: 0, failed: 0 };

  async function report() {
    if (!job) return;
    setDownloading(true);
    try {
      await downloadFile(errorReportPath(job.uuid), {
        fallbackName: `${job.file_name.replace(/\.\w+$/, '')}-errors.xlsx`,
      });
    } catch (error) {
      onError({ message: isApiError(error) ? error.message : t('transfer.import.errors.unexpected'), details: [] });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="hw-import-result">
      <Callout
        intent={job.status === 'done' ? (counts.failed > 0 ? Intent.WARNING : Intent.SUCCESS) : Intent.DANGER}
        title={t(`transfer.import.status.${job.status}`)}
      >
        {job.error && <p>{job.error}</p>}
        {undone && <p>{t('transfer.import.undone')}</p>}
      </Callout>
      <HTMLTable compact className="hw-import-result-table" aria-label={t('transfer.import.resultCounts')}>
        <tbody>
          {RESULT_COUNTS.map((name) => (
            <tr key={name} data-count={name}>
              <th scope="row">{t(`transfer.import.result.${name}`)}</th>
              <td>{number(counts[name])}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <div className="hw-import-actions">
        {(counts.failed > 0 || job.links.error_report) && (
          <Button icon={<Download />} loading={downloading} onClick={() => void report()}>
            {t('transfer.import.errorReport')}
          </Button>
        )}
        {job.links.undo && !undone && (
          <Button icon={<Undo />} intent={Intent.WARNING} loading={busy} onClick={onUndo}>
            {t('transfer.import.undo')}
          </Button>
        )}
      </div>
    </div>
  );
}
