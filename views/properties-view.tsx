// /property: the properties grid with its record drawer.
import { MODULE_ICONS } from '../src/components/module-icons';
import { propertiesGrid } from '../grids/properties.grid';
import { ModuleGridView } from './records/module-grid-view';

export function PropertiesView() {
  return <ModuleGridView grid={propertiesGrid} titleKey="modules.property" icon={MODULE_ICONS.property} />;
}
