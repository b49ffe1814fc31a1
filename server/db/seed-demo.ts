// The demo: on the first start with an empty database, a demo workspace with an admin user (a superuser, who
// must turn on 2FA before managing system notifications) and a welcome notification. A build seeds it into its data
// folder template (server/db/data-template.ts) with no password; a first start that copies that template gives the
// admin this install's password (`claimDemo`), and seeds the demo itself only when it has no such copy
// (docs/decisions.md, "Start-up").
import crypto from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { settingsGroupMembers, settingsGroups, users } from './schema';
import { systemNotification as systemNotifications } from './entity-tables';
import { hashPassword } from '../services/password';
import { seedPortfolio } from './seed-portfolio';
import { seedPlanning } from './seed-planning';
import { seedContracts } from './seed-contracts';
import { seedGuarantees } from './seed-guarantees';
import { seedCounters } from './seed-counters';
import { seedBudgets } from './seed-budgets';
import { TERMS_VERSION } from '../../src/entities/account';

export const DEMO_EMAIL = 'admin@demo.hauswerk.ch';
export const DEMO_WORKSPACE = 'Demo Immobilien AG';

/** The password hash of the demo admin in a build's data folder template: matches no password. */
export const UNCLAIMED = 'unclaimed';

type SeedContext = Pick<AppContext, 'db' | 'config'>;

const newPassword = () => process.env.DEMO_PASSWORD || crypto.randomBytes(9).toString('base64url');

/** The demo's login when this start seeded it or claimed it from the template; null when it was there before. */
export async function seedDemoIfEmpty(ctx: SeedContext) {
  const claimed = await claimDemo(ctx);
  if (claimed) return claimed;
  const [n] = await ctx.db.select({ n: count() }).from(users);
  if ((n?.n ?? 0) > 0) return null;
  return seedDemo(ctx);
}

/**
 * The demo copied from a build's template has an admin without a password: this install's own (DEMO_PASSWORD, or
 * a random one, printed once) is set here. Null when there is no such admin (claimed before, or no template).
 */
export async function claimDemo(ctx: SeedContext) {
  const [unclaimed] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, DEMO_EMAIL), eq(users.password_hash, UNCLAIMED)));
  if (!unclaimed) return null;
  const password = newPassword();
  const passwordHash = await hashPassword(password, ctx.config.scryptCost);
  const [claimed] = await ctx.db
    .update(users)
    .set({ password_hash: passwordHash })
    .where(and(eq(users.id, unclaimed.id), eq(users.password_hash, UNCLAIMED)))
    .returning({ id: users.id });
  return claimed ? { email: DEMO_EMAIL, password } : null;
}

/**
 * Creates (or recreates) the demo workspace and its admin; returns the login. `unclaimed`: the admin gets no
 * password (a build's template, claimed by the install that copies it).
 */
export async function seedDemo(ctx: SeedContext, { unclaimed = false } = {}) {
  const password = unclaimed ? '' : newPassword();
  const passwordHash = unclaimed ? UNCLAIMED : await hashPassword(password, ctx.config.scryptCost);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(users).where(eq(sql`lower(${users.email})`, DEMO_EMAIL));
    await tx.delete(settingsGroups).where(eq(settingsGroups.name, DEMO_WORKSPACE));
    const [group] = await tx
      .insert(settingsGroups)
      .values({
        name: DEMO_WORKSPACE,
        currency: 'CHF',
        locale_settings: { active: ['de-ch', 'de', 'en-us'], mandatory: ['de-ch'] },
      })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        email: DEMO_EMAIL,
        email_verified_at: new Date(),
        password_hash: passwordHash,
        first_name: 'Alex',
        last_name: 'Demo',
        organisation: DEMO_WORKSPACE,
        locale: 'en-us',
        date_format: 'DD.MM.YYYY',
        terms_version: TERMS_VERSION,
        terms_accepted_at: new Date(),
        is_superuser: true,
        default_settings_group_uuid: group!.uuid,
      })
      .returning();
    await tx.update(settingsGroups).set({ created_by: user!.id }).where(eq(settingsGroups.uuid, group!.uuid));
    await tx
      .insert(settingsGroupMembers)
      .values({ settings_group_uuid: group!.uuid, user_id: user!.id, role: 'admin' });
    await seedPortfolio(tx, group!.uuid, user!.id);
    await seedPlanning(tx, group!.uuid, user!.id);
    await seedContracts(tx, group!.uuid, user!.id);
    await seedGuarantees(tx, group!.uuid, user!.id);
    await seedCounters(tx, group!.uuid, user!.id);
    await seedBudgets(tx, group!.uuid, user!.id);
    const [existing] = await tx.select({ n: count() }).from(systemNotifications);
    if ((existing?.n ?? 0) === 0)
      await tx.insert(systemNotifications).values({
        type: 'info',
        publish_at: new Date(Date.now() - 60_000),
        publish_until: null,
        title: 'Welcome to Hauswerk',
        created_by: user!.id,
        updated_by: user!.id,
        translations: {
          'en-us': {
            title: 'Welcome to Hauswerk',
            body: 'Your demo workspace is ready. Explore the modules on the left.',
          },
          de: {
            title: 'Willkommen bei Hauswerk',
            body: 'Ihr Demo-Arbeitsbereich ist bereit. Die Module finden Sie links.',
          },
          'de-ch': {
            title: 'Willkommen bei Hauswerk',
            body: 'Ihr Demo-Arbeitsbereich ist bereit. Die Module finden Sie links.',
          },
        },
      });
  });
  return { email: DEMO_EMAIL, password };
}
