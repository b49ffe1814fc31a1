// The tasks, tickets and orders screens: the module grid or its deadline calendar, switchable, the choice kept per
// model and device (user model views), sharing the screen's selection (records/switched-module-view.tsx). The
// calendar loads only when chosen.
import { Classes } from '@blueprintjs/core';
import { Calendar } from '@blueprintjs/icons';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../src/i18n';
import type { GridDefinition } from '../../grids/define-grid';
import type { CalendarKind } from '../calendar/calendar-api';
import type { DrawerExtension } from '../records/drawer-extension';
import { SwitchedModuleView } from '../records/switched-module-view';
import './planning.css';

const CalendarPanel = lazy(() => import('../calendar/calendar-panel').then((m) => ({ default: m.CalendarPanel })));

interface Props {
  grid: GridDefinition;
  titleKey: string;
  icon?: ReactNode;
  kind: CalendarKind;
  extension?: DrawerExtension;
}

export function PlanningModuleView({ grid, titleKey, icon, kind, extension }: Props) {
  const { t } = useTranslation();
  const kinds = KINDS[kind] ?? [kind];
  const links = (
    <>
      {kind === 'ticket' && (
        <Link to="/orders" className={`${Classes.BUTTON} ${Classes.MINIMAL}`}>
          {t('modules.orders')}
        </Link>
      )}
      <Link to="/calendar" className={`${Classes.BUTTON} ${Classes.MINIMAL}`}>
        {t('calendar.title')}
      </Link>
    </>
  );
  return (
    <SwitchedModuleView
      grid={grid}
      titleKey={titleKey}
      icon={icon}
      extension={extension}
      other={{ view: 'calendar', label: t('calendar.switch.calendar'), icon: <Calendar /> }}
      headerExtra={links}
      renderOther={(open, selectionKey) => (
        <CalendarPanel
          kinds={kinds}
          selectionKey={selectionKey}
          onOpenItem={(item) => {
            const uuid = item.kind === 'task_event' ? item.task_uuid : item.uuid;
            if (uuid) open(uuid);
          }}
        />
      )}
    />
  );
}

const KINDS: Partial<Record<CalendarKind, readonly CalendarKind[]>> = {
  task_event: ['task_event'],
  ticket: ['ticket'],
  order: ['order'],
};
