// The tasks, tickets and orders screens: the module grid or its deadline calendar, switchable, the choice kept per
// model and device (user model views). The calendar and its charts load only when chosen.
import { Button, ButtonGroup, Classes, Spinner } from '@blueprintjs/core';
import { Calendar, Th } from '@blueprintjs/icons';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../src/i18n';
import type { GridDefinition } from '../../grids/define-grid';
import type { CalendarKind } from '../calendar/calendar-api';
import type { DrawerExtension } from '../records/drawer-extension';
import { ModuleGridView } from '../records/module-grid-view';
import { useModelView } from './use-model-view';
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
  const [view, setView] = useModelView(grid.entity.name);
  const kinds = KINDS[kind] ?? [kind];
  const switcher = (
    <>
      <ButtonGroup aria-label={t('calendar.switch.label')}>
        <Button icon={<Th />} active={view === 'grid'} aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
          {t('calendar.switch.grid')}
        </Button>
        <Button
          icon={<Calendar />}
          active={view === 'calendar'}
          aria-pressed={view === 'calendar'}
          onClick={() => setView('calendar')}
        >
          {t('calendar.switch.calendar')}
        </Button>
      </ButtonGroup>
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
    <ModuleGridView
      grid={grid}
      titleKey={titleKey}
      icon={icon}
      extension={extension}
      headerEnd={switcher}
      alternate={
        view === 'calendar'
          ? (open) => (
              <Suspense fallback={<Spinner />}>
                <CalendarPanel
                  kinds={kinds}
                  onOpenItem={(item) => {
                    const uuid = item.kind === 'task_event' ? item.task_uuid : item.uuid;
                    if (uuid) open(uuid);
                  }}
                />
              </Suspense>
            )
          : undefined
      }
    />
  );
}

const KINDS: Partial<Record<CalendarKind, readonly CalendarKind[]>> = {
  task_event: ['task_event'],
  ticket: ['ticket'],
  order: ['order'],
};
