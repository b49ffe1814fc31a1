// Cancel and extend a contract (docs/domain/calculations.md, "Contract deadlines"). Cancel asks for the cancellation date (today by
// default); a date after the latest cancellation date is said so and needs "Cancel anyway" (the server asks the same
// with a 422). Extend asks for the months (the contract's extension period by default) and shows the new end date.
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, Intent } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../src/api/errors';
import { notify, reportActionError } from '../../src/components/notices';
import { contract } from '../../src/entities/contract';
import { extendedEndDate, isLateCancellation } from '../../src/domain/contract-deadlines';
import { useTranslation } from '../../src/i18n';
import { InvalidInput } from '../../grids/format-value';
import type { ApiRecord } from '../../src/api/records';
import { useGridFormat } from '../../grids/use-grid-format';
import { isoDate } from '../calendar/calendar-shortcuts';
import { runAction } from '../planning/link-actions';
import { FIELD_INPUTS } from '../records/field-inputs';

interface Props {
  record: ApiRecord;
  isOpen: boolean;
  onClose: () => void;
  onChanged: (record: ApiRecord) => void;
}

const DateInput = FIELD_INPUTS.date;
const IntInput = FIELD_INPUTS.int;
const dateField = { model: 'contract', name: 'cancellation_date', field: contract.fields.cancellation_date };
const monthsField = { model: 'contract', name: 'extension_period', field: contract.fields.extension_period };

export function CancelDialog(props: Props) {
  const { t } = useTranslation();
  const title = String(props.record.title ?? '');
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('contracts.cancel.title', { title })}>
      {props.isOpen && <CancelForm {...props} />}
    </Dialog>
  );
}

function CancelForm({ record, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const [date, setDate] = useState<unknown>(() => isoDate(new Date()));
  const [serverLate, setServerLate] = useState<string | null>(null);
  const latest = (record.latest_cancellation_date as string | null) ?? null;
  const valid = typeof date === 'string';
  const late = valid && isLateCancellation(date, latest);
  const cancel = useMutation({
    mutationFn: (confirmed: boolean) =>
      runAction('contract', record, 'cancel', { cancellation_date: date, ...(confirmed ? { confirmed } : {}) }),
    onSuccess: (saved) => {
      notify.success(t('contracts.done.cancel'));
      onChanged(saved);
      onClose();
    },
    onError: (error) => {
      const message = fieldErrorsOf(error).cancellation_date?.[0];
      if (isApiError(error) && error.status === 422 && message) setServerLate(message);
      else reportActionError(error);
    },
  });
  const needsConfirm = late || serverLate !== null;
  return (
    <>
      <DialogBody>
        <FormGroup label={t('contracts.cancel.date')} labelFor="contract-cancel-date">
          <DateInput
            id="contract-cancel-date"
            fieldRef={dateField}
            value={date}
            onChange={(v) => {
              setDate(v);
              setServerLate(null);
            }}
            invalid={date instanceof InvalidInput || date === null}
            format={format}
            draft={record}
            lookupScope={{}}
          />
        </FormGroup>
        <p>
          {latest
            ? t('contracts.cancel.latest', { date: latest, dateFormat: format.dateFormat })
            : t('contracts.cancel.noLatest')}
        </p>
        {needsConfirm && (
          <Callout intent={Intent.WARNING}>
            {serverLate ?? t('contracts.cancel.late', { date: latest, dateFormat: format.dateFormat })}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('records.close')}</Button>
            <Button
              intent={needsConfirm ? Intent.DANGER : Intent.PRIMARY}
              disabled={!valid}
              loading={cancel.isPending}
              onClick={() => cancel.mutate(needsConfirm)}
            >
              {needsConfirm ? t('contracts.cancel.confirmLate') : t('contracts.actions.cancel')}
            </Button>
          </>
        }
      />
    </>
  );
}

export function ExtendDialog(props: Props) {
  const { t } = useTranslation();
  const title = String(props.record.title ?? '');
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('contracts.extend.title', { title })}>
      {props.isOpen && <ExtendForm {...props} />}
    </Dialog>
  );
}

function ExtendForm({ record, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const [months, setMonths] = useState<unknown>(() => record.extension_period ?? null);
  const valid = typeof months === 'number' && Number.isInteger(months) && months >= 1 && months <= 120;
  const end = record.contract_end_date as string | null;
  const extend = useMutation({
    mutationFn: () => runAction('contract', record, 'extend', { extension_period: months }),
    onSuccess: (saved) => {
      notify.success(t('contracts.done.extend'));
      onChanged(saved);
      onClose();
    },
    onError: reportActionError,
  });
  return (
    <>
      <DialogBody>
        <FormGroup label={t('contracts.extend.months')} labelFor="contract-extend-months">
          <IntInput
            id="contract-extend-months"
            fieldRef={monthsField}
            value={months}
            onChange={setMonths}
            invalid={months !== null && !valid}
            format={format}
            draft={record}
            lookupScope={{}}
          />
        </FormGroup>
        {end && valid && (
          <p>
            {t('contracts.extend.newEnd', {
              from: end,
              to: extendedEndDate(end, months),
              dateFormat: format.dateFormat,
            })}
          </p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('records.close')}</Button>
            <Button
              intent={Intent.PRIMARY}
              disabled={!valid}
              loading={extend.isPending}
              onClick={() => extend.mutate()}
            >
              {t('contracts.actions.extend')}
            </Button>
          </>
        }
      />
    </>
  );
}
