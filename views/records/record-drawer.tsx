// The record drawer: the form generated from the model, who created and changed it when, Save / Archive /
// Restore / Delete as the record's links allow, its attachments, and the records that reference it. Also the "New"
// form.
import { FavoriteStar } from './favorite-star';
import { Button, Callout, Classes, Drawer, DrawerSize, FormGroup, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import { FloppyDisk } from '@blueprintjs/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../src/i18n';
import { FormMessage } from '../../src/components/form-fields';
import type { AnyEntity } from '../../src/entities/define';
import { isWritable } from '../../src/entities/fields';
import { useIsMobile } from '../../grids/preferences';
import { recordKeys, recordQuery, recordTitle, type ApiRecord } from '../../src/api/records';
import { RefTitle } from '../../grids/ref-titles';
import { formatValue } from '../../grids/format-value';
import { useGridFormat } from '../../grids/use-grid-format';
import { AttachmentsPanel } from '../documents/attachments-panel';
import type { DrawerExtension } from './drawer-extension';
import { RecordActions } from './record-actions';
import { RecordForm } from './record-form';
import { RelatedRecords } from './related-records';
import { RecordHistory } from './record-history';
import { useRecordSave } from './use-record-save';
import type { RecordTemplateChoice } from './record-templates';
import { templateDraft } from '../../src/entities/record-template';

interface Props {
  entity: AnyEntity;
  /** The record to show (edit mode), or null with `creating` for a new one. */
  uuid: string | null;
  /** Row data already at hand, shown while the current version loads. */
  initial?: ApiRecord;
  creating: boolean;
  createDefaults: Record<string, unknown>;
  settingsGroupUuid: string | null;
  onClose: () => void;
  /** The record changed: update its row, or reload the list when it may have left or joined it. */
  onChanged: (record: ApiRecord, change: 'created' | 'updated' | 'archived') => void;
  onDeleted: () => void;
  /** The record's own page, when the model has one ("open as page"). */
  pagePath?: (uuid: string) => string;
  /** Rendered on the record's page rather than in the drawer. */
  asPage?: boolean;
  /** A module's own editor and panels (drawer-extension.ts). */
  extension?: DrawerExtension;
  /** The model's record templates: a new record's form may start from one (docs/domain/record-templates.md). */
  templates?: readonly RecordTemplateChoice[];
  /** What the new record's form starts from changed (a template chosen in the grid's New menu): a fresh form. */
  createKey?: string;
}

export function RecordDrawer(props: Props) {
  const { entity, uuid, initial, creating } = props;
  const { t } = useTranslation();
  const query = useQuery({
    ...recordQuery(entity, uuid ?? ''),
    enabled: Boolean(uuid),
    initialData: initial && initial.uuid === uuid ? initial : undefined,
    initialDataUpdatedAt: 0,
  });
  const record = uuid ? (query.data ?? null) : null;
  const isOpen = creating || Boolean(uuid);
  const mobile = useIsMobile();
  const title = creating ? (
    t('records.new', { model: t(`entities.${entity.name}.one`) })
  ) : record ? (
    <RecordHeading entity={entity} record={record} />
  ) : (
    t('common.loading')
  );
  return (
    <Drawer
      isOpen={isOpen}
      onClose={props.onClose}
      size={mobile ? '100%' : DrawerSize.STANDARD}
      title={title}
      className="hw-record-drawer"
    >
      {(creating || record) && (
        <DrawerContent key={record?.uuid ?? `new:${props.createKey ?? ''}`} {...props} record={record} />
      )}
    </Drawer>
  );
}

export function RecordHeading({ entity, record }: { entity: AnyEntity; record: ApiRecord }) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const field = entity.fields[entity.titleField];
  // a title that is not text (a task event's due date) in the user's format, as in the grid
  const text =
    field?.kind === 'ref' ? (
      <RefTitle model={field.model} uuid={record[entity.titleField] as string} />
    ) : field && field.kind !== 'text' ? (
      formatValue(record[entity.titleField], { model: entity.name, name: entity.titleField, field }, format, record)
    ) : (
      recordTitle(entity, record)
    );
  return (
    <span className="hw-record-heading">
      {text || t('grid.untitled')}
      {record.archived_at && (
        <Tag minimal intent={Intent.WARNING}>
          {t('records.archivedTag')}
        </Tag>
      )}
      <FavoriteStar entity={entity} record={record} />
    </span>
  );
}

/** A new record's required instants (a reading's time) start at the current minute, which the user may change. */
function nowDefaults(entity: AnyEntity): Record<string, string> {
  const now = new Date();
  now.setSeconds(0, 0);
  return Object.fromEntries(
    Object.entries(entity.fields)
      .filter(([, field]) => field.kind === 'datetime' && field.required && isWritable(field))
      .map(([name]) => [name, now.toISOString()]),
  );
}

export function DrawerContent({
  entity,
  record,
  createDefaults,
  settingsGroupUuid,
  onChanged,
  onDeleted,
  onClose,
  pagePath,
  asPage,
  extension,
  templates,
  createKey,
}: Omit<Props, 'uuid' | 'creating'> & {
  record: ApiRecord | null;
}) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Record<string, unknown>>(() => ({
    ...(record ?? { ...nowDefaults(entity), ...createDefaults }),
  }));
  // a change the server answered with a dry run waits for the user's word (the extension asks)
  const [asking, setAsking] = useState<Record<string, unknown> | null>(null);
  const { save, errors, message, pending } = useRecordSave(
    entity,
    record,
    settingsGroupUuid,
    (saved, created) => {
      setDraft({ ...saved });
      onChanged(saved, created ? 'created' : 'updated');
      if (created) onClose();
    },
    extension?.confirmChange
      ? (reply) => {
          setAsking(reply);
          return true;
        }
      : undefined,
  );
  const editable = record ? Boolean(record.links.update) : true;
  /** A panel's action changed the record (a transition): show the new version everywhere. */
  const replaceRecord = (next: ApiRecord) => {
    client.setQueryData(recordKeys.detail(entity.name, next.uuid), next);
    setDraft({ ...next });
    onChanged(next, 'updated');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(draft);
  };
  return (
    <form className="hw-record-drawer-body" onSubmit={submit} noValidate>
      <div className={Classes.DRAWER_BODY}>
        <div className="hw-record-drawer-inner">
          {record && <RecordMeta record={record} />}
          {record?.archived_at && <Callout intent={Intent.WARNING}>{t('records.archivedHint')}</Callout>}
          <FormMessage message={message} />
          {!record && templates && templates.length > 0 && (
            <FormGroup label={t('records.fromTemplate')} labelFor={`record-${entity.name}-template`}>
              <HTMLSelect
                id={`record-${entity.name}-template`}
                // the template the grid's New menu started the form from
                defaultValue={templates.some((template) => template.uuid === createKey) ? createKey : ''}
                options={[
                  { value: '', label: t('records.noTemplate') },
                  ...templates.map((template) => ({ value: template.uuid, label: template.name })),
                ]}
                onChange={(event) => {
                  const chosen = templates.find((template) => template.uuid === event.currentTarget.value);
                  if (chosen) setDraft((d) => ({ ...d, ...templateDraft(chosen.values) }));
                }}
              />
            </FormGroup>
          )}
          <RecordForm
            entity={entity}
            draft={draft}
            onChange={(name, value) => setDraft((d) => ({ ...d, [name]: value }))}
            errors={errors}
            readOnly={!editable}
            creating={!record}
            format={format}
            lookupScope={settingsGroupUuid ? { settings_group_uuid: settingsGroupUuid } : {}}
            omit={extension?.ownFields}
          />
          {extension?.form?.({
            draft,
            onChange: (name, value) => setDraft((d) => ({ ...d, [name]: value })),
            errors,
            readOnly: !editable,
            creating: !record,
          })}
          {record && extension?.panels?.(record, replaceRecord)}
          {asking &&
            extension?.confirmChange?.({
              reply: asking,
              onChoose: (input) => {
                setAsking(null);
                save(draft, input);
              },
              onCancel: () => setAsking(null),
            })}
          {record && !entity.createdByUpload && <AttachmentsPanel model={entity.name} record={record} />}
          {record && <RelatedRecords entity={entity} uuid={record.uuid} omit={extension?.ownRelations} />}
          {record && entity.audit && <RecordHistory entity={entity} uuid={record.uuid} />}
        </div>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <div className="hw-record-actions">
          {editable && (
            <Button type="submit" intent={Intent.PRIMARY} icon={<FloppyDisk />} loading={pending}>
              {t('common.save')}
            </Button>
          )}
          {record && (
            <RecordActions
              entity={entity}
              record={record}
              onChanged={(r) => {
                client.setQueryData(recordKeys.detail(entity.name, r.uuid), r);
                onChanged(r, 'archived');
              }}
              onDeleted={onDeleted}
            />
          )}
          <span className="hw-spacer" />
          {record && pagePath && !asPage && (
            <Link className={Classes.BUTTON + ' ' + Classes.MINIMAL} to={pagePath(record.uuid)}>
              {t('records.openPage')}
            </Link>
          )}
          <Button variant="minimal" onClick={onClose}>
            {t('records.close')}
          </Button>
        </div>
      </div>
    </form>
  );
}

function RecordMeta({ record }: { record: ApiRecord }) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const at = (value: string | null) => (value ? t('records.at', { when: value, dateFormat: format.dateFormat }) : '');
  return (
    <dl className="hw-record-meta">
      <dt>{t('grid.system.created_by')}</dt>
      <dd>
        {record.created_by ?? '—'} {at(record.created_at)}
      </dd>
      <dt>{t('grid.system.updated_by')}</dt>
      <dd>
        {record.updated_by ?? '—'} {at(record.updated_at)}
      </dd>
      {record.archived_at && (
        <>
          <dt>{t('grid.system.archived_by')}</dt>
          <dd>
            {record.archived_by ?? '—'} {at(record.archived_at)}
          </dd>
        </>
      )}
    </dl>
  );
}
