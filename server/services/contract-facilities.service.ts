// The facilities a contract covers (many-to-many; docs/planning-api.md, "Contracts"): listed from either side, replaced
// as a whole set from the contract. Each facility must belong to the contract's property (and so to its settings
// group). Both sides are read in the caller's scope (docs/domain/permissions.md, "Access rules"): a linked record
// the caller may not see is neither listed nor taken, and replacing the set leaves its link alone.
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { entities } from '../../src/entities/registry';
import type { Access } from '../crud/access';
import { getRow } from '../crud/read';
import { scopeCondition, selection } from '../crud/table';
import type { Row } from '../crud/present';
import { contract as contracts, facility as facilities } from '../db/entity-tables';
import { contractFacilities } from '../db/contract-schema';
import { fieldError } from '../http-error';
import { onRecord } from '../crud/actions';

/** The facilities linked to a contract, by name (404 outside the caller's scope). */
export async function facilitiesOf(ctx: AppContext, access: Access, contractUuid: string) {
  const contract = await getRow(ctx, access, entities.contract, contractUuid);
  return (await ctx.db
    .select(selection(entities.facility))
    .from(facilities)
    .innerJoin(contractFacilities, eq(contractFacilities.facility_uuid, facilities.uuid))
    .where(
      and(
        eq(contractFacilities.contract_uuid, contractUuid),
        eq(facilities.settings_group_uuid, String(contract.settings_group_uuid)),
        scopeCondition(entities.facility, access),
      ),
    )
    .orderBy(asc(facilities.name))) as Row[];
}

/** The contracts a facility is linked to, by title (404 outside the caller's scope). */
export async function contractsOf(ctx: AppContext, access: Access, facilityUuid: string) {
  const facility = await getRow(ctx, access, entities.facility, facilityUuid);
  return (await ctx.db
    .select(selection(entities.contract))
    .from(contracts)
    .innerJoin(contractFacilities, eq(contractFacilities.contract_uuid, contracts.uuid))
    .where(
      and(
        eq(contractFacilities.facility_uuid, facilityUuid),
        eq(contracts.settings_group_uuid, String(facility.settings_group_uuid)),
        scopeCondition(entities.contract, access),
      ),
    )
    .orderBy(asc(contracts.title))) as Row[];
}

/** Replaces the contract's linked facilities with `facilityUuids` (403 without the right, 409 when archived). */
export async function setFacilities(ctx: AppContext, access: Access, contractUuid: string, facilityUuids: string[]) {
  const wanted = [...new Set(facilityUuids)];
  await onRecord(ctx, access, entities.contract, contractUuid, async (tx, contract) => {
    if (wanted.length) {
      const found = await tx
        .select({ uuid: facilities.uuid })
        .from(facilities)
        .where(
          and(
            inArray(facilities.uuid, wanted),
            eq(facilities.settings_group_uuid, String(contract.settings_group_uuid)),
            eq(facilities.property_uuid, String(contract.property_uuid)),
            scopeCondition(entities.facility, access),
          ),
        );
      if (found.length !== wanted.length) throw fieldError('facility_uuids', 'validation.contract_facility');
    }
    await tx.delete(contractFacilities).where(
      and(
        eq(contractFacilities.contract_uuid, contractUuid),
        wanted.length ? notInArray(contractFacilities.facility_uuid, wanted) : undefined,
        // only links to facilities the caller sees: a hidden one's link stays
        inArray(
          contractFacilities.facility_uuid,
          tx.select({ uuid: facilities.uuid }).from(facilities).where(scopeCondition(entities.facility, access)),
        ),
      ),
    );
    if (wanted.length)
      await tx
        .insert(contractFacilities)
        .values(wanted.map((f) => ({ contract_uuid: contractUuid, facility_uuid: f, created_by: access.user.id })))
        .onConflictDoNothing();
  });
}
