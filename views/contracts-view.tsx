// /contracts: the contracts grid with its record drawer; the drawer cancels and extends as the links allow, and
// shows the extension history and the linked facilities.
import { MODULE_ICONS } from '../src/components/module-icons';
import { contractsGrid } from '../grids/contracts.grid';
import type { DrawerExtension } from './records/drawer-extension';
import { ModuleGridView } from './records/module-grid-view';
import { ContractPanels } from './contracts/contract-panels';

const extension: DrawerExtension = {
  panels: (record, onChanged) => <ContractPanels record={record} onChanged={onChanged} />,
};

export function ContractsView() {
  return (
    <ModuleGridView
      grid={contractsGrid}
      titleKey="modules.contracts"
      icon={MODULE_ICONS.contracts}
      extension={extension}
    />
  );
}
