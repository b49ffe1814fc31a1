// The question before archiving a record that takes others along (docs/planning-api.md, "Archive cascade"): a tree
// record lists the sub-records archived with it; a facility or a contract tied to tasks warns about them and lets the
// user pick the tasks to archive too (all picked at first). One dialog for every model, opened by record-actions.tsx.
import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { Archive } from '@blueprintjs/icons';
import { useState } from 'react';
import { useTranslation } from '../../src/i18n';
import type { AnyEntity } from '../../src/entities/define';
import { task as taskEntity } from '../../src/entities/task';
import { recordTitle, type ApiRecord } from '../../src/api/records';

const LISTED = 15;

export interface ArchiveQuestion {
  descendants: ApiRecord[];
  tasks: ApiRecord[];
}

interface Props {
  entity: AnyEntity;
  record: ApiRecord;
  question: ArchiveQuestion | null;
  onCancel: () => void;
  onConfirm: (taskUuids: string[]) => void;
}

export function ArchiveDialog(props: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={props.question !== null}
      onClose={props.onCancel}
      title={t('records.archiveTitle', { title: recordTitle(props.entity, props.record) || t('grid.untitled') })}
      icon={<Archive />}
      role="alertdialog"
    >
      {props.question && <ArchiveDialogBody {...props} question={props.question} />}
    </Dialog>
  );
}

function ArchiveDialogBody({ entity, record, question, onCancel, onConfirm }: Props & { question: ArchiveQuestion }) {
  const { t } = useTranslation();
  const { descendants, tasks } = question;
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set(tasks.map((task) => task.uuid)));
  const title = recordTitle(entity, record) || t('grid.untitled');
  const toggle = (uuid: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(uuid);
      else next.delete(uuid);
      return next;
    });
  return (
    <>
      <DialogBody>
        <p>
          {descendants.length
            ? t('records.confirmArchiveTree', { title, count: descendants.length })
            : t('records.confirmArchive', { title })}
        </p>
        {descendants.length > 0 && (
          <ul className="hw-descendants">
            {descendants.slice(0, LISTED).map((row) => (
              <li key={row.uuid}>{recordTitle(entity, row) || t('grid.untitled')}</li>
            ))}
          </ul>
        )}
        {descendants.length > LISTED && <p>{t('records.andMore', { count: descendants.length - LISTED })}</p>}
        {tasks.length > 0 && (
          <fieldset className="hw-cascade-tasks">
            <legend>{t('records.cascade.tasks', { count: tasks.length })}</legend>
            <p>{t('records.cascade.pick')}</p>
            <div className="hw-cascade-choices">
              <Button variant="minimal" size="small" onClick={() => setPicked(new Set(tasks.map((x) => x.uuid)))}>
                {t('records.cascade.all')}
              </Button>
              <Button variant="minimal" size="small" onClick={() => setPicked(new Set())}>
                {t('records.cascade.none')}
              </Button>
            </div>
            <div
              className="hw-cascade-list"
              role="group"
              aria-label={t('records.cascade.tasks', { count: tasks.length })}
            >
              {tasks.map((task) => (
                <div key={task.uuid}>
                  <Checkbox
                    checked={picked.has(task.uuid)}
                    onChange={(e) => toggle(task.uuid, e.currentTarget.checked)}
                    labelElement={
                      <>
                        {recordTitle(taskEntity, task) || t('grid.untitled')}
                        {task.status !== 'active' && (
                          <span className={Classes.TEXT_MUTED}> ({t(`enums.task.status.${String(task.status)}`)})</span>
                        )}
                      </>
                    }
                  />
                </div>
              ))}
            </div>
          </fieldset>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button intent={Intent.WARNING} icon={<Archive />} onClick={() => onConfirm([...picked])}>
              {!tasks.length
                ? t('records.archive')
                : picked.size
                  ? t('records.cascade.archiveWith', { count: picked.size })
                  : t('records.cascade.archiveAlone')}
            </Button>
          </>
        }
      />
    </>
  );
}
