// Rescheduling from the calendar: a move goes to the server at once (the event already sits at its new place);
// an error puts it back, a success offers Undo. Moving one occurrence of a series first asks for the scope.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import { rescheduleItem, type CalendarItem, type SeriesScope } from './calendar-api';
import { offerUndo } from './undo-step';

export interface Move {
  item: CalendarItem;
  from: string | null;
  to: string;
  /** Puts the event back where it was (FullCalendar's revert; a no-op for drops from the tray). */
  revert: () => void;
}

export const CALENDAR_QUERY_KEY = ['calendar'] as const;

export function useCalendarMoves() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pending, setPending] = useState<Move | null>(null);
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: CALENDAR_QUERY_KEY }), [client]);

  const commit = useCallback(
    (move: Move, scope: SeriesScope) => {
      const { item, from, to } = move;
      rescheduleItem(item, to, scope).then(
        () => {
          refresh();
          offerUndo(
            {
              label: t(`calendar.moved.${item.series ? scope : 'this'}`, { title: item.title }),
              undo: () => rescheduleItem(item, from, scope),
              redo: () => rescheduleItem(item, to, scope),
            },
            refresh,
          );
        },
        (error: unknown) => {
          move.revert();
          reportActionError(error);
          refresh();
        },
      );
    },
    [refresh, t],
  );

  /** A drop or resize: series occurrences wait for the scope dialog. */
  const move = useCallback(
    (next: Move) => {
      if (next.from === next.to) return;
      if (next.item.kind === 'task_event' && next.item.series) setPending(next);
      else commit(next, 'this');
    },
    [commit],
  );

  const confirmScope = (scope: SeriesScope) => {
    if (pending) commit(pending, scope);
    setPending(null);
  };
  const cancelScope = () => {
    pending?.revert();
    setPending(null);
  };
  return { move, pending, confirmScope, cancelScope, refresh };
}
