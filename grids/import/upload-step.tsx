// Step 1: choose a file (drag and drop or the file picker) and, for a fresh start, download the template with the
// table's translated headers, dropdowns for choice fields and a hidden uuid column.
import { Button, FileInput, Spinner } from '@blueprintjs/core';
import { Document, Download } from '@blueprintjs/icons';
import { useState, type DragEvent } from 'react';
import { isApiError } from '../../src/api/errors';
import type { AnyEntity } from '../../src/entities/define';
import { useTranslation } from '../../src/i18n';
import { cx } from '../../src/components/cx';
import { downloadFile } from '../export/download';
import { templatePath, type ImportJob } from './import-api';
import { ACCEPTED_EXTENSIONS, fileProblem, type ImportProblem } from './import-messages';

interface Props {
  entity: AnyEntity;
  busy: boolean;
  job: ImportJob | null;
  onFile: (file: File) => void;
  onProblem: (problem: ImportProblem | null) => void;
}

export function UploadStep({ entity, busy, job, onFile, onProblem }: Props) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const [template, setTemplate] = useState(false);

  function take(file: File | undefined) {
    if (!file || busy) return;
    const problem = fileProblem(file, t);
    onProblem(problem);
    if (!problem) onFile(file);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 1) onProblem({ message: t('transfer.import.errors.oneFile'), details: [] });
    else take(event.dataTransfer.files[0]);
  }

  async function downloadTemplate() {
    setTemplate(true);
    try {
      await downloadFile(templatePath(entity.plural), { fallbackName: `${entity.plural}-template.xlsx` });
    } catch (error) {
      onProblem({ message: isApiError(error) ? error.message : t('transfer.import.errors.unexpected'), details: [] });
    } finally {
      setTemplate(false);
    }
  }

  return (
    <div className="hw-import-upload">
      <div
        className={cx('hw-import-drop', over && 'hw-import-drop-over')}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="import-drop-zone"
      >
        {busy ? <Spinner size={24} /> : <Document size={24} />}
        <p>{busy ? t('transfer.import.uploading') : t('transfer.import.dropHint')}</p>
        <FileInput
          text={job ? job.file_name : t('transfer.import.choose')}
          buttonText={t('transfer.import.browse')}
          disabled={busy}
          inputProps={{ accept: ACCEPTED_EXTENSIONS.join(','), 'aria-label': t('transfer.import.choose') }}
          onInputChange={(event) => {
            take(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <p className="hw-import-hint">{t('transfer.import.formats')}</p>
      </div>
      <Button variant="minimal" icon={<Download />} loading={template} onClick={() => void downloadTemplate()}>
        {t('transfer.import.template')}
      </Button>
    </div>
  );
}
