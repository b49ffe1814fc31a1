// Archive, restore and delete, each offered only when the record's link exists (domain.md §8.3). Archiving a
// tree record (a facility) first lists the sub-records that go with it.
import { Alert, Button, Intent } from '@blueprintjs/core';
import { Archive, Trash, Undo } from '@blueprintjs/icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../src/i18n';
import { notify, reportActionError } from '../../src/components/notices';
import type { AnyEntity } from '../../src/entities/define';
import { archiveAction, deleteRecord, listDescendants, recordTitle, type ApiRecord } from '../../grids/records-api';
import { pushUndo, undo } from '../../grids';

const LISTED = 15;

interface Props {
  entity: AnyEntity;
  record: ApiRecord;
  onChanged: (record: ApiRecord) => void;
  onDeleted: () => void;
}

export function RecordActions({ entity, record, onChanged, onDeleted }: Props) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState<null | { kind: 'archive'; descendants: ApiRecord[] } | { kind: 'delete' }>(
    null,
  );

  const action = useMutation({
    mutationFn: (kind: 'archive' | 'restore') => archiveAction(entity, record.uuid, kind),
    onSuccess: ({ record: saved, affected }, kind) => {
      // an archive is one step of the undo stack (restored through the bulk endpoint, subtree included)
      if (kind === 'archive')
        pushUndo({
          label: t('sheet.archive.label', { title: recordTitle(entity, saved) }),
          model: entity.name,
          archived: [saved.uuid],
        });
      notify.success(
        t(kind === 'archive' ? 'records.archived' : 'records.restored', { count: affected }),
        kind === 'archive' ? { action: { text: t('sheet.undo.action'), onClick: () => void undo() } } : undefined,
      );
      onChanged(saved);
    },
    onError: reportActionError,
  });
  const remove = useMutation({
    mutationFn: () => deleteRecord(entity, record.uuid),
    onSuccess: () => {
      notify.success(t('records.deleted'));
      onDeleted();
    },
    onError: reportActionError,
  });
  const descendants = useMutation({
    mutationFn: () => listDescendants(entity, record.uuid),
    onSuccess: (rows) => setConfirm({ kind: 'archive', descendants: rows }),
    onError: reportActionError,
  });

  const startArchive = () => (entity.tree ? descendants.mutate() : action.mutate('archive'));
  const busy = action.isPending || remove.isPending || descendants.isPending;
  return (
    <>
      {record.links.archive && (
        <Button icon={<Archive />} onClick={startArchive} loading={busy && !remove.isPending}>
          {t('records.archive')}
        </Button>
      )}
      {record.links.restore && (
        <Button icon={<Undo />} onClick={() => action.mutate('restore')} loading={action.isPending}>
          {t('records.restore')}
        </Button>
      )}
      {record.links.delete && (
        <Button
          icon={<Trash />}
          intent={Intent.DANGER}
          variant="minimal"
          onClick={() => setConfirm({ kind: 'delete' })}
        >
          {t('common.delete')}
        </Button>
      )}
      <Alert
        isOpen={confirm !== null}
        intent={confirm?.kind === 'delete' ? Intent.DANGER : Intent.WARNING}
        icon={confirm?.kind === 'delete' ? <Trash /> : <Archive />}
        confirmButtonText={confirm?.kind === 'delete' ? t('common.delete') : t('records.archive')}
        cancelButtonText={t('common.cancel')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === 'delete') remove.mutate();
          else action.mutate('archive');
          setConfirm(null);
        }}
      >
        {confirm?.kind === 'delete' ? (
          <p>{t('records.confirmDelete', { title: recordTitle(entity, record) })}</p>
        ) : confirm?.kind === 'archive' ? (
          <>
            <p>
              {confirm.descendants.length
                ? t('records.confirmArchiveTree', {
                    title: recordTitle(entity, record),
                    count: confirm.descendants.length,
                  })
                : t('records.confirmArchive', { title: recordTitle(entity, record) })}
            </p>
            <ul className="hw-descendants">
              {confirm.descendants.slice(0, LISTED).map((row) => (
                <li key={row.uuid}>{recordTitle(entity, row) || t('grid.untitled')}</li>
              ))}
            </ul>
            {confirm.descendants.length > LISTED && (
              <p>{t('records.andMore', { count: confirm.descendants.length - LISTED })}</p>
            )}
          </>
        ) : null}
      </Alert>
    </>
  );
}
