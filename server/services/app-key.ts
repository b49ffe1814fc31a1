// The application key seals 2FA secrets and signs e-mail links. From APP_KEY when set (required for several
// processes with different environments), else generated once and kept in the database.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';
import { randomToken } from './crypto';

export async function resolveAppKey(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'app_key'));
  if (existing) return existing.value; // a read only: no write (and no PGlite file sync) on every start
  await db
    .insert(appSecrets)
    .values({ name: 'app_key', value: randomToken(32) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'app_key'));
  return row!.value;
}
