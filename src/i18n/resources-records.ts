// The record screens' translations (model fields, enum values, grid and drawer texts) in all three languages.
// Loaded with the grid routes only, so the first screen stays small (see loadRecordTranslations).
import enEntities from '../locales/en-us/entities.json';
import enEnums from '../locales/en-us/enums.json';
import enGrid from '../locales/en-us/grid.json';
import enRecords from '../locales/en-us/records.json';
import enTransfer from '../locales/en-us/transfer.json';
import enSheet from '../locales/en-us/sheet.json';
import deEntities from '../locales/de/entities.json';
import deEnums from '../locales/de/enums.json';
import deGrid from '../locales/de/grid.json';
import deRecords from '../locales/de/records.json';
import deTransfer from '../locales/de/transfer.json';
import deSheet from '../locales/de/sheet.json';
import chEntities from '../locales/de-ch/entities.json';
import chEnums from '../locales/de-ch/enums.json';
import chGrid from '../locales/de-ch/grid.json';
import chRecords from '../locales/de-ch/records.json';
import chTransfer from '../locales/de-ch/transfer.json';
import chSheet from '../locales/de-ch/sheet.json';

export const en = {
  entities: enEntities,
  enums: enEnums,
  grid: enGrid,
  records: enRecords,
  transfer: enTransfer,
  sheet: enSheet,
};
export const de = {
  entities: deEntities,
  enums: deEnums,
  grid: deGrid,
  records: deRecords,
  transfer: deTransfer,
  sheet: deSheet,
};
export const deCh = {
  entities: chEntities,
  enums: chEnums,
  grid: chGrid,
  records: chRecords,
  transfer: chTransfer,
  sheet: chSheet,
};
