// The ticket actions that need input: assign (to a colleague, or nobody), delegate (to a colleague or a contact,
// with a comment) and create order (kind and, for an external order, the contractor). Create order opens the new
// order, which carries the ticket's description.
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
  Radio,
  RadioGroup,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify, reportActionError } from '../../src/components/notices';
import { order } from '../../src/entities/order';
import { useTranslation } from '../../src/i18n';
import type { ApiRecord } from '../../src/api/records';
import { useGridFormat } from '../../grids/use-grid-format';
import { FIELD_INPUTS } from '../records/field-inputs';
import { postLink, runAction } from './link-actions';
import { MemberSelect } from './member-select';

export type TicketDialogAction = 'assign' | 'delegate' | 'create-order';

interface Props {
  record: ApiRecord;
  action: TicketDialogAction | null;
  onClose: () => void;
  onChanged: (record: ApiRecord) => void;
}

const ContactInput = FIELD_INPUTS.ref;
const contactField = { model: 'order', name: 'contact_uuid', field: order.fields.contact_uuid };

export function TicketDialog({ record, action, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const format = useGridFormat();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [contact, setContact] = useState<string | null>(null);
  const [user, setUser] = useState<string | null>((record.assignee_user_uuid as string | null) ?? null);
  const [target, setTarget] = useState<'user' | 'contact'>('user');
  const [comment, setComment] = useState('');
  const [kind, setKind] = useState<'internal' | 'external'>('external');
  const submit = useMutation({
    mutationFn: () => {
      if (action === 'assign') return runAction('ticket', record, 'assign', { user_uuid: user });
      if (action === 'delegate')
        return runAction(
          'ticket',
          record,
          'delegate',
          target === 'user' ? { user_uuid: user, comment } : { contact_uuid: contact, comment },
        );
      return postLink(record.links.create_order!, { kind, contact_uuid: kind === 'external' ? contact : undefined });
    },
    onSuccess: (saved) => {
      onClose();
      if (action === 'assign' || action === 'delegate') {
        notify.success(t(`planning.ticket.done.${action}`));
        // a delegation's comment joins the ticket's comments
        if (action === 'delegate') void client.invalidateQueries({ queryKey: ['ticket-comments', record.uuid] });
        onChanged(saved);
      } else {
        notify.success(t('planning.ticket.orderCreated'));
        void navigate(`/orders?record=${saved.uuid}`);
      }
    },
    onError: reportActionError,
  });
  const needsContact =
    (action === 'delegate' && target === 'contact') || (action === 'create-order' && kind === 'external');
  const needsUser = action === 'delegate' && target === 'user';
  const settingsGroupUuid = String(record.settings_group_uuid);
  return (
    <Dialog isOpen={action !== null} onClose={onClose} title={action ? t(`planning.ticket.actions.${action}`) : ''}>
      <DialogBody>
        {action === 'create-order' && (
          <FormGroup label={t('entities.order.fields.kind')} labelFor="create-order-kind">
            <HTMLSelect
              id="create-order-kind"
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value as 'internal' | 'external')}
              options={[
                { value: 'internal', label: t('enums.order.kind.internal') },
                { value: 'external', label: t('enums.order.kind.external') },
              ]}
            />
          </FormGroup>
        )}
        {action === 'delegate' && (
          <RadioGroup
            label={t('planning.ticket.delegateTo')}
            inline
            selectedValue={target}
            onChange={(e) => setTarget(e.currentTarget.value as 'user' | 'contact')}
          >
            <Radio value="user" label={t('planning.ticket.toColleague')} />
            <Radio value="contact" label={t('planning.ticket.toContact')} />
          </RadioGroup>
        )}
        {(action === 'assign' || needsUser) && (
          <FormGroup label={t('planning.ticket.colleague')} labelFor="ticket-dialog-member">
            <MemberSelect
              id="ticket-dialog-member"
              settingsGroupUuid={settingsGroupUuid}
              value={user}
              onChange={setUser}
              allowNone={action === 'assign'}
            />
          </FormGroup>
        )}
        {needsContact && (
          <FormGroup label={t('planning.ticket.contact')} labelFor="ticket-dialog-contact">
            <ContactInput
              id="ticket-dialog-contact"
              fieldRef={contactField}
              value={contact}
              onChange={(v) => setContact(typeof v === 'string' ? v : null)}
              invalid={false}
              format={format}
              draft={{ property_uuid: record.property_uuid }}
              lookupScope={{ settings_group_uuid: record.settings_group_uuid }}
            />
          </FormGroup>
        )}
        {action === 'delegate' && (
          <FormGroup label={t('planning.ticket.delegateComment')} labelFor="ticket-dialog-comment">
            <TextArea
              id="ticket-dialog-comment"
              fill
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button
              intent={Intent.PRIMARY}
              disabled={(needsContact && !contact) || (needsUser && !user)}
              loading={submit.isPending}
              onClick={() => submit.mutate()}
            >
              {action ? t(`planning.ticket.actions.${action}`) : ''}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
