// Rescheduling from the calendar: a move goes to the server at once (the event already sits at its new place);
// an error puts it back, a success offers Undo. Moving one occurrence of a series first asks for the scope.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { reportActionError } from '../../src/components/notices';
import { useTranslation } from '../../src/i18n';
import {
  rejoinSeries,
  rescheduleItem,
  writeDate,
  type CalendarItem,
  type MoveTarget,
  type Moved,
  type SeriesScope,
} from './calendar-api';
import { offerUndo, type UndoStep } from './undo-step';

export interface Move {
  item: CalendarItem;
  from: string | null;
  to: string;
  /** Puts the event back where it was (FullCalendar's revert; a no-op for drops from the tray). */
  revert: () => void;
}

export const CALENDAR_QUERY_KEY = ['calendar'] as const;

/**
 * The inverse of a move. One occurrence, a ticket, an order or a record date wrote one date field of one record:
 * undo writes the old date back and redo the new one, each with If-Match of the version the previous write
 * answered, so a record someone changed since is reported (409), not overwritten. A whole series moves back by
 * moving the same event back with scope "all", which also turns the rule's weekdays back (docs/planning-api.md).
 * "This and following" split the series into a new task (`created`): its undo joins that task back into the
 * series (the events keep their uuids), and redo splits again, which makes a new task the next undo joins back.
 */
export function inverse(
  item: MoveTarget,
  from: string | null,
  to: string,
  scope: SeriesScope,
  label: string,
  moved: Moved,
): UndoStep {
  // (on the first occurrence "following" moves the whole series as "all" does, and is undone the same way)
  if (item.kind === 'task_event' && scope === 'following' && moved.created) {
    let split = moved.created;
    return {
      label,
      undo: () => rejoinSeries(split),
      redo: async () => {
        split = (await rescheduleItem(item, to, scope)).created ?? split;
      },
    };
  }
  if (item.kind === 'task_event' && scope !== 'this')
    return {
      label,
      undo: async () => void (await rescheduleItem(item, from, scope)),
      redo: async () => void (await rescheduleItem(item, to, scope)),
    };
  let version = moved.version;
  return {
    label,
    undo: async () => {
      version = await writeDate(item, from, version);
    },
    redo: async () => {
      version = await writeDate(item, to, version);
    },
  };
}

export function useCalendarMoves() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [pending, setPending] = useState<Move | null>(null);
  /** The item moved last: drawn first in its day, so a drop on a full day never hides it behind "+n more". */
  const [lastMoved, setLastMoved] = useState<string | null>(null);
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: CALENDAR_QUERY_KEY }), [client]);

  const commit = useCallback(
    (move: Move, scope: SeriesScope) => {
      const { item, from, to } = move;
      rescheduleItem(item, to, scope).then(
        (moved) => {
          refresh();
          const label = t(`calendar.moved.${item.series ? scope : 'this'}`, { title: item.title });
          offerUndo(inverse(item, from, to, scope, label, moved), refresh);
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
      setLastMoved(next.item.id);
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
  return { move, pending, confirmScope, cancelScope, refresh, lastMoved };
}
