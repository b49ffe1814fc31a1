// One undoable change, in the shape the shared undo stack takes (`{ label, undo(), redo() }`), offered right away
// as a toast with an Undo button. The calendar's reschedules write their inverse this way.
import { notify, reportActionError } from '../../src/components/notices';
import { i18n } from '../../src/i18n';

export interface UndoStep {
  /** What was done, shown in the toast and the undo history. */
  label: string;
  undo: () => Promise<void>;
  redo: () => Promise<void>;
}

/** Shows the success toast with Undo; `after` runs once undo finished (refetch). */
export function offerUndo(step: UndoStep, after: () => void): void {
  notify.success(step.label, {
    key: 'calendar-undo',
    action: {
      text: i18n.t('calendar.undo'),
      onClick: () => {
        step.undo().then(
          () => {
            notify.info(i18n.t('calendar.undone'), { key: 'calendar-undo' });
            after();
          },
          (error: unknown) => {
            reportActionError(error);
            after();
          },
        );
      },
    },
  });
}
