// The header's count of the screen's one selection (docs/decisions.md, "Linked selection"): how many records the
// grid, the calendar or the map selected, including those the grid has not loaded, with Clear.
import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from '../../src/i18n';

export function SelectionCount({ count, onClear }: { count: number; onClear: () => void }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <span className="hw-linked-selection" role="group" aria-label={t('records.selection.label')}>
      <Tag intent="primary" minimal>
        {t('records.selection.count', { count })}
      </Tag>
      <Button size="small" variant="minimal" onClick={onClear}>
        {t('records.selection.clear')}
      </Button>
    </span>
  );
}
