// A grid page with tabs (views/pages.ts, `GridPage.tabs`): the page's own grid and its other grids, one shown at a
// time under the page's title, the tab kept in the URL (`?tab=`) so a reload and Back keep it; switching closes an
// open drawer. Each tab is a whole module grid (module-grid-view.tsx) with its own fixed values and drawer.
import { Tab, Tabs } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { GridDefinition } from '../../grids/define-grid';
import { useTranslation } from '../../src/i18n';
import type { DrawerExtension } from './drawer-extension';
import type { GridTab } from '../pages';
import { ModuleGridView } from './module-grid-view';

/** A tab's grid and drawer extras, loaded with the page (src/app/page-loaders.ts). */
export interface TabParts {
  tab: GridTab;
  grid: GridDefinition;
  extension?: DrawerExtension;
}

interface Props {
  own: { grid: GridDefinition; extension?: DrawerExtension; where?: Readonly<Record<string, string>>; title: string };
  tabs: readonly TabParts[];
  titleKey: string;
  icon?: ReactNode;
}

const OWN = 'own';

export function TabbedGridView({ own, tabs, titleKey, icon }: Props) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = tabs.find((part) => part.tab.key === params.get('tab'));
  const choose = (key: string) =>
    setParams((before) => {
      const next = new URLSearchParams(before);
      next.delete('record');
      if (key === OWN) next.delete('tab');
      else next.set('tab', key);
      return next;
    });
  const switcher = (
    <Tabs id="hw-page-tabs" selectedTabId={current?.tab.key ?? OWN} onChange={(id) => choose(String(id))}>
      <Tab id={OWN} title={t(own.title)} />
      {tabs.map((part) => (
        <Tab key={part.tab.key} id={part.tab.key} title={t(part.tab.title)} />
      ))}
    </Tabs>
  );
  return current ? (
    <ModuleGridView
      key={current.tab.key}
      grid={current.grid}
      titleKey={titleKey}
      icon={icon}
      extension={current.extension}
      where={current.tab.where}
      headerEnd={switcher}
    />
  ) : (
    <ModuleGridView
      key={OWN}
      grid={own.grid}
      titleKey={titleKey}
      icon={icon}
      extension={own.extension}
      where={own.where}
      headerEnd={switcher}
    />
  );
}
