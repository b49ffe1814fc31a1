// A module screen that switches between its grid and other views of the same records (the planning screens'
// calendar, the properties' map, the Chart view of the modules a chart answers), the choice kept per model and
// device (user model views), all sharing the screen's one selection (docs/decisions.md, "Linked selection" and
// "Charts in the linked selection"). The other views load only when chosen.
import { Button, ButtonGroup, Spinner } from '@blueprintjs/core';
import { Th } from '@blueprintjs/icons';
import { Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { GridDefinition } from '../../grids/define-grid';
import { useTranslation } from '../../src/i18n';
import { CHART_VIEW_MODELS, chartViewIcon, renderChartView } from '../charts/module-chart-switch';
import { useModelView, type ModelView } from '../planning/use-model-view';
import type { DrawerExtension } from './drawer-extension';
import { ModuleGridView } from './module-grid-view';

type OtherView = Exclude<ModelView, 'grid'>;

interface Props {
  grid: GridDefinition;
  titleKey: string;
  icon?: ReactNode;
  extension?: DrawerExtension;
  /** The other view besides the Chart view: its name in the user model views, its button's label and icon. */
  other?: { view: 'calendar' | 'map'; label: string; icon: ReactElement };
  /** More of the header after the switch (links). */
  headerExtra?: ReactNode;
  /** The other view, given the drawer opener and the screen's selection key. */
  renderOther?: (openRecord: (uuid: string) => void, selectionKey: string) => ReactNode;
}

interface Choice {
  view: OtherView;
  label: string;
  icon: ReactElement;
  render: (openRecord: (uuid: string) => void, selectionKey: string) => ReactNode;
}

export function SwitchedModuleView({ grid, titleKey, icon, extension, other, headerExtra, renderOther }: Props) {
  const { t } = useTranslation();
  const choices: Choice[] = [];
  if (other && renderOther) choices.push({ ...other, render: renderOther });
  if (CHART_VIEW_MODELS.includes(grid.entity.name))
    choices.push({
      view: 'chart',
      label: t('charts.module.switch'),
      icon: chartViewIcon,
      render: (_open, key) => renderChartView(grid.entity, grid.table, key),
    });
  const [remembered, remember] = useModelView(
    grid.entity.name,
    choices.map((choice) => choice.view),
  );
  // a link with a filter (`?filter=`: a home tile, a chart's bar) opens the grid whatever view was last used; the
  // user's next choice is kept as before (docs/decisions.md, "A link opens the grid")
  const [params] = useSearchParams();
  const link = params.get('filter');
  // the link whose filter the user chose a view under (that choice then shows)
  const [chosenUnder, setChosenUnder] = useState<string | null>(null);
  const view = link !== null && chosenUnder !== link ? 'grid' : remembered;
  const setView = (next: ModelView) => {
    setChosenUnder(link);
    remember(next as typeof remembered);
  };
  const selectionKey = grid.entity.plural;
  const shown = choices.find((choice) => choice.view === view);
  const switcher = (
    <>
      <ButtonGroup aria-label={t('calendar.switch.label')}>
        <Button icon={<Th />} active={view === 'grid'} aria-pressed={view === 'grid'} onClick={() => setView('grid')}>
          {t('calendar.switch.grid')}
        </Button>
        {choices.map((choice) => (
          <Button
            key={choice.view}
            icon={choice.icon}
            active={view === choice.view}
            aria-pressed={view === choice.view}
            onClick={() => setView(choice.view)}
          >
            {choice.label}
          </Button>
        ))}
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
        shown ? (open) => <Suspense fallback={<Spinner />}>{shown.render(open, selectionKey)}</Suspense> : undefined
      }
    />
  );
}
