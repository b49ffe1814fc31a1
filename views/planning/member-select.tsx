// A select of the members of a settings group (GET /settings-groups/{uuid}/members): the colleagues a ticket can be
// assigned or delegated to.
import { HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../src/api/http';
import { useTranslation } from '../../src/i18n';

interface Member {
  user_uuid: string;
  name: string;
}

export function MemberSelect({
  id,
  settingsGroupUuid,
  value,
  onChange,
  allowNone = false,
}: {
  id: string;
  settingsGroupUuid: string;
  value: string | null;
  onChange: (userUuid: string | null) => void;
  allowNone?: boolean;
}) {
  const { t } = useTranslation();
  const members = useQuery({
    queryKey: ['settings-group-members', settingsGroupUuid],
    queryFn: () => http.get<Member[]>(`settings-groups/${settingsGroupUuid}/members`),
    staleTime: 60_000,
  });
  return (
    <HTMLSelect
      id={id}
      fill
      value={value ?? ''}
      disabled={!members.data}
      onChange={(e) => onChange(e.currentTarget.value || null)}
      options={[
        { value: '', label: allowNone ? t('planning.ticket.nobody') : t('planning.ticket.pickMember') },
        ...(members.data ?? []).map((m) => ({ value: m.user_uuid, label: m.name })),
      ]}
    />
  );
}
