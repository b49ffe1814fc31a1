// Archive, restore and delete, each offered only when the record's link exists (docs/domain/api.md,
// "Records, links and actions"). Archiving a tree record (a facility) first lists the sub-records that go with it; a
// record with a `related_tasks` link (a facility, a contract) lists its tasks and archives the ones the user picks in
// the same request.
import { Alert, Button, Intent } from '@blueprintjs/core';
import { Archive, Trash, Undo } from '@blueprintjs/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../src/i18n';
import { notify, reportActionError } from '../../src/components/notices';
import type { AnyEntity } from '../../src/entities/define';
import { task as taskEntity } from '../../src/entities/task';
import {
  archiveAction,
  deleteRecord,
  invalidateRecordLists,
  invalidateRecords,
  listDescendants,
  listRelatedTasks,
  recordTitle,
  type ApiRecord,
} from '../../src/api/records';
import { requestPropertyDeletion } from '../../src/api/licenses.api';
import { bulkAction } from '../../grids/bulk-api';
import { pushUndo, undo } from '../../grids';
import { ArchiveDialog, type ArchiveQuestion } from './archive-dialog';

interface Props {
  entity: AnyEntity;
  record: ApiRecord;
  onChanged: (record: ApiRecord) => void;
  onDeleted: () => void;
}

export function RecordActions({ entity, record, onChanged, onDeleted }: Props) {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<ArchiveQuestion | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const client = useQueryClient();

  const action = useMutation({
    mutationFn: ({ kind, tasks = [] }: { kind: 'archive' | 'restore'; tasks?: string[] }) =>
      archiveAction(entity, record.uuid, kind, tasks),
    onSuccess: ({ record: saved, affected, tasksArchived }, { kind, tasks = [] }) => {
      // a subtree and tasks may have gone along: every list of the model (and of tasks) shows it
      invalidateRecords(client, entity.name, [saved]);
      if (tasksArchived) invalidateRecords(client, taskEntity.name);
      const label = t('sheet.archive.label', { title: recordTitle(entity, saved) });
      // an archive is one step of the undo stack (restored through the bulk endpoint, subtree included); with tasks
      // archived along, the step restores them too and a redo archives them again
      if (kind === 'archive' && tasks.length)
        pushUndo({
          label,
          model: entity.name,
          archived: [saved.uuid],
          undo: async () => {
            await bulkAction(entity, 'bulk-restore', [{ uuid: saved.uuid }]);
            await bulkAction(
              taskEntity,
              'bulk-restore',
              tasks.map((uuid) => ({ uuid })),
            );
          },
          redo: async () => void (await archiveAction(entity, saved.uuid, 'archive', tasks)),
        });
      else if (kind === 'archive') pushUndo({ label, model: entity.name, archived: [saved.uuid] });
      notify.success(
        kind === 'archive' && tasksArchived
          ? t('records.cascade.archived', { records: t('records.archived', { count: affected }), count: tasksArchived })
          : t(kind === 'archive' ? 'records.archived' : 'records.restored', { count: affected }),
        kind === 'archive' ? { action: { text: t('sheet.undo.action'), onClick: () => void undo() } } : undefined,
      );
      onChanged(saved);
    },
    onError: reportActionError,
  });
  const remove = useMutation({
    mutationFn: () => deleteRecord(entity, record.uuid),
    onSuccess: () => {
      invalidateRecordLists(client, entity.name);
      notify.success(t('records.deleted'));
      onDeleted();
    },
    onError: reportActionError,
  });
  // A property is deleted through a request confirmed by mail (docs/domain/permissions.md, "Property deletion").
  const isProperty = entity.name === 'property';
  const requestDelete = useMutation({
    mutationFn: () => requestPropertyDeletion(record.uuid),
    onSuccess: () => notify.success(t('admin.propertyDeletion.requested')),
    onError: reportActionError,
  });
  // What goes with the record: its sub-records (trees) and the tasks tied to it (when the server offers them).
  const ask = useMutation({
    mutationFn: async (): Promise<ArchiveQuestion> => {
      const [descendants, tasks] = await Promise.all([
        entity.tree ? listDescendants(entity, record.uuid) : Promise.resolve([]),
        record.links.related_tasks ? listRelatedTasks(record) : Promise.resolve([]),
      ]);
      return { descendants, tasks };
    },
    onSuccess: (found) => {
      // a record without sub-records or tasks is archived at once unless it is a tree (which always asks)
      if (!entity.tree && !found.tasks.length) action.mutate({ kind: 'archive' });
      else setQuestion(found);
    },
    onError: reportActionError,
  });

  const startArchive = () =>
    entity.tree || record.links.related_tasks ? ask.mutate() : action.mutate({ kind: 'archive' });
  const busy = action.isPending || remove.isPending || ask.isPending;
  return (
    <>
      {record.links.archive && (
        <Button icon={<Archive />} onClick={startArchive} loading={busy && !remove.isPending}>
          {t('records.archive')}
        </Button>
      )}
      {record.links.restore && (
        <Button icon={<Undo />} onClick={() => action.mutate({ kind: 'restore' })} loading={action.isPending}>
          {t('records.restore')}
        </Button>
      )}
      {record.links.delete && (
        <Button
          icon={<Trash />}
          intent={Intent.DANGER}
          variant="minimal"
          loading={requestDelete.isPending}
          onClick={() => setConfirmDelete(true)}
        >
          {isProperty ? t('admin.propertyDeletion.action') : t('common.delete')}
        </Button>
      )}
      <ArchiveDialog
        entity={entity}
        record={record}
        question={question}
        onCancel={() => setQuestion(null)}
        onConfirm={(tasks) => {
          setQuestion(null);
          action.mutate({ kind: 'archive', tasks });
        }}
      />
      <Alert
        isOpen={confirmDelete}
        intent={Intent.DANGER}
        icon={<Trash />}
        confirmButtonText={t('common.delete')}
        cancelButtonText={t('common.cancel')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          if (isProperty) requestDelete.mutate();
          else remove.mutate();
          setConfirmDelete(false);
        }}
      >
        <p>
          {isProperty
            ? t('admin.propertyDeletion.explain', { title: recordTitle(entity, record) })
            : t('records.confirmDelete', { title: recordTitle(entity, record) })}
        </p>
      </Alert>
    </>
  );
}
