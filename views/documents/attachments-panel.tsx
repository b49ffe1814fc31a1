// A record's attachments in its drawer (any model but documents themselves): attach files with the button or by
// dropping them on the panel (one upload per file, one after the other), the list with size and date, download
// (a plain link), and remove (detaches the document from this record; the document stays under Documents).
import { Button, Callout, Classes, H5, Intent, Spinner } from '@blueprintjs/core';
import { Cross, Paperclip } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { isApiError } from '../../src/api/errors';
import { cx } from '../../src/components/cx';
import { notify, reportActionError } from '../../src/components/notices';
import { useFormat } from '../../src/components/use-format';
import { ACCEPTED_EXTENSIONS } from '../../src/domain/file-types';
import { useTranslation } from '../../src/i18n';
import type { ApiRecord } from '../../src/api/records';
import { attachmentsKey, attachmentsOf, detachAttachment, fileUrl, uploadAttachment } from './documents-api';
import { fileSize } from './file-size';
import './documents.css';

interface Failure {
  name: string;
  message: string;
}

export function AttachmentsPanel({ model, record }: { model: string; record: ApiRecord }) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const ref = { model, uuid: record.uuid };
  const key = attachmentsKey(ref);
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => attachmentsOf(ref, signal) });
  const [uploading, setUploading] = useState<string | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [dragging, setDragging] = useState(false);
  const canAttach = Boolean(record.links.update);
  const id = `attachments-${record.uuid}`;

  async function attach(files: File[]) {
    if (!files.length || uploading) return;
    const failed: Failure[] = [];
    let done = 0;
    for (const file of files) {
      setUploading(file.name);
      try {
        await uploadAttachment(ref, file);
        done += 1;
      } catch (error) {
        const message = isApiError(error) ? (error.errors.file?.[0] ?? error.message) : String(error);
        failed.push({ name: file.name, message });
      }
    }
    setUploading(null);
    setFailures(failed);
    await client.invalidateQueries({ queryKey: key });
    if (done) notify.success(t('records.attachments.uploaded', { count: done }));
    if (failed.length) notify.error(t('records.attachments.failed', { count: failed.length }));
  }

  const detach = useMutation({
    mutationFn: (document: ApiRecord) => detachAttachment(document, ref),
    onSuccess: () => {
      notify.success(t('records.attachments.removed'));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: reportActionError,
  });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canAttach) void attach([...event.dataTransfer.files]);
  };
  const documents = list.data ?? [];
  return (
    <section
      className={cx('hw-attachments', dragging && 'hw-attachments-dragging')}
      aria-labelledby={`${id}-title`}
      onDragOver={(event) => {
        if (!canAttach) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <H5 id={`${id}-title`}>
        {t('records.attachments.title')}
        {list.data && <span className={Classes.TEXT_MUTED}> ({documents.length})</span>}
      </H5>
      {canAttach && (
        <div className="hw-attachments-add">
          <Button icon={<Paperclip />} loading={uploading !== null} onClick={() => input.current?.click()}>
            {t('records.attachments.attach')}
          </Button>
          <span className={Classes.TEXT_MUTED}>
            {uploading ? t('records.attachments.uploading', { name: uploading }) : t('records.attachments.drop')}
          </span>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={ACCEPTED_EXTENSIONS}
            aria-label={t('records.attachments.fileInput')}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              void attach(files);
            }}
          />
        </div>
      )}
      {failures.length > 0 && (
        <Callout intent={Intent.DANGER} className="hw-attachments-failures">
          <ul>
            {failures.map((f) => (
              <li key={f.name}>
                {f.name}: {f.message}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      {list.isPending ? (
        <Spinner size={16} />
      ) : documents.length ? (
        <ul className="hw-attachment-list">
          {documents.map((document) => {
            const name = String(document.original_filename ?? document.title);
            return (
              <li key={document.uuid}>
                <a href={fileUrl(document)} download={name} title={t('records.attachments.download', { name })}>
                  {name}
                </a>
                <span className={Classes.TEXT_MUTED}>
                  {t('records.attachments.details', {
                    size: fileSize(Number(document.size ?? 0), format.locale, t),
                    date: format.dateTime(document.created_at),
                  })}
                </span>
                {canAttach && (
                  <Button
                    variant="minimal"
                    size="small"
                    icon={<Cross />}
                    aria-label={t('records.attachments.remove', { name })}
                    loading={detach.isPending && detach.variables?.uuid === document.uuid}
                    onClick={() => detach.mutate(document)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('records.attachments.none')}</p>
      )}
    </section>
  );
}
