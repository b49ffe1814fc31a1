// Moving one occurrence of a series asks which occurrences move along: this one, this and the following ones, or
// the whole series (docs/domain/planning.md, "Deadline calendar").
import { Button, Dialog, DialogBody, DialogFooter, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from '../../src/i18n';
import type { SeriesScope } from './calendar-api';

interface Props {
  isOpen: boolean;
  title: string;
  onConfirm: (scope: SeriesScope) => void;
  onCancel: () => void;
}

export function SeriesScopeDialog({ isOpen, title, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<SeriesScope>('this');
  return (
    <Dialog isOpen={isOpen} onClose={onCancel} title={t('calendar.scope.title')} className="hw-scope-dialog">
      <DialogBody>
        <p>{t('calendar.scope.question', { title })}</p>
        <RadioGroup
          name="series-scope"
          selectedValue={scope}
          onChange={(e) => setScope(e.currentTarget.value as SeriesScope)}
        >
          <Radio value="this" label={t('calendar.scope.this')} />
          <Radio value="following" label={t('calendar.scope.following')} />
          <Radio value="all" label={t('calendar.scope.all')} />
        </RadioGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button intent={Intent.PRIMARY} onClick={() => onConfirm(scope)}>
              {t('calendar.scope.move')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
