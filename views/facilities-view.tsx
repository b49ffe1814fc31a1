// /facilities: the facilities grid with its record drawer.
import { MODULE_ICONS } from '../src/components/module-icons';
import { facilitiesGrid } from '../grids/facilities.grid';
import { ModuleGridView } from './records/module-grid-view';

export function FacilitiesView() {
  return <ModuleGridView grid={facilitiesGrid} titleKey="modules.facilities" icon={MODULE_ICONS.facilities} />;
}
