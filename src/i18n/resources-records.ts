// The record screens' translations (model fields, enum values, grid and drawer texts) in all three languages.
// Loaded with the grid routes only, so the first screen stays small (see loadRecordTranslations).
import enAdmin from '../locales/en-us/admin.json';
import enCalendar from '../locales/en-us/calendar.json';
import enCharts from '../locales/en-us/charts.json';
import enContracts from '../locales/en-us/contracts.json';
import enEntities from '../locales/en-us/entities.json';
import enEnums from '../locales/en-us/enums.json';
import enGrid from '../locales/en-us/grid.json';
import enMap from '../locales/en-us/map.json';
import enPermissions from '../locales/en-us/permissions.json';
import enPlanning from '../locales/en-us/planning.json';
import enRecords from '../locales/en-us/records.json';
import enSheet from '../locales/en-us/sheet.json';
import enTransfer from '../locales/en-us/transfer.json';
import deAdmin from '../locales/de/admin.json';
import deCalendar from '../locales/de/calendar.json';
import deCharts from '../locales/de/charts.json';
import deContracts from '../locales/de/contracts.json';
import deEntities from '../locales/de/entities.json';
import deEnums from '../locales/de/enums.json';
import deGrid from '../locales/de/grid.json';
import deMap from '../locales/de/map.json';
import dePermissions from '../locales/de/permissions.json';
import dePlanning from '../locales/de/planning.json';
import deRecords from '../locales/de/records.json';
import deSheet from '../locales/de/sheet.json';
import deTransfer from '../locales/de/transfer.json';
import chAdmin from '../locales/de-ch/admin.json';
import chCalendar from '../locales/de-ch/calendar.json';
import chCharts from '../locales/de-ch/charts.json';
import chContracts from '../locales/de-ch/contracts.json';
import chEntities from '../locales/de-ch/entities.json';
import chEnums from '../locales/de-ch/enums.json';
import chGrid from '../locales/de-ch/grid.json';
import chMap from '../locales/de-ch/map.json';
import chPermissions from '../locales/de-ch/permissions.json';
import chPlanning from '../locales/de-ch/planning.json';
import chRecords from '../locales/de-ch/records.json';
import chSheet from '../locales/de-ch/sheet.json';
import chTransfer from '../locales/de-ch/transfer.json';

export const en = {
  admin: enAdmin,
  calendar: enCalendar,
  charts: enCharts,
  contracts: enContracts,
  entities: enEntities,
  enums: enEnums,
  grid: enGrid,
  map: enMap,
  permissions: enPermissions,
  planning: enPlanning,
  records: enRecords,
  sheet: enSheet,
  transfer: enTransfer,
};
export const de = {
  admin: deAdmin,
  calendar: deCalendar,
  charts: deCharts,
  contracts: deContracts,
  entities: deEntities,
  enums: deEnums,
  grid: deGrid,
  map: deMap,
  permissions: dePermissions,
  planning: dePlanning,
  records: deRecords,
  sheet: deSheet,
  transfer: deTransfer,
};
export const deCh = {
  admin: chAdmin,
  calendar: chCalendar,
  charts: chCharts,
  contracts: chContracts,
  entities: chEntities,
  enums: chEnums,
  grid: chGrid,
  map: chMap,
  permissions: chPermissions,
  planning: chPlanning,
  records: chRecords,
  sheet: chSheet,
  transfer: chTransfer,
};
