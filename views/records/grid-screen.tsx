// The generic grid screen of a grid page of the manifest (../pages.ts): the model's grid and record drawer
// (module-grid-view.tsx) under the page's title and icon; a planning model's screen also switches to its deadline
// calendar, the properties' to their map. Behind the model's gate (model-gate.tsx): switched off, admins only.
import type { ComponentType, ReactElement } from 'react';
import { useTranslation } from '../../src/i18n';
import type { GridDefinition } from '../../grids/define-grid';
import { CHART_VIEW_MODELS } from '../charts/module-chart-switch';
import { PropertiesModuleView } from '../map/properties-module-view';
import type { PlanningModuleView } from '../planning/planning-module-view';
import type { GridPage } from '../pages';
import { TabbedGridView, type TabParts } from './tabbed-grid-view';
import type { DrawerExtension } from './drawer-extension';
import { ModelGate } from './model-gate';
import { ModuleGridView } from './module-grid-view';
import { SwitchedModuleView } from './switched-module-view';

/** What the router (src/app/page-loaders.ts) loads in parallel with this module. */
export interface GridScreenParts {
  grid: GridDefinition;
  extension?: DrawerExtension;
  /** For a page with a calendar. */
  planning?: typeof PlanningModuleView;
  icon: ReactElement;
  /** The page's other grids behind tabs (`GridPage.tabs`). */
  tabs?: TabParts[];
}

export function gridScreenView(page: GridPage, parts: GridScreenParts): ComponentType {
  const Screen = screenOf(page, parts);
  // a model switched off in the selected settings group, or an admins' table for a member: a message instead
  return function GridScreen() {
    const { t } = useTranslation();
    return (
      <ModelGate model={page.model} title={t(page.title)} icon={parts.icon}>
        <Screen />
      </ModelGate>
    );
  };
}

function screenOf(page: GridPage, parts: GridScreenParts): ComponentType {
  const { grid, extension, planning: Planning, icon } = parts;
  const titleKey = page.title;
  const kind = page.calendar;
  if (Planning && kind)
    return () => <Planning grid={grid} titleKey={titleKey} icon={icon} extension={extension} kind={kind} />;
  // the properties switch to the map, sharing the screen's selection (docs/decisions.md, "Linked selection")
  if (page.model === 'property')
    return () => <PropertiesModuleView grid={grid} titleKey={titleKey} icon={icon} extension={extension} />;
  // the modules a chart answers switch to their Chart view (docs/decisions.md, "Charts in the linked selection")
  if (CHART_VIEW_MODELS.includes(page.model) && page.group === 'modules')
    return () => <SwitchedModuleView grid={grid} titleKey={titleKey} icon={icon} extension={extension} />;
  if (parts.tabs?.length)
    return () => (
      <TabbedGridView
        own={{ grid, extension, where: page.where, title: page.ownTab ?? titleKey }}
        tabs={parts.tabs!}
        titleKey={titleKey}
        icon={icon}
      />
    );
  return () => (
    <ModuleGridView
      grid={grid}
      titleKey={titleKey}
      icon={icon}
      extension={extension}
      where={page.where}
      fromField={page.fromField}
    />
  );
}
