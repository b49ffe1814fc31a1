// The toolbar's "Edit selected" button, shown while rows are selected.
import { Button } from '@blueprintjs/core';
import { Edit } from '@blueprintjs/icons';
import { useTranslation } from '../../src/i18n';

export function BulkEditButton({ selected, onClick }: { selected: number; onClick: () => void }) {
  const { t } = useTranslation();
  if (selected === 0) return null;
  return (
    <Button variant="minimal" icon={<Edit />} onClick={onClick}>
      {t('sheet.bulk.button')}
    </Button>
  );
}
