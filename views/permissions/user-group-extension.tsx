// A user group's drawer and record page (docs/domain/permissions.md, "User groups"): its members are picked from the
// members of its settings group (checkboxes, as on the members page) instead of typed; saved with the drawer's Save.
// The grid's members cell takes names or e-mails separated by `;` (grids/refs-cells.ts).
import { FormGroup, Intent } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { fetchMembers, permissionKeys } from '../../src/api/permissions.api';
import { ErrorLines } from '../../src/components/form-fields';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { useTranslation } from '../../src/i18n';
import type { DrawerExtension, FormExtensionProps } from '../records/drawer-extension';
import { PickList } from './pick-list';
import './permissions.css';

export const userGroupExtension: DrawerExtension = {
  ownFields: ['member_uuids'],
  form: (props) => <MembersField {...props} />,
};

function MembersField({ draft, onChange, errors, readOnly }: FormExtensionProps) {
  const { t } = useTranslation();
  const { current } = useSelectedSettingsGroup();
  const sg = typeof draft.settings_group_uuid === 'string' ? draft.settings_group_uuid : (current?.uuid ?? '');
  const members = useQuery({
    queryKey: permissionKeys.members(sg),
    queryFn: () => fetchMembers(sg),
    enabled: Boolean(sg),
  });
  const label = t('entities.user_group.fields.member_uuids');
  const messages = errors.member_uuids;
  return (
    <FormGroup
      label={label}
      intent={messages?.length ? Intent.DANGER : Intent.NONE}
      helperText={messages?.length ? <ErrorLines messages={messages} /> : undefined}
    >
      <PickList
        label={label}
        options={(members.data ?? []).map((m) => ({ value: m.user_uuid, label: m.name }))}
        value={Array.isArray(draft.member_uuids) ? draft.member_uuids.map(String) : []}
        disabled={readOnly || !members.data}
        onChange={(uuids) => onChange('member_uuids', uuids)}
      />
    </FormGroup>
  );
}
