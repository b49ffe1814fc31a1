// Creating and editing an access rule or a stored filter (docs/domain/permissions.md, "Access rules"): a dialog with
// the name, the model (fixed once saved: the API changes it on neither), the filter built field by field
// (filter-builder.tsx) and, for a rule, the stored filters of its model and the user groups that still see what it
// matches. The server's 422 messages show at their fields; anything else above the form. A saved one shows its
// History below.
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { Edit } from '@blueprintjs/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AccessRule, StoredFilter } from '../../src/entities/access-rules';
import {
  accessRuleKeys,
  createAccessRule,
  createFilter,
  fetchFilterGroups,
  fetchFilters,
  updateAccessRule,
  updateFilter,
} from '../../src/api/access-rules.api';
import { fetchUserGroups, permissionKeys } from '../../src/api/permissions.api';
import { fieldErrorsOf, isApiError } from '../../src/api/errors';
import { ErrorLines, FormMessage } from '../../src/components/form-fields';
import { notify } from '../../src/components/notices';
import type { AnyEntity } from '../../src/entities/define';
import { storedFilterFields } from '../../src/entities/list-rules';
import { entityByName, entityList } from '../../src/entities/registry';
import { useTranslation } from '../../src/i18n';
import { useRefreshAccess } from './admin-page';
import { FilterBuilder } from './filter-builder';
import { filterFromJson, filterToJson, type FilterJson } from './filter-json';
import { PickList } from './pick-list';
import { RecordHistory } from '../records/record-history';
import { accessRule, storedFilter } from '../../src/entities/administration';

/** The models a rule or filter can name: those of the registry with list filters. */
export const filterModels = () => entityList.filter((entity) => storedFilterFields(entity).length > 0);

/** A field's messages: its own and those below it (`filter.name` under `filter`). */
const messagesOf = (errors: Record<string, string[]>, key: string) => errors[key];

function FieldRow({
  id,
  label,
  messages,
  children,
}: {
  id?: string;
  label: string;
  messages: string[] | undefined;
  children: React.ReactNode;
}) {
  const invalid = Boolean(messages?.length);
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={invalid ? Intent.DANGER : Intent.NONE}
      helperText={<ErrorLines messages={messages} />}
    >
      {children}
    </FormGroup>
  );
}

export function AccessRuleDialog({
  sg,
  editing,
  onClose,
  kind,
}: {
  sg: string;
  editing: AccessRule | StoredFilter | 'new';
  onClose: () => void;
  kind: 'rule' | 'filter';
}) {
  const { t } = useTranslation();
  const refresh = useRefreshAccess();
  const current = editing === 'new' ? null : editing;
  const models = filterModels();
  const [name, setName] = useState(current?.name ?? '');
  const [model, setModel] = useState(current?.model ?? models[0]!.name);
  const entity: AnyEntity = entityByName(model) ?? models[0]!;
  const [filter, setFilter] = useState<FilterJson>(() => filterFromJson(entity, current?.filter ?? null));
  const rule = kind === 'rule' && current ? (current as AccessRule) : null;
  const [filterUuids, setFilterUuids] = useState<string[]>(rule?.filter_uuids ?? []);
  const [groups, setGroups] = useState<string[]>(rule?.user_group_uuids ?? []);
  const filters = useQuery({ queryKey: accessRuleKeys.filters(sg), queryFn: () => fetchFilters(sg) });
  const filterGroups = useQuery({ queryKey: accessRuleKeys.filterGroups(sg), queryFn: () => fetchFilterGroups(sg) });
  const groupName = new Map((filterGroups.data ?? []).map((g) => [g.uuid, g.name]));
  const [filterGroup, setFilterGroup] = useState<string>(
    kind === 'filter' ? ((current as StoredFilter | null)?.filter_group_uuid ?? '') : '',
  );
  const userGroups = useQuery({ queryKey: permissionKeys.userGroups(sg), queryFn: () => fetchUserGroups(sg) });
  const ns = kind === 'rule' ? 'admin.accessRules' : 'admin.storedFilters';

  const save = useMutation({
    mutationFn: async () => {
      const json = filterToJson(entity, filter);
      if (kind === 'filter') {
        const body = { name: name.trim(), filter: json, filter_group_uuid: filterGroup || null };
        return current ? updateFilter(current.uuid, body) : createFilter({ ...body, settings_group_uuid: sg, model });
      }
      const body = {
        name: name.trim(),
        filter_uuids: filterUuids,
        filter: Object.keys(json).length || !filterUuids.length ? json : null,
        user_group_uuids: groups,
      };
      return current
        ? updateAccessRule(current.uuid, body)
        : createAccessRule({ ...body, settings_group_uuid: sg, model });
    },
    onSuccess: (saved) => {
      notify.success(t(`${ns}.saved`, { name: saved.name }));
      void refresh();
      onClose();
    },
  });
  const errors = fieldErrorsOf(save.error);
  const error = isApiError(save.error) ? save.error : null;
  const known = ['name', 'model', 'filter', 'filter_uuids', 'user_group_uuids', 'filter_group_uuid'];
  const other = Object.entries(errors)
    .filter(([key]) => !known.includes(key) && !key.startsWith('filter.'))
    .flatMap(([, messages]) => messages);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const idp = `hw-${kind}`;
  // a rule's stored filters by their filter group (those without one first), each labelled with its group
  const grouped = (f: StoredFilter) => (f.filter_group_uuid ? (groupName.get(f.filter_group_uuid) ?? '') : '');
  const storedOfModel = (filters.data ?? [])
    .filter((f) => f.model === model)
    .sort((a, b) => grouped(a).localeCompare(grouped(b)) || a.name.localeCompare(b.name));

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(current ? `${ns}.editTitle` : `${ns}.createTitle`)}
      className="hw-access-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {error && !error.notified && error.status !== 422 && <FormMessage message={error.message} />}
          {other.length > 0 && <FormMessage message={other.join(' ')} />}
          <FieldRow id={`${idp}-name`} label={t('admin.accessRules.name')} messages={messagesOf(errors, 'name')}>
            <InputGroup
              id={`${idp}-name`}
              value={name}
              onValueChange={setName}
              maxLength={120}
              intent={errors.name ? Intent.DANGER : Intent.NONE}
              autoFocus
            />
          </FieldRow>
          <FieldRow id={`${idp}-model`} label={t('admin.accessRules.model')} messages={messagesOf(errors, 'model')}>
            <HTMLSelect
              id={`${idp}-model`}
              value={model}
              disabled={Boolean(current)}
              onChange={(event) => {
                setModel(event.currentTarget.value);
                setFilter({});
                setFilterUuids([]);
              }}
              options={models.map((m) => ({ value: m.name, label: t(`entities.${m.name}.plural`) }))}
            />
          </FieldRow>
          {kind === 'filter' && (
            <FieldRow
              id={`${idp}-group`}
              label={t('admin.storedFilters.group')}
              messages={messagesOf(errors, 'filter_group_uuid')}
            >
              <HTMLSelect
                id={`${idp}-group`}
                value={filterGroup}
                onChange={(event) => setFilterGroup(event.currentTarget.value)}
                options={[
                  { value: '', label: t('admin.storedFilters.noGroup') },
                  ...(filterGroups.data ?? []).map((g) => ({ value: g.uuid, label: g.name })),
                ]}
              />
            </FieldRow>
          )}
          {kind === 'rule' && (
            <FieldRow label={t('admin.accessRules.storedFilters')} messages={messagesOf(errors, 'filter_uuids')}>
              {storedOfModel.length ? (
                <PickList
                  label={t('admin.accessRules.storedFilters')}
                  options={storedOfModel.map((f) => ({
                    value: f.uuid,
                    label: grouped(f) ? `${grouped(f)} › ${f.name}` : f.name,
                  }))}
                  value={filterUuids}
                  onChange={setFilterUuids}
                />
              ) : (
                <span className="bp6-text-muted">{t('admin.accessRules.noStoredFilters')}</span>
              )}
            </FieldRow>
          )}
          <FieldRow
            label={t(kind === 'rule' ? 'admin.accessRules.ownFilter' : 'admin.storedFilters.filter')}
            messages={messagesOf(errors, 'filter')}
          >
            <FilterBuilder
              key={model}
              entity={entity}
              value={filter}
              onChange={setFilter}
              errors={errors}
              settingsGroup={sg}
              idPrefix={idp}
            />
          </FieldRow>
          {kind === 'rule' && (
            <>
              <p className="bp6-text-muted hw-access-hint">{t('admin.accessRules.filterHint')}</p>
              <FieldRow label={t('admin.accessRules.userGroups')} messages={messagesOf(errors, 'user_group_uuids')}>
                <PickList
                  label={t('admin.accessRules.userGroups')}
                  options={(userGroups.data ?? []).map((g) => ({ value: g.uuid, label: g.name }))}
                  value={groups}
                  onChange={setGroups}
                />
              </FieldRow>
              <p className="bp6-text-muted hw-access-hint">{t('admin.accessRules.userGroupsHint')}</p>
            </>
          )}
          {current && <RecordHistory entity={kind === 'rule' ? accessRule : storedFilter} uuid={current.uuid} />}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={save.isPending} disabled={!name.trim()}>
                {t('common.save')}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}

/** A row's edit button cell (a rule or a stored filter). */
export function EditCell({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <td className="hw-access-actions">
      <Button
        variant="minimal"
        icon={<Edit />}
        aria-label={t('admin.accessRules.editOf', { name })}
        title={t('admin.accessRules.edit')}
        onClick={onClick}
      />
    </td>
  );
}

/** The dialog while something is being edited ('new' or the record), closed on null. */
export function EditorDialog(props: {
  sg: string;
  kind: 'rule' | 'filter';
  editing: AccessRule | StoredFilter | 'new' | null;
  onClose: () => void;
}) {
  const { editing } = props;
  if (!editing) return null;
  const key = editing === 'new' ? 'new' : `${editing.uuid}:${editing.updated_at}`;
  return <AccessRuleDialog key={key} {...props} editing={editing} />;
}
