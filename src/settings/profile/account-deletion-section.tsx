// Account deletion (docs/domain/sign-in.md, "Account deletion"): request → e-mailed link → deleted 30 days later unless the user
// signs in.
import { Alert, Button, Callout, Card, Classes, H2, Intent } from '@blueprintjs/core';
import { Trash, WarningSign } from '@blueprintjs/icons';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import type { User } from '../../entities/account';
import { requestAccountDeletion } from '../../api/account.api';
import { FormMessage, useFormErrors } from '../../components/form-fields';
import { notify } from '../../components/notices';
import { useFormat } from '../../components/use-format';

export function AccountDeletionSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const form = useFormErrors();

  const request = useMutation({
    mutationFn: requestAccountDeletion,
    onSuccess: (reply) => notify.success(reply?.message ?? t('profile.deletion.requested')),
    onError: form.fromError,
    onSettled: () => setConfirming(false),
  });

  return (
    <Card className="hw-profile-card" id="deletion">
      <H2>{t('profile.deletion.title')}</H2>
      <FormMessage message={form.message} />
      {user.date_to_delete ? (
        <Callout intent={Intent.WARNING} icon={<WarningSign />} role="status">
          {t('profile.deletion.scheduled', { date: format.date(user.date_to_delete) })}
        </Callout>
      ) : (
        <>
          <p className={Classes.TEXT_MUTED}>{t('profile.deletion.hint')}</p>
          <Button
            intent={Intent.DANGER}
            icon={<Trash />}
            onClick={() => setConfirming(true)}
            text={t('profile.deletion.request')}
          />
        </>
      )}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon={<Trash />}
        loading={request.isPending}
        confirmButtonText={t('profile.deletion.confirm')}
        cancelButtonText={t('common.cancel')}
        onConfirm={() => request.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {t('profile.deletion.confirmText')}
      </Alert>
    </Card>
  );
}
