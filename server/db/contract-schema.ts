// Tables of the contracts module that are not records of their own: the extension history of a contract (one row
// per extension, by hand or by the daily job; docs/domain/calculations.md, "Contract deadlines") and the facilities a contract
// covers (many-to-many, each facility of the contract's property).
import { boolean, index, integer, pgTable, primaryKey, date, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';
import { contract, facility } from './entity-tables';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const contractExtensions = pgTable(
  'contract_extensions',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    contract_uuid: uuid('contract_uuid')
      .notNull()
      .references(() => contract.uuid, { onDelete: 'cascade' }),
    previous_end_date: date('previous_end_date', { mode: 'string' }).notNull(),
    new_end_date: date('new_end_date', { mode: 'string' }).notNull(),
    months: integer('months').notNull(),
    /** Extended by the daily job (auto_extend), not by a user. */
    automatic: boolean('automatic').notNull().default(false),
    created_at: ts('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('contract_extensions_contract_idx').on(t.contract_uuid, t.created_at)],
);

export const contractFacilities = pgTable(
  'contract_facilities',
  {
    contract_uuid: uuid('contract_uuid')
      .notNull()
      .references(() => contract.uuid, { onDelete: 'cascade' }),
    facility_uuid: uuid('facility_uuid')
      .notNull()
      .references(() => facility.uuid, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.contract_uuid, t.facility_uuid] }),
    index('contract_facilities_facility_idx').on(t.facility_uuid),
  ],
);
