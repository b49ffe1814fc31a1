// A task's drawer panels: activate / deactivate (as its links allow; deactivating deletes the future open events,
// so it asks first), its assignee (a member of the settings group, picked when its `assign` link exists) and its
// events from the server: the next occurrences as planned (the preview of the recurrence, refreshed after each save)
// with done / skip and a comment.
import { Alert, Button, ButtonGroup, Callout, FormGroup, H4, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { Disable, Play, Tick, Cross } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reportActionError, notify } from '../../src/components/notices';
import { taskEvent } from '../../src/entities/task-event';
import { useTranslation } from '../../src/i18n';
import { formatDate } from '../../src/i18n/format';
import { listRecords, recordKeys, type ApiRecord } from '../../src/api/records';
import { useGridFormat } from '../../grids/use-grid-format';
import { isoDate } from '../calendar/calendar-shortcuts';
import { EventMove } from './event-move';
import { MemberSelect } from './member-select';
import { postLink, runAction } from './link-actions';

const SHOWN = 12;

export function TaskPanels({ record, onChanged }: { record: ApiRecord; onChanged: (record: ApiRecord) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const since = isoDate(new Date(Date.now() - 30 * 86_400_000));
  const eventsOf = recordKeys.related(taskEvent.name, 'task_uuid', record.uuid);
  const eventsKey = [...eventsOf, record.updated_at];
  const events = useQuery({
    queryKey: eventsKey,
    queryFn: () =>
      listRecords(taskEvent, {
        'filter[task_uuid]': record.uuid,
        'filter[due_date][from]': since,
        sort_by: 'due_date',
        sort_descending: '0',
        status_limiter: 'all',
        per_page: SHOWN,
      }),
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: eventsOf });
    void client.invalidateQueries({ queryKey: ['calendar'] });
  };
  const toggle = useMutation({
    mutationFn: (action: 'activate' | 'deactivate') => runAction('task', record, action),
    onSuccess: (saved, action) => {
      notify.success(t(`planning.task.${action}d`));
      onChanged(saved);
      refresh();
    },
    onError: reportActionError,
  });
  return (
    <section className="hw-planning-panel" aria-labelledby={`task-events-${record.uuid}`}>
      <ButtonGroup>
        {record.links.activate && (
          <Button icon={<Play />} onClick={() => toggle.mutate('activate')} loading={toggle.isPending}>
            {t('planning.task.activate')}
          </Button>
        )}
        {record.links.deactivate && (
          <Button icon={<Disable />} onClick={() => setConfirm(true)} loading={toggle.isPending}>
            {t('planning.task.deactivate')}
          </Button>
        )}
      </ButtonGroup>
      <TaskAssignee record={record} onChanged={onChanged} />
      <H4 id={`task-events-${record.uuid}`}>{t('planning.task.events')}</H4>
      {events.isError && <Callout intent={Intent.WARNING}>{t('planning.loadFailed')}</Callout>}
      {events.data && !events.data.data.length && <p className="hw-muted">{t('planning.task.noEvents')}</p>}
      <ul className="hw-event-list">
        {events.data?.data.map((event) => (
          <EventRow
            key={event.uuid}
            event={event}
            series={record.repeat_type !== 'singular'}
            title={String(record.title)}
            onDone={refresh}
          />
        ))}
      </ul>
      <Alert
        isOpen={confirm}
        intent={Intent.WARNING}
        confirmButtonText={t('planning.task.deactivate')}
        cancelButtonText={t('common.cancel')}
        onCancel={() => setConfirm(false)}
        onConfirm={() => {
          setConfirm(false);
          toggle.mutate('deactivate');
        }}
      >
        <p>{t('planning.task.confirmDeactivate')}</p>
      </Alert>
    </section>
  );
}

/** The assignee: a picker of the settings group's members when the task may be assigned, else the name. */
function TaskAssignee({ record, onChanged }: { record: ApiRecord; onChanged: (record: ApiRecord) => void }) {
  const { t } = useTranslation();
  const assign = useMutation({
    mutationFn: (userUuid: string | null) => runAction('task', record, 'assign', { user_uuid: userUuid }),
    onSuccess: (saved) => {
      notify.success(
        saved.assignee_name
          ? t('planning.task.assignedTo', { name: String(saved.assignee_name) })
          : t('planning.task.unassigned'),
      );
      onChanged(saved);
    },
    onError: reportActionError,
  });
  const id = `task-assignee-${record.uuid}`;
  if (!record.links.assign)
    return record.assignee_name ? (
      <p className="hw-muted">{t('planning.task.assigneeIs', { name: String(record.assignee_name) })}</p>
    ) : null;
  return (
    <FormGroup label={t('planning.task.assignee')} labelFor={id} className="hw-task-assignee">
      <MemberSelect
        id={id}
        settingsGroupUuid={String(record.settings_group_uuid)}
        value={(record.assignee_user_uuid as string | null) ?? null}
        allowNone
        onChange={(userUuid) => assign.mutate(userUuid)}
      />
    </FormGroup>
  );
}

interface RowProps {
  event: ApiRecord;
  series: boolean;
  title: string;
  onDone: () => void;
}

function EventRow({ event, series, title, onDone }: RowProps) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const [comment, setComment] = useState('');
  const act = useMutation({
    mutationFn: (action: 'done' | 'skip') => postLink(event.links[action]!, comment ? { comment } : {}),
    onSuccess: (_saved, action) => {
      notify.success(t(action === 'done' ? 'planning.event.markedDone' : 'planning.event.markedSkipped'));
      onDone();
    },
    onError: reportActionError,
  });
  const date = formatDate(String(event.due_date), format.dateFormat);
  const open = Boolean(event.links.done || event.links.skip);
  return (
    <li className="hw-event-row" aria-label={t('planning.event.label', { date })}>
      <span className="hw-event-date">{date}</span>
      <Tag minimal intent={event.overdue ? Intent.DANGER : event.status === 'done' ? Intent.SUCCESS : Intent.NONE}>
        {event.overdue ? t('planning.event.overdue') : t(`enums.task_event.status.${String(event.status)}`)}
      </Tag>
      {event.comment ? <span className="hw-event-comment">{String(event.comment)}</span> : null}
      {open && (
        <span className="hw-event-actions">
          <InputGroup
            size="small"
            aria-label={t('planning.event.comment', { date })}
            placeholder={t('planning.event.commentPlaceholder')}
            value={comment}
            onValueChange={setComment}
          />
          {event.links.done && (
            <Button size="small" icon={<Tick />} onClick={() => act.mutate('done')} loading={act.isPending}>
              {t('planning.event.done')}
            </Button>
          )}
          {event.links.reschedule && (
            <EventMove event={event} series={series} label={date} title={title} onMoved={onDone} />
          )}
          {event.links.skip && (
            <Button size="small" icon={<Cross />} variant="minimal" onClick={() => act.mutate('skip')}>
              {t('planning.event.skip')}
            </Button>
          )}
        </span>
      )}
    </li>
  );
}
