// One undoable change of the calendar (a reschedule): a step of the shared undo stack (grids/undo), so Ctrl+Z on
// the calendar or in a grid takes it back, and offered right away as a toast with an Undo button.
import { pushUndo, undo, undoState } from '../../grids';
import { notify, reportActionError } from '../../src/components/notices';
import { i18n } from '../../src/i18n';

export interface UndoStep {
  /** What was done, shown in the toast and the undo history. */
  label: string;
  undo: () => Promise<void>;
  redo: () => Promise<void>;
}

/** Puts the step on the undo stack and shows the success toast with Undo; `after` runs after an undo or redo. */
export function offerUndo(step: UndoStep, after: () => void): void {
  const settled = (run: () => Promise<void>) => async () => {
    try {
      await run();
    } finally {
      after();
    }
  };
  const shared = { label: step.label, model: 'task_event', undo: settled(step.undo), redo: settled(step.redo) };
  pushUndo(shared);
  notify.success(step.label, {
    key: 'calendar-undo',
    action: {
      text: i18n.t('calendar.undo'),
      onClick: () => {
        const { undo: done, redo: undone } = undoState();
        if (done.at(-1)?.undo === shared.undo)
          void undo(); // the stack's notice names what was undone
        else if (!undone.some((s) => s.undo === shared.undo))
          // something else was done since: take back just this move
          shared.undo().then(() => notify.info(i18n.t('calendar.undone'), { key: 'calendar-undo' }), reportActionError);
      },
    },
  });
}
