// The generic grid screen of an entry of the screens table (../screens.ts): the model's grid and record drawer
// (module-grid-view.tsx) under the title and icon of its module or settings page; a planning model's screen also
// switches to its deadline calendar, the properties' to their map.
import type { ComponentType, ReactElement } from 'react';
import { MODULE_ICONS } from '../../src/components/module-icons';
import type { GridDefinition } from '../../grids/define-grid';
import { CHART_VIEW_MODELS } from '../charts/module-chart-switch';
import { PropertiesModuleView } from '../map/properties-module-view';
import type { PlanningModuleView } from '../planning/planning-module-view';
import { isSettingsScreen, type GridScreen } from '../screens';
import type { DrawerExtension } from './drawer-extension';
import { ModuleGridView } from './module-grid-view';
import { SwitchedModuleView } from './switched-module-view';

/** What records/routes.ts loads in parallel with this module. */
export interface GridScreenParts {
  grid: GridDefinition;
  extension?: DrawerExtension;
  /** For a screen with a calendar. */
  planning?: typeof PlanningModuleView;
  /** For a settings page. */
  settingsIcons?: Record<string, ReactElement>;
}

export function gridScreenView(screen: GridScreen, parts: GridScreenParts): ComponentType {
  const { grid, extension, planning: Planning, settingsIcons } = parts;
  const titleKey = isSettingsScreen(screen) ? `modules.settingsPages.${screen.key}` : `modules.${screen.key}`;
  const icon = (settingsIcons ?? MODULE_ICONS)[screen.key];
  const kind = screen.calendar;
  if (Planning && kind)
    return () => <Planning grid={grid} titleKey={titleKey} icon={icon} extension={extension} kind={kind} />;
  // the properties switch to the map, sharing the screen's selection (docs/decisions.md, "Linked selection")
  if (screen.model === 'property')
    return () => <PropertiesModuleView grid={grid} titleKey={titleKey} icon={icon} extension={extension} />;
  // the modules a chart answers switch to their Chart view (docs/decisions.md, "Charts in the linked selection")
  if (CHART_VIEW_MODELS.includes(screen.model) && !isSettingsScreen(screen))
    return () => <SwitchedModuleView grid={grid} titleKey={titleKey} icon={icon} extension={extension} />;
  return () => <ModuleGridView grid={grid} titleKey={titleKey} icon={icon} extension={extension} />;
}
