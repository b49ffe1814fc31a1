// The facilities a contract covers (many-to-many, facilities of the contract's property): listed with a link to
// each, added through the facility lookup and removed one by one while the contract's `facilities` link allows.
import { Button, Callout, Classes, H4, Intent, PopoverNext } from '@blueprintjs/core';
import { Cross, Plus } from '@blueprintjs/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useReturnFocus } from '../../src/components/use-return-focus';
import { Link } from 'react-router';
import { http } from '../../src/api/http';
import { notify, reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import { RefLookup } from '../../grids/ref-lookup';
import { recordKeys, type ApiRecord } from '../../src/api/records';
import { linkPath } from '../planning/link-actions';
import { recordPath } from '../records/model-paths';

export function LinkedFacilities({ record }: { record: ApiRecord }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const key = recordKeys.related('facility', 'contract', record.uuid);
  const facilities = useQuery({
    queryKey: key,
    queryFn: () => http.get<ApiRecord[]>(`contracts/${record.uuid}/facilities`),
  });
  const save = useMutation({
    mutationFn: (uuids: string[]) =>
      http.put<ApiRecord[]>(linkPath(record.links.facilities!), { facility_uuids: uuids }),
    onSuccess: (rows) => {
      client.setQueryData(key, rows);
      notify.success(t('contracts.facilities.saved'));
    },
    onError: reportActionError,
  });
  const current = facilities.data ?? [];
  const editable = Boolean(record.links.facilities);
  const titleId = `contract-facilities-${record.uuid}`;
  const { target: addButton, onClosed } = useReturnFocus();
  const add = (uuid: string | null) => {
    setAdding(false);
    if (uuid && !current.some((f) => f.uuid === uuid)) save.mutate([...current.map((f) => f.uuid), uuid]);
  };
  return (
    <section className="hw-contract-panel" aria-labelledby={titleId}>
      <H4 id={titleId}>{t('contracts.facilities.title')}</H4>
      {facilities.isError && <Callout intent={Intent.WARNING}>{t('contracts.loadFailed')}</Callout>}
      {facilities.data && !current.length && <p className={Classes.TEXT_MUTED}>{t('contracts.facilities.none')}</p>}
      {current.length > 0 && (
        <ul className="hw-contract-list">
          {current.map((facility) => {
            const name = String(facility.name ?? '') || t('grid.untitled');
            return (
              <li key={facility.uuid}>
                <Link to={recordPath('facility', facility.uuid)!}>{name}</Link>
                {editable && (
                  <Button
                    size="small"
                    variant="minimal"
                    icon={<Cross />}
                    aria-label={t('contracts.facilities.remove', { name })}
                    disabled={save.isPending}
                    onClick={() => save.mutate(current.filter((f) => f.uuid !== facility.uuid).map((f) => f.uuid))}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editable && (
        <PopoverNext
          shouldReturnFocusOnClose={false}
          onClosed={onClosed}
          isOpen={adding}
          onInteraction={setAdding}
          placement="bottom-start"
          content={
            <RefLookup
              model="facility"
              scope={{ property_uuids: [String(record.property_uuid)] }}
              allowClear={false}
              onPick={add}
              onCancel={() => setAdding(false)}
            />
          }
        >
          <Button ref={addButton} icon={<Plus />} variant="minimal" loading={save.isPending}>
            {t('contracts.facilities.add')}
          </Button>
        </PopoverNext>
      )}
    </section>
  );
}
