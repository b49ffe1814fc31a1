// /settings/permissions: the permission groups of the selected settings group (docs/domain/permissions.md,
// "Permission groups"): a list to pick one, create, rename in place, delete; the picked one's rights matrix and the
// user groups it applies to, saved together with one PATCH, and its History (docs/decisions.md, "Administration
// tables in grids": the matrix keeps this page).
import { Button, Callout, Classes, FormGroup, H2, HTMLTable, Intent, NonIdealState } from '@blueprintjs/core';
import { FloppyDisk } from '@blueprintjs/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PermissionGroup, Rights } from '../../src/entities/permissions';
import {
  createPermissionGroup,
  deletePermissionGroup,
  fetchPermissionGroups,
  fetchUserGroups,
  permissionKeys,
  updatePermissionGroup,
} from '../../src/api/permissions.api';
import { notify } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import { AccessRulesSection } from './access-rules-section';
import { adminPage, useOutcome, type AdminBodyProps } from './admin-page';
import { CreateForm } from './create-form';
import { NameCell } from './name-cell';
import { PickList } from './pick-list';
import { RemoveButton, useRemoval } from './removal';
import { RightsMatrix } from './rights-matrix';
import { RecordHistory } from '../records/record-history';
import { permissionGroup } from '../../src/entities/administration';
import { StoredFiltersSection } from './stored-filters-section';

const sameRights = (a: Rights, b: Rights) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((uuid) => b.includes(uuid));

/** The picked group's rights and user groups, edited as a draft until Save. */
function GroupEditor({ group, sg, report }: AdminBodyProps & { group: PermissionGroup }) {
  const { t } = useTranslation();
  const outcome = useOutcome(report);
  const userGroups = useQuery({ queryKey: permissionKeys.userGroups(sg), queryFn: () => fetchUserGroups(sg) });
  const [rights, setRights] = useState<Rights>(group.rights);
  const [applies, setApplies] = useState<string[]>(group.user_group_uuids);
  const dirty = !sameRights(rights, group.rights) || !sameSet(applies, group.user_group_uuids);
  const save = useMutation({
    mutationFn: () => updatePermissionGroup(group.uuid, { rights, user_group_uuids: applies }),
    onSuccess: () => {
      notify.success(t('permissions.groups.saved', { name: group.name }));
      outcome.onSuccess();
    },
    onError: outcome.onError,
  });
  return (
    <section className="hw-access-editor" aria-label={group.name}>
      <H2 className="hw-access-editor-title">{group.name}</H2>
      <FormGroup label={t('permissions.groups.appliesTo')} className="hw-access-applies">
        <PickList
          label={t('permissions.groups.appliesTo')}
          options={(userGroups.data ?? []).map((ug) => ({ value: ug.uuid, label: ug.name }))}
          value={applies}
          onChange={setApplies}
        />
      </FormGroup>
      {!applies.length && (
        <Callout intent={Intent.WARNING} className="hw-form-message">
          {t('permissions.groups.noUserGroups')}
        </Callout>
      )}
      <div className="hw-access-matrix">
        <RightsMatrix rights={rights} onChange={setRights} />
      </div>
      <div className="hw-access-save">
        <Button
          intent={Intent.PRIMARY}
          icon={<FloppyDisk />}
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          {t('common.save')}
        </Button>
        {dirty && <span className={Classes.TEXT_MUTED}>{t('permissions.groups.unsaved')}</span>}
      </div>
      <RecordHistory entity={permissionGroup} uuid={group.uuid} />
    </section>
  );
}

function PermissionGroups({ sg, report }: AdminBodyProps) {
  const { t } = useTranslation();
  const outcome = useOutcome(report);
  const groups = useQuery({ queryKey: permissionKeys.permissionGroups(sg), queryFn: () => fetchPermissionGroups(sg) });
  const [picked, setPicked] = useState<string | null>(null);
  const list = groups.data ?? [];
  const current = list.find((group) => group.uuid === picked) ?? list[0] ?? null;
  const rename = useMutation({
    mutationFn: ({ uuid, name }: { uuid: string; name: string }) => updatePermissionGroup(uuid, { name }),
    ...outcome,
  });
  const removal = useRemoval({
    remove: (group: PermissionGroup) => deletePermissionGroup(group.uuid),
    question: (group) => t('permissions.groups.deleteConfirm', { name: group.name }),
    report,
  });

  return (
    <>
      <p className={Classes.TEXT_MUTED}>{t('permissions.groups.intro')}</p>
      <CreateForm
        label={t('permissions.groups.name')}
        button={t('permissions.groups.create')}
        onCreate={(name) =>
          createPermissionGroup({ settings_group_uuid: sg, name }).then((group) => {
            setPicked(group.uuid);
            outcome.onSuccess();
          })
        }
        report={report}
      />
      {groups.isSuccess && list.length === 0 ? (
        <NonIdealState title={t('permissions.groups.empty')} description={t('permissions.groups.defaults')} />
      ) : (
        <>
          <HTMLTable interactive className="hw-table hw-access-list">
            <thead>
              <tr>
                <th scope="col">{t('permissions.groups.column')}</th>
                <th scope="col" aria-label={t('permissions.actions')} />
              </tr>
            </thead>
            <tbody>
              {list.map((group) => (
                <tr
                  key={group.uuid}
                  aria-selected={group.uuid === current?.uuid}
                  className={group.uuid === current?.uuid ? 'hw-row-selected' : undefined}
                  onClick={() => setPicked(group.uuid)}
                >
                  <td>
                    <NameCell name={group.name} onRename={(name) => rename.mutate({ uuid: group.uuid, name })} />
                  </td>
                  <RemoveButton name={group.name} onClick={() => removal.ask(group)} />
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          {current && (
            <GroupEditor key={`${current.uuid}:${current.updated_at}`} group={current} sg={sg} report={report} />
          )}
        </>
      )}
      {removal.dialog}
      <AccessRulesSection sg={sg} report={report} />
      <StoredFiltersSection sg={sg} report={report} />
    </>
  );
}

export const PermissionsView = adminPage('permissions', PermissionGroups);
