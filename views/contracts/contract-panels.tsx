// A contract's drawer panels: cancel and extend (as the record's links allow; each asks in its own dialog), the
// extension history and the linked facilities.
import { Button, ButtonGroup, Callout, Classes, H4, Intent, Tag } from '@blueprintjs/core';
import { BanCircle, Refresh } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { http } from '../../src/api/http';
import { useTranslation } from '../../src/i18n';
import { formatDateTime } from '../../src/i18n/format';
import type { ApiRecord } from '../../src/api/records';
import { useGridFormat } from '../../grids/use-grid-format';
import type { DrawerExtension } from '../records/drawer-extension';
import { CancelDialog, ExtendDialog } from './contract-dialogs';
import { LinkedFacilities } from './linked-facilities';
import './contracts.css';

interface Extension {
  uuid: string;
  previous_end_date: string;
  new_end_date: string;
  months: number;
  automatic: boolean;
  created_at: string;
  created_by: string | null;
}

/** The contract drawer's additions (`DRAWER_EXTENSIONS`, src/app/page-loaders.ts). */
export const contractExtension: DrawerExtension = {
  panels: (record, onChanged) => <ContractPanels record={record} onChanged={onChanged} />,
};

export function ContractPanels({ record, onChanged }: { record: ApiRecord; onChanged: (record: ApiRecord) => void }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'cancel' | 'extend' | null>(null);
  return (
    <>
      {(record.links.cancel || record.links.extend) && (
        <section className="hw-contract-panel">
          <ButtonGroup className="hw-contract-actions" aria-label={t('contracts.actions.label')}>
            {record.links.cancel && (
              <Button icon={<BanCircle />} onClick={() => setDialog('cancel')}>
                {t('contracts.actions.cancel')}
              </Button>
            )}
            {record.links.extend && (
              <Button icon={<Refresh />} onClick={() => setDialog('extend')}>
                {t('contracts.actions.extend')}
              </Button>
            )}
          </ButtonGroup>
          <CancelDialog
            record={record}
            isOpen={dialog === 'cancel'}
            onClose={() => setDialog(null)}
            onChanged={onChanged}
          />
          <ExtendDialog
            record={record}
            isOpen={dialog === 'extend'}
            onClose={() => setDialog(null)}
            onChanged={onChanged}
          />
        </section>
      )}
      <ExtensionHistory record={record} />
      <LinkedFacilities record={record} />
    </>
  );
}

function ExtensionHistory({ record }: { record: ApiRecord }) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const history = useQuery({
    queryKey: ['contract-extensions', record.uuid, record.updated_at],
    queryFn: () => http.get<Extension[]>(`contracts/${record.uuid}/extensions`),
  });
  const titleId = `contract-extensions-${record.uuid}`;
  return (
    <section className="hw-contract-panel" aria-labelledby={titleId}>
      <H4 id={titleId}>{t('contracts.history.title')}</H4>
      {history.isError && <Callout intent={Intent.WARNING}>{t('contracts.loadFailed')}</Callout>}
      {history.data && !history.data.length && <p className={Classes.TEXT_MUTED}>{t('contracts.history.none')}</p>}
      {history.data && history.data.length > 0 && (
        <ul className="hw-contract-list">
          {history.data.map((row) => (
            <li key={row.uuid}>
              {t('contracts.history.row', {
                from: row.previous_end_date,
                to: row.new_end_date,
                count: row.months,
                dateFormat: format.dateFormat,
              })}{' '}
              {row.automatic && (
                <Tag minimal round>
                  {t('contracts.history.automatic')}
                </Tag>
              )}
              <span className={Classes.TEXT_MUTED}>
                {' '}
                {row.created_by
                  ? t('contracts.history.by', {
                      name: row.created_by,
                      when: row.created_at,
                      dateFormat: format.dateFormat,
                    })
                  : formatDateTime(row.created_at, format.dateFormat)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
