// The actions of a model that take no input, one button each as the record's links allow now (docs/domain/api.md,
// "Records, links and actions"): the screens table names them (views/screens.ts, `extension`), so a model with such
// actions needs no view of its own. Labels and notices are the model's: entities.<model>.actions.<action> and
// entities.<model>.done.<action>.
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { notify, reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import type { ApiRecord } from '../../src/api/records';
import type { EntityName } from '../../src/entities/registry';
import { presentActions, runAction } from '../planning/link-actions';
import type { DrawerExtension } from './drawer-extension';

interface Props {
  model: EntityName;
  record: ApiRecord;
  actions: readonly string[];
  onChanged: (record: ApiRecord) => void;
}

export function ActionButtons({ model, record, actions, onChanged }: Props) {
  const { t } = useTranslation();
  const run = useMutation({
    mutationFn: (action: string) => runAction(model, record, action),
    onSuccess: (saved, action) => {
      notify.success(t(`entities.${model}.done.${action}`));
      onChanged(saved);
    },
    onError: reportActionError,
  });
  const present = presentActions(record, actions);
  if (!present.length) return null;
  return (
    <ButtonGroup className="hw-transitions" aria-label={t('records.actions')}>
      {present.map((action) => (
        <Button
          key={action}
          onClick={() => run.mutate(action)}
          loading={run.isPending && run.variables === action}
          disabled={run.isPending}
        >
          {t(`entities.${model}.actions.${action}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}

/** A drawer extension with the buttons of these actions (the screens table's `extension`). */
export const actionButtons = (model: EntityName, actions: readonly string[]): DrawerExtension => ({
  panels: (record, onChanged) => (
    <ActionButtons model={model} record={record} actions={actions} onChanged={onChanged} />
  ),
});
