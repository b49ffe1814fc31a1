// The open property delete requests of the selected settings group on /settings/licenses, for its admins
// (docs/domain/permissions.md, "Property deletion"): the property, who asked, whether the mailed link was confirmed,
// the day it will be deleted given its license (scheduled: its day; awaiting confirmation: the day after the license
// valid today, or at once without one), and Withdraw.
import { Alert, Button, Classes, H2, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { Undo } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { http } from '../../src/api/http';
import type { PropertyDeleteRequest } from '../../src/api/licenses.api';
import { notify, reportActionError } from '../../src/components/notices';
import { useFormat } from '../../src/components/use-format';
import { useTranslation } from '../../src/i18n';

interface Listed extends PropertyDeleteRequest {
  requested_by_name: string | null;
  licensed_until: string | null;
  confirmed_at: string | null;
  created_at: string;
  links: { withdraw?: string };
}

const COLUMNS = ['property', 'requestedBy', 'confirmed', 'deletedOn'] as const;
const DAY = 86_400_000;
const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

export function DeleteRequests({ sg }: { sg: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const key = ['licenses', 'delete-requests', sg];
  const list = useQuery({
    queryKey: key,
    queryFn: () => http.get<Listed[]>('property-delete-requests', { query: { settings_group_uuid: sg } }),
  });
  const [asking, setAsking] = useState<Listed | null>(null);
  const withdraw = useMutation({
    mutationFn: (req: Listed) => http.delete<unknown>(`property-delete-requests/${req.uuid}`),
    onSuccess: () => notify.success(t('admin.deleteRequests.withdrawn')),
    onError: reportActionError,
    onSettled: () => {
      setAsking(null);
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const open = (list.data ?? []).filter((r) => r.status === 'pending' || r.status === 'scheduled');
  const when = (r: Listed) =>
    r.status === 'scheduled' && r.delete_on
      ? format.date(r.delete_on)
      : r.licensed_until
        ? t('admin.deleteRequests.afterConfirmOn', { date: format.date(dayAfter(r.licensed_until)) })
        : t('admin.deleteRequests.atOnce');
  return (
    <section aria-labelledby="hw-delete-requests-title" style={{ marginTop: 24 }}>
      <H2 id="hw-delete-requests-title">{t('admin.deleteRequests.title')}</H2>
      {list.isSuccess && !open.length ? (
        <p className={Classes.TEXT_MUTED}>{t('admin.deleteRequests.empty')}</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <HTMLTable compact striped className="hw-table">
            <thead>
              <tr>
                {COLUMNS.map((key) => (
                  <th scope="col" key={key}>
                    {t(`admin.deleteRequests.${key}`)}
                  </th>
                ))}
                <th scope="col" aria-label={t('common.actions')} />
              </tr>
            </thead>
            <tbody>
              {open.map((r) => (
                <tr key={r.uuid}>
                  <td>{r.property_name ?? t('admin.deleteRequests.deletedProperty')}</td>
                  <td>
                    {r.requested_by_name ?? t('admin.deleteRequests.deletedUser')}
                    <div className={Classes.TEXT_MUTED}>{format.dateTime(r.created_at)}</div>
                  </td>
                  <td>
                    {r.confirmed_at ? (
                      <Tag minimal intent={Intent.WARNING}>
                        {t('admin.deleteRequests.confirmedOn', { date: format.date(r.confirmed_at) })}
                      </Tag>
                    ) : (
                      <Tag minimal>{t('admin.deleteRequests.awaiting')}</Tag>
                    )}
                  </td>
                  <td>{when(r)}</td>
                  <td>
                    {r.links.withdraw && (
                      <Button
                        size="small"
                        icon={<Undo />}
                        text={t('admin.deleteRequests.withdraw')}
                        aria-label={t('admin.deleteRequests.withdrawOf', { name: r.property_name ?? '' })}
                        onClick={() => setAsking(r)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <Alert
        isOpen={asking !== null}
        intent={Intent.PRIMARY}
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('admin.deleteRequests.withdraw')}
        loading={withdraw.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && withdraw.mutate(asking)}
      >
        {asking && t('admin.deleteRequests.withdrawConfirm', { name: asking.property_name ?? '' })}
      </Alert>
    </section>
  );
}
