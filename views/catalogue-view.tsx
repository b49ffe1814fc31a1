// Settings pages of the catalogues (units, cost groups, renewal groups): the same grid and drawer as the modules.
import { SETTINGS_ICONS } from '../src/components/settings-icons';
import { costGroupsGrid, renewalGroupsGrid, unitsGrid } from '../grids/catalogues.grid';
import type { GridDefinition } from '../grids/define-grid';
import { ModuleGridView } from './records/module-grid-view';

interface Props {
  grid: GridDefinition;
  /** The settings page key below modules.settingsPages.* */
  pageKey: string;
}

export function CatalogueView({ grid, pageKey }: Props) {
  return <ModuleGridView grid={grid} titleKey={`modules.settingsPages.${pageKey}`} icon={SETTINGS_ICONS[pageKey]} />;
}

export const UnitsView = () => <CatalogueView grid={unitsGrid} pageKey="units" />;
export const CostGroupsView = () => <CatalogueView grid={costGroupsGrid} pageKey="costGroups" />;
export const RenewalGroupsView = () => <CatalogueView grid={renewalGroupsGrid} pageKey="renewalGroups" />;
