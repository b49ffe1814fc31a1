// A bill's drawer and record page panels: pay, cancel and reopen as its links allow (docs/domain/states.md,
// "States and transitions"), and its expense lines, whose sum is the bill's amount once it has any
// (docs/domain/fields.md, "Models"). A line that would overspend the bill's budget is refused or warned about by
// the server (docs/domain/calculations.md, "Budgets").
import { useQueryClient } from '@tanstack/react-query';
import { reportActionError } from '../../src/components/notices';
import { bill as billEntity, expense } from '../../src/entities/bill';
import { useTranslation } from '../../src/i18n';
import { getRecord, invalidateRecords, type ApiRecord } from '../../src/api/records';
import { ActionButtons } from '../records/action-buttons';
import type { DrawerExtension } from '../records/drawer-extension';
import { RecordLines } from '../records/record-lines';

export const BILL_ACTIONS = ['pay', 'cancel', 'reopen'] as const;

/** The bill drawer's additions (`DRAWER_EXTENSIONS`, src/app/page-loaders.ts). */
export const billExtension: DrawerExtension = {
  ownRelations: ['expense'],
  panels: (record, onChanged) => <BillPanels record={record} onChanged={onChanged} />,
};

function BillPanels({ record, onChanged }: { record: ApiRecord; onChanged: (record: ApiRecord) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // a line changes the bill's amount and what its budget has left
  const reload = () => {
    void getRecord(billEntity, record.uuid).then(onChanged, reportActionError);
    invalidateRecords(client, 'budget');
  };
  const changed = (saved: ApiRecord) => {
    onChanged(saved);
    invalidateRecords(client, 'budget');
  };
  return (
    <>
      <section className="hw-lines-panel">
        <ActionButtons model="bill" record={record} actions={BILL_ACTIONS} onChanged={changed} />
      </section>
      <RecordLines
        entity={expense}
        parentField="bill_uuid"
        parent={record}
        onTotals={reload}
        texts={{
          heading: t('entities.expense.plural'),
          add: t('entities.expense.add'),
          remove: (title) => t('entities.expense.remove', { title }),
          total: t('entities.expense.total', { currency: String(record.currency ?? '') }),
        }}
      />
    </>
  );
}
