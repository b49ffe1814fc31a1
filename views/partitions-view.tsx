// /partitions: the partitions grid with its record drawer.
import { MODULE_ICONS } from '../src/components/module-icons';
import { partitionsGrid } from '../grids/partitions.grid';
import { ModuleGridView } from './records/module-grid-view';

export function PartitionsView() {
  return <ModuleGridView grid={partitionsGrid} titleKey="modules.partitions" icon={MODULE_ICONS.partitions} />;
}
