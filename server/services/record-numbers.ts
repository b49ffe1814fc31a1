// Running numbers per settings group (a ticket's T-00001): one counter row per sequence.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recordNumbers } from '../db/planning-schema';

/** The next number of a sequence in a settings group: one atomic upsert, safe under concurrent creates. */
export async function nextNumber(db: Db, settingsGroup: string, sequence: string): Promise<number> {
  const [row] = await db
    .insert(recordNumbers)
    .values({ settings_group_uuid: settingsGroup, sequence, last_value: 1 })
    .onConflictDoUpdate({
      target: [recordNumbers.settings_group_uuid, recordNumbers.sequence],
      set: { last_value: sql`${recordNumbers.last_value} + 1` },
    })
    .returning({ n: recordNumbers.last_value });
  return row!.n;
}

export const ticketNumber = (n: number) => `T-${String(n).padStart(5, '0')}`;
