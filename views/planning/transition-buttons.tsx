// One button per transition the record's links allow now (docs/domain/states.md, "States and transitions"): a transition the
// server does not offer is never shown. Actions that need input (delegate, create order) are left to their own dialogs.
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { notify, reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import type { ApiRecord } from '../../src/api/records';
import { presentActions, runAction } from './link-actions';

interface Props {
  model: 'ticket' | 'order';
  record: ApiRecord;
  /** The transitions of the model, in the order they are offered. */
  actions: readonly string[];
  onChanged: (record: ApiRecord) => void;
}

export function TransitionButtons({ model, record, actions, onChanged }: Props) {
  const { t } = useTranslation();
  const run = useMutation({
    mutationFn: (action: string) => runAction(model, record, action),
    onSuccess: (saved, action) => {
      notify.success(t(`planning.${model}.done.${action}`));
      onChanged(saved);
    },
    onError: reportActionError,
  });
  const present = presentActions(record, actions);
  if (!present.length) return null;
  return (
    <ButtonGroup className="hw-transitions" aria-label={t('planning.transitions')}>
      {present.map((action) => (
        <Button
          key={action}
          onClick={() => run.mutate(action)}
          loading={run.isPending && run.variables === action}
          disabled={run.isPending}
        >
          {t(`planning.${model}.actions.${action}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}
