// The keyboard shortcut sheet (`?` in the grid; docs/domain/spreadsheet.md, "Keyboard"): what AG Grid Community and our grid do,
// including the spreadsheet layer's keys (range, clipboard, fill, undo; their texts are in the sheet namespace).
import { Dialog, DialogBody, HTMLTable, KeyComboTag } from '@blueprintjs/core';
import { useTranslation } from '../src/i18n';

const SHORTCUTS = [
  ['arrows', 'up / down / left / right'],
  ['edit', 'enter'],
  ['editF2', 'f2'],
  ['type', 'a'],
  ['commit', 'enter'],
  ['tab', 'tab'],
  ['cancel', 'esc'],
  ['clear', 'del'],
  ['sheet.shortcuts.range', 'shift+up / shift+down / shift+left / shift+right'],
  ['sheet.shortcuts.copy', 'mod+c'],
  ['sheet.shortcuts.cut', 'mod+x'],
  ['sheet.shortcuts.paste', 'mod+v'],
  ['sheet.shortcuts.fill', 'mod+d'],
  ['sheet.shortcuts.fillRight', 'mod+r'],
  ['sheet.shortcuts.clearRange', 'del'],
  ['sheet.shortcuts.undo', 'mod+z'],
  ['sheet.shortcuts.redo', 'mod+shift+z / mod+y'],
  ['open', 'space'],
  ['pageDown', 'pagedown'],
  ['home', 'mod+home'],
  ['help', '?'],
] as const;

export function ShortcutSheet({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('grid.shortcuts.title')} className="hw-shortcut-sheet">
      <DialogBody>
        <HTMLTable compact striped className="hw-shortcut-table">
          <tbody>
            {SHORTCUTS.map(([key, combo]) => (
              <tr key={key}>
                <td className="hw-shortcut-keys">
                  {combo.split(' / ').map((c) => (
                    <KeyComboTag key={c} combo={c} minimal />
                  ))}
                </td>
                <td>{t(key.includes('.') ? key : `grid.shortcuts.${key}`)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </DialogBody>
    </Dialog>
  );
}
