// The actions of a model that take no input, one button each as the record's links allow now (docs/domain/api.md,
// "Records, links and actions"): the router names them (`DRAWER_EXTENSIONS`, src/app/page-loaders.ts), so a model with such
// actions needs no view of its own; the planning panels show their transitions with it too. Labels and notices are
// `<texts>.actions.<action>` and `<texts>.done.<action>`, by default the model's (entities.<model>).
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
  /** Where the labels and notices are (default `entities.<model>`), and the group's accessible name. */
  texts?: string;
  labelKey?: string;
}

export function ActionButtons({ model, record, actions, onChanged, texts = `entities.${model}`, labelKey }: Props) {
  const { t } = useTranslation();
  const run = useMutation({
    mutationFn: (action: string) => runAction(model, record, action),
    onSuccess: (saved, action) => {
      notify.success(t(`${texts}.done.${action}`));
      onChanged(saved);
    },
    onError: reportActionError,
  });
  const present = presentActions(record, actions);
  if (!present.length) return null;
  return (
    <ButtonGroup className="hw-transitions" aria-label={t(labelKey ?? 'records.actions')}>
      {present.map((action) => (
        <Button
          key={action}
          onClick={() => run.mutate(action)}
          loading={run.isPending && run.variables === action}
          disabled={run.isPending}
        >
          {t(`${texts}.actions.${action}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}

/** A drawer extension with the buttons of these actions (for `DRAWER_EXTENSIONS`, src/app/page-loaders.ts). */
export const actionButtons = (model: EntityName, actions: readonly string[]): DrawerExtension => ({
  panels: (record, onChanged) => (
    <ActionButtons model={model} record={record} actions={actions} onChanged={onChanged} />
  ),
});
