// The properties screen: the module grid or the map of /map beside its own properties grid (map-view.tsx, embedded),
// switchable like the planning screens' grid and calendar (records/switched-module-view.tsx). Both share the
// screen's one selection (docs/decisions.md, "Linked selection"); Leaflet loads only when Map is chosen.
import { Map as MapIcon } from '@blueprintjs/icons';
import { lazy, type ReactNode } from 'react';
import type { GridDefinition } from '../../grids/define-grid';
import { useTranslation } from '../../src/i18n';
import type { DrawerExtension } from '../records/drawer-extension';
import { SwitchedModuleView } from '../records/switched-module-view';

const MapView = lazy(() => import('./map-view').then((m) => ({ default: m.MapView })));

interface Props {
  grid: GridDefinition;
  titleKey: string;
  icon?: ReactNode;
  extension?: DrawerExtension;
}

export function PropertiesModuleView(props: Props) {
  const { t } = useTranslation();
  return (
    <SwitchedModuleView
      {...props}
      other={{ view: 'map', label: t('map.switch'), icon: <MapIcon /> }}
      renderOther={(open, selectionKey) => <MapView selectionKey={selectionKey} embedded={{ onOpenRecord: open }} />}
    />
  );
}
