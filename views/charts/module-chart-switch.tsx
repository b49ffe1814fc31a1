// The Chart view a module screen switches to beside its grid (records/switched-module-view.tsx; docs/decisions.md,
// "Charts in the linked selection"): which models have one, its button and the lazily loaded view, so the grid
// screens carry neither recharts nor the chart code.
import { Chart as ChartIcon } from '@blueprintjs/icons';
import { lazy, type ReactNode } from 'react';
import type { AnyEntity } from '../../src/entities/define';

/** The models whose module shows a Chart view (the keys of chart-selection.ts' MODULE_CHARTS, a unit test checks). */
export const CHART_VIEW_MODELS: readonly string[] = ['ticket', 'budget', 'contract', 'measurement'];

const ModuleChartView = lazy(() => import('./module-chart-view').then((m) => ({ default: m.ModuleChartView })));

export const chartViewIcon = <ChartIcon />;

/** `table`: the grid's table, whose column filters the chart counts with. */
export const renderChartView = (entity: AnyEntity, table: string, selectionKey: string): ReactNode => (
  <ModuleChartView entity={entity} table={table} selectionKey={selectionKey} />
);
