// The deadline calendar with its side panel (legend, undated tray, ICS link), fed by the selected context
// of the lists. Used by the /calendar screen (all kinds) and by the tasks, tickets and orders screens (their kind).
import { useAtom, useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useSelectedSettingsGroup } from '../../src/components/use-settings-group';
import { selectedPropertiesAtom } from '../../src/state/context';
import { calendarRecordOf, clickSelection } from '../../src/state/linked-selection';
import { selectionAtom } from '../../src/state/selection';
import { useIsMobile } from '../../grids/preferences';
import { DATE_KINDS, attributeScreen, isAttributeKind, isDateKind } from '../../src/domain/calendar-kinds';
import { modulePageOf } from '../pages';
import type { CalendarContext, CalendarItem, CalendarKind } from './calendar-api';
import { DeadlineCalendar, type LinkedEvents } from './deadline-calendar';
import { CalendarLegend } from './calendar-legend';
import { IcsLink } from './ics-link';
import { UndatedTray } from './undated-tray';

/**
 * Where a calendar item opens: its module page (views/pages.ts) with the record drawer (a task event opens its task,
 * a record date its record, or the record it names: a tenancy's end its partition; their pages are the calendar
 * kinds' `screen`, and a date attribute's its model's in ATTRIBUTE_SCREENS, which a unit test holds to the manifest).
 */
export function itemPath(item: CalendarItem): string {
  if (item.kind === 'task_event') return `${modulePageOf('task')!.path}?record=${item.task_uuid ?? ''}`;
  if (isDateKind(item.kind)) return `/${DATE_KINDS[item.kind].screen}?record=${item.owner_uuid ?? item.uuid}`;
  // a date attribute's entry opens its record on its model's module page
  if (isAttributeKind(item.kind)) return `/${attributeScreen(item.model ?? '') ?? ''}?record=${item.uuid}`;
  return `${modulePageOf(item.kind)!.path}?record=${item.uuid}`;
}

interface Props {
  kinds: readonly CalendarKind[];
  /** Opens an item in place (a module screen's drawer); otherwise it navigates to its module. */
  onOpenItem?: (item: CalendarItem) => void;
  /** A module screen's selection key (src/state/selection.ts): the calendar shares the grid's selection. */
  selectionKey?: string;
}

/** The calendar's side of a module screen's linked selection: the items' records (a task event's task). */
function useLinkedEvents(selectionKey: string | undefined): LinkedEvents | undefined {
  const [selection, setSelection] = useAtom(selectionAtom(selectionKey ?? ''));
  return useMemo(() => {
    if (!selectionKey) return undefined;
    const selected = new Set(selection.uuids);
    return {
      isSelected: (item) => selected.has(calendarRecordOf(item) ?? ''),
      onSelect: (item, additive) => {
        const uuid = calendarRecordOf(item);
        if (uuid) setSelection({ uuids: clickSelection(selection.uuids, uuid, additive), source: 'calendar' });
      },
    };
  }, [selectionKey, selection, setSelection]);
}

export function CalendarPanel({ kinds, onOpenItem, selectionKey }: Props) {
  const phone = useIsMobile();
  const navigate = useNavigate();
  const { current } = useSelectedSettingsGroup();
  const properties = useAtomValue(selectedPropertiesAtom);
  const context: CalendarContext = useMemo(
    () => ({ settingsGroupUuid: current?.uuid ?? null, propertyUuids: properties, kinds }),
    [current?.uuid, properties, kinds],
  );
  const linked = useLinkedEvents(selectionKey);
  return (
    <div className="hw-cal-layout">
      <DeadlineCalendar
        context={context}
        phone={phone}
        onOpenItem={onOpenItem ?? ((item) => void navigate(itemPath(item)))}
        selection={linked}
      />
      <div className="hw-cal-side">
        {/* the tray first, where the drags start, within reach beside the month; the legend below it */}
        {kinds.some((k) => k === 'ticket' || k === 'order') && <UndatedTray context={context} />}
        <CalendarLegend kinds={kinds} selection={Boolean(linked)} />
        <IcsLink />
      </div>
    </div>
  );
}
