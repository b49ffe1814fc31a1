// The column chooser (Community has no column menu or side bar): show/hide, reorder with up/down, pin, and
// reset the table's layout to its default for this device.
import { Button, Checkbox, Classes, PopoverNext } from '@blueprintjs/core';
import { ArrowDown, ArrowUp, Pin, Reset, ListColumns } from '@blueprintjs/icons';
import { useTranslation } from '../src/i18n';

export interface ChooserColumn {
  colId: string;
  label: string;
  visible: boolean;
  pinned: boolean;
}

interface Props {
  columns: readonly ChooserColumn[];
  onOpening: () => void;
  onToggle: (colId: string, visible: boolean) => void;
  onMove: (colId: string, delta: -1 | 1) => void;
  onPin: (colId: string, pinned: boolean) => void;
  onReset: () => void;
  /** Cards show at most a few fields; the chooser then offers no pinning. */
  pinnable?: boolean;
}

export function ColumnChooser({ columns, onOpening, onToggle, onMove, onPin, onReset, pinnable = true }: Props) {
  const { t } = useTranslation();
  const content = (
    <div className="hw-column-chooser">
      <div className="hw-column-chooser-head">
        <strong>{t('grid.columns.title')}</strong>
        <Button size="small" variant="minimal" icon={<Reset />} onClick={onReset}>
          {t('grid.columns.reset')}
        </Button>
      </div>
      <ul className="hw-column-chooser-list" aria-label={t('grid.columns.title')}>
        {columns.map((column, index) => (
          <li key={column.colId}>
            <Checkbox
              className="hw-column-chooser-check"
              label={column.label}
              checked={column.visible}
              onChange={(event) => onToggle(column.colId, event.currentTarget.checked)}
            />
            {pinnable && (
              <Button
                size="small"
                variant="minimal"
                icon={<Pin />}
                active={column.pinned}
                aria-pressed={column.pinned}
                aria-label={t('grid.columns.pin', { name: column.label })}
                title={t('grid.columns.pin', { name: column.label })}
                onClick={() => onPin(column.colId, !column.pinned)}
              />
            )}
            <Button
              size="small"
              variant="minimal"
              icon={<ArrowUp />}
              disabled={index === 0}
              aria-label={t('grid.columns.up', { name: column.label })}
              title={t('grid.columns.up', { name: column.label })}
              onClick={() => onMove(column.colId, -1)}
            />
            <Button
              size="small"
              variant="minimal"
              icon={<ArrowDown />}
              disabled={index === columns.length - 1}
              aria-label={t('grid.columns.down', { name: column.label })}
              title={t('grid.columns.down', { name: column.label })}
              onClick={() => onMove(column.colId, 1)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <PopoverNext
      content={content}
      placement="bottom-end"
      onOpening={onOpening}
      popoverClassName={Classes.POPOVER_CONTENT_SIZING}
    >
      <Button icon={<ListColumns />} variant="minimal">
        {t('grid.columns.button')}
      </Button>
    </PopoverNext>
  );
}
