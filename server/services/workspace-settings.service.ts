// The workspace's settings (docs/domain/fields.md, "Workspace settings"): `GET /settings-groups/{uuid}/settings` for
// its members, `PATCH` for its admins, section by section. Each section is stored as a model's settings are
// (server/crud/model-settings.ts, under `workspace.<section>`), except three values that live where they lived
// before and are read and written there: the currency and the offered languages (the settings group's columns) and
// the renewal planning horizon (the facility model's `planning_horizon`). One transaction and one audit entry per
// PATCH; a value refused is a 422 naming `<section>.<key>`, and nothing is written.
import { and, eq, inArray } from 'drizzle-orm';
import { entities } from '../../src/entities/registry';
import { settingValues } from '../../src/entities/model-settings';
import {
  SECTION_NAMES,
  WORKSPACE_SECTIONS,
  sectionStore,
  type WorkspaceSection,
} from '../../src/entities/workspace-settings';
import type { AppContext, UserRow } from '../context';
import { audit } from '../audit/writer';
import type { Db } from '../db/client';
import { modelSettings, settingsGroups } from '../db/schema';
import { readModelSettings, readModelSettingsOf, writeModelSettings } from '../crud/model-settings';
import { forbidden } from '../http-error';
import { loadGroup } from './settings-groups.service';

type Values = Record<string, unknown>;
export type WorkspaceSettings = Record<WorkspaceSection, Values>;

/** A section's own values, as stored (`enabled`, which every stored block has, is not one of them). */
const own = (section: WorkspaceSection, values: Values): Values =>
  Object.fromEntries(Object.keys(WORKSPACE_SECTIONS[section]).map((key) => [key, values[key]]));

/** One section of a settings group, defaults filled in (the values its hooks and jobs act on). */
export async function workspaceSection<K extends WorkspaceSection>(db: Db, sg: string, section: K) {
  return readModelSettings(db, sg, sectionStore(section));
}

/** One section of several settings groups at once (a job's). */
export const workspaceSectionOf = <K extends WorkspaceSection>(db: Db, sgs: string[], section: K) =>
  readModelSettingsOf(db, sgs, sectionStore(section));

async function readAll(db: Db, sg: string): Promise<WorkspaceSettings> {
  // every section in one query, defaults filled in
  const stored = await db
    .select({ model: modelSettings.model, values: modelSettings.values })
    .from(modelSettings)
    .where(
      and(
        eq(modelSettings.settings_group_uuid, sg),
        inArray(
          modelSettings.model,
          SECTION_NAMES.map((section) => sectionStore(section).name),
        ),
      ),
    );
  const out = {} as WorkspaceSettings;
  for (const section of SECTION_NAMES) {
    const store = sectionStore(section);
    out[section] = own(section, settingValues(store, stored.find((r) => r.model === store.name)?.values));
  }
  const [group] = await db
    .select({ currency: settingsGroups.currency, locales: settingsGroups.locale_settings })
    .from(settingsGroups)
    .where(eq(settingsGroups.uuid, sg));
  out.finance.currency = group!.currency;
  out.language.offered_locales = (group!.locales as { active: string[] }).active;
  out.renewal.planning_horizon = (await readModelSettings(db, sg, entities.facility)).planning_horizon;
  return out;
}

export async function getWorkspaceSettings(ctx: AppContext, user: UserRow, sg: string) {
  await loadGroup(ctx, user, sg);
  return readAll(ctx.db, sg);
}

/** The group (404 unless a member) and the caller is its admin (403). */
export async function assertWorkspaceAdmin(ctx: AppContext, user: UserRow, sg: string) {
  const group = await loadGroup(ctx, user, sg);
  if (group.role !== 'admin') throw forbidden();
  return group;
}

export async function patchWorkspaceSettings(
  ctx: AppContext,
  user: UserRow,
  sg: string,
  changes: Partial<Record<WorkspaceSection, Values>>,
  ip?: string,
) {
  return ctx.db.transaction(async (tx) => {
    const diff: Record<string, Record<string, { from: unknown; to: unknown }>> = {};
    const before = await readAll(tx, sg);
    for (const section of SECTION_NAMES) {
      const change = { ...changes[section] };
      if (!Object.keys(change).length) continue;
      const moved: Record<string, { from: unknown; to: unknown }> = {};
      const note = (key: string) => {
        if (JSON.stringify(before[section][key]) !== JSON.stringify(change[key]))
          moved[key] = { from: before[section][key], to: change[key] };
        delete change[key];
      };
      if (section === 'finance' && 'currency' in change) {
        await tx
          .update(settingsGroups)
          .set({ currency: String(change.currency) })
          .where(eq(settingsGroups.uuid, sg));
        note('currency');
      }
      if (section === 'language' && 'offered_locales' in change) {
        const [group] = await tx
          .select({ locales: settingsGroups.locale_settings })
          .from(settingsGroups)
          .where(eq(settingsGroups.uuid, sg));
        const active = change.offered_locales as string[];
        const mandatory = (group!.locales as { mandatory: string[] }).mandatory.filter((l) => active.includes(l));
        await tx
          .update(settingsGroups)
          .set({ locale_settings: { active, mandatory: mandatory.length ? mandatory : [active[0]!] } })
          .where(eq(settingsGroups.uuid, sg));
        note('offered_locales');
      }
      if (section === 'renewal' && 'planning_horizon' in change) {
        await writeModelSettings(tx, sg, entities.facility, { planning_horizon: change.planning_horizon });
        note('planning_horizon');
      }
      const written = await writeModelSettings(tx, sg, sectionStore(section), change);
      Object.assign(moved, written.diff);
      if (Object.keys(moved).length) diff[section] = moved;
    }
    if (Object.keys(diff).length)
      await audit(tx, {
        settings_group_uuid: sg,
        user_id: user.id,
        action: 'workspace_settings.update',
        target_type: 'settings_group',
        details: { changes: diff },
        ip,
      });
    return readAll(tx, sg);
  });
}
