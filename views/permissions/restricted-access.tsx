// The settings group's restricted access switch (docs/domain/permissions.md, "Restricted access"), beside its other
// admin settings (the allowed e-mail domains): saved at once with `PATCH /settings-groups/{uuid}`.
import { Card, FormGroup, Switch } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys, useSettingsGroup } from '../../src/api/queries';
import { http } from '../../src/api/http';
import type { SettingsGroup } from '../../src/entities/account';
import { notify, reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';

export function RestrictedAccess({ sg }: { sg: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: group } = useSettingsGroup(sg);
  const save = useMutation({
    mutationFn: (on: boolean) => http.patch<SettingsGroup>(`settings-groups/${sg}`, { restricted_access: on }),
    onSuccess: async (updated) => {
      notify.success(t(updated.restricted_access ? 'admin.restrictedAccess.on' : 'admin.restrictedAccess.off'));
      client.setQueryData(queryKeys.settingsGroup(sg), updated);
      await client.invalidateQueries({ queryKey: queryKeys.settingsGroups });
    },
    onError: reportActionError,
  });
  return (
    <Card className="hw-invitations-card">
      <FormGroup
        label={t('admin.restrictedAccess.title')}
        labelFor="hw-restricted-access"
        helperText={t('admin.restrictedAccess.explain')}
      >
        <Switch
          id="hw-restricted-access"
          checked={Boolean(group?.restricted_access)}
          disabled={!group || save.isPending}
          label={t('admin.restrictedAccess.label')}
          onChange={(event) => save.mutate(event.currentTarget.checked)}
        />
      </FormGroup>
    </Card>
  );
}
