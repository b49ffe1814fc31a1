// /contacts: the contacts grid with its record drawer.
import { MODULE_ICONS } from '../src/components/module-icons';
import { contactsGrid } from '../grids/contacts.grid';
import { ModuleGridView } from './records/module-grid-view';

export function ContactsView() {
  return <ModuleGridView grid={contactsGrid} titleKey="modules.contacts" icon={MODULE_ICONS.contacts} />;
}
