// /property-delete-requests/confirm/{token}, the page of the mailed link (docs/domain/permissions.md, "Property
// deletion"): opening it changes nothing (a mail scanner may follow links); the requesting admin, signed in,
// confirms with the button, which posts the token. The reply says whether the property is gone or when it will go.
import { Button, Callout, Card, Classes, Intent } from '@blueprintjs/core';
import { Trash } from '@blueprintjs/icons';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isApiError } from '../../src/api/errors';
import { confirmPropertyDeletion } from '../../src/api/licenses.api';
import { useDocumentTitle } from '../../src/components/use-document-title';
import { useFormat } from '../../src/components/use-format';
import { useTranslation } from '../../src/i18n';

export function PropertyDeleteConfirmPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const { token = '' } = useParams();
  useDocumentTitle(t('admin.propertyDeletion.confirmTitle'));
  const confirm = useMutation({ mutationFn: () => confirmPropertyDeletion(token) });
  const done = confirm.data;
  return (
    <div className="hw-page">
      <header className="hw-page-header">
        <h1 className={Classes.HEADING}>{t('admin.propertyDeletion.confirmTitle')}</h1>
      </header>
      <Card>
        {done ? (
          <Callout intent={done.status === 'withdrawn' ? Intent.WARNING : Intent.SUCCESS} role="status">
            {t(`admin.propertyDeletion.result.${done.status}`, {
              name: done.property_name ?? '',
              date: done.delete_on ? format.date(done.delete_on) : '',
            })}
          </Callout>
        ) : (
          <>
            <p>{t('admin.propertyDeletion.confirmText')}</p>
            {isApiError(confirm.error) && (
              <Callout intent={Intent.DANGER} role="alert">
                {confirm.error.status === 404 ? t('admin.propertyDeletion.invalid') : confirm.error.message}
              </Callout>
            )}
            <Button
              intent={Intent.DANGER}
              icon={<Trash />}
              loading={confirm.isPending}
              text={t('admin.propertyDeletion.confirm')}
              onClick={() => confirm.mutate()}
            />
          </>
        )}
      </Card>
    </div>
  );
}
