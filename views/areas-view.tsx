// /areas: the areas grid with its record drawer.
import { MODULE_ICONS } from '../src/components/module-icons';
import { areasGrid } from '../grids/areas.grid';
import { ModuleGridView } from './records/module-grid-view';

export function AreasView() {
  return <ModuleGridView grid={areasGrid} titleKey="modules.areas" icon={MODULE_ICONS.areas} />;
}
