// A module screen that switches between its grid and one other view of the same records (the planning screens'
// calendar, the properties' map), the choice kept per model and device (user model views), both sharing the
// screen's one selection (docs/decisions.md, "Linked selection"). The other view loads only when chosen.
import { Button, ButtonGroup, Spinner } from '@blueprintjs/core';
import { Th } from '@blueprintjs/icons';
import { Suspense, type ReactElement, type ReactNode } from 'react';
import type { GridDefinition } from '../../grids/define-grid';
import { useTranslation } from '../../src/i18n';
import { useModelView } from '../planning/use-model-view';
import type { DrawerExtension } from './drawer-extension';
import { ModuleGridView } from './module-grid-view';

interface Props {
  grid: GridDefinition;
  titleKey: string;
  icon?: ReactNode;
  extension?: DrawerExtension;
  /** The other view: its name in the user model views, its button's label and icon. */
  other: { view: 'calendar' | 'map'; label: string; icon: ReactElement };
  /** More of the header after the switch (links). */
  headerExtra?: ReactNode;
  /** The other view, given the drawer opener and the screen's selection key. */
  renderOther: (openRecord: (uuid: string) => void, selectionKey: string) => ReactNode;
}

export function SwitchedModuleView({ grid, titleKey, icon, extension, other, headerExtra, renderOther }: Props) {
  const { t } = useTranslation();
  const [view, setView] = useModelView(grid.entity.name, other.view);
  const selectionKey = grid.entity.plural;
  const switcher = (
    <>
      <ButtonGroup aria-label={t('calendar.switch.label')}>
        <Button icon={<Th />} active={view === 'grid'} aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
          {t('calendar.switch.grid')}
        </Button>
        <Button
          icon={other.icon}
          active={view === other.view}
          aria-pressed={view === other.view}
          onClick={() => setView(other.view)}
        >
          {other.label}
        </Button>
      </ButtonGroup>
      {headerExtra}
    </>
  );
  return (
    <ModuleGridView
      grid={grid}
      titleKey={titleKey}
      icon={icon}
      extension={extension}
      headerEnd={switcher}
      selectionKey={selectionKey}
      alternate={
        view === other.view
          ? (open) => <Suspense fallback={<Spinner />}>{renderOther(open, selectionKey)}</Suspense>
          : undefined
      }
    />
  );
}
