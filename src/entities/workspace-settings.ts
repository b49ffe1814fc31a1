// The settings of a workspace (a settings group) beside its models' (docs/domain/fields.md, "Workspace settings"):
// sections of typed values with defaults, declared with the constructors of ./model-settings and stored as the
// models' are, one row per section (`workspace.<section>`). What each value does is in the docs; a few values live
// where they lived before and are only shown here (the currency and offered languages on the settings group, the
// planning horizon in the facility settings). No React, no SQL, no I/O.
import { z } from 'zod';
import { LOCALES } from './account';
import { s, settingSchema, type SettingsBlock } from './model-settings';

export const WORKSPACE_SECTIONS = {
  language: {
    default_locale: s.choice({ default: 'de-ch', options: LOCALES }),
    offered_locales: s.choiceList({ default: LOCALES, options: LOCALES, min: 1 }),
  },
  finance: {
    currency: s.choice({ default: 'CHF', options: ['CHF', 'EUR', 'USD'] }),
    cash_rounding: s.choice({ default: '0.05', options: ['0.05', '0.01'] }),
  },
  renewal: {
    planning_horizon: s.int({ default: 5, min: 1, max: 50 }),
  },
  delegation: {
    max_days: s.int({ default: 0, min: 0, max: 3650 }),
  },
  email: {
    sender_name: s.text({ default: '', max: 100 }),
    reply_to: s.text({ default: '', max: 254 }),
    // appended to every mail sent on the settings group's behalf (docs/domain/email-templates.md)
    signature: s.text({ default: '', max: 1000 }),
  },
  archive: {
    purge_after_days: s.int({ default: 0, min: 0, max: 36_500 }),
  },
  exchange: {
    csv_separator: s.choice({ default: 'semicolon', options: ['semicolon', 'comma'] }),
  },
} as const satisfies Record<string, SettingsBlock>;

export type WorkspaceSection = keyof typeof WORKSPACE_SECTIONS;
export const SECTION_NAMES = Object.keys(WORKSPACE_SECTIONS) as WorkspaceSection[];

/** A section as the model-settings store keeps it (its name in `model_settings.model`). */
export const sectionStore = <K extends WorkspaceSection>(section: K) => ({
  name: `workspace.${section}`,
  settings: WORKSPACE_SECTIONS[section],
});

const EMAIL = z.email();

/** A PATCH of the workspace's settings: the sections it changes, each with only the keys it changes. */
export const workspacePatchSchema = z.strictObject(
  Object.fromEntries(
    SECTION_NAMES.map((section) => [
      section,
      z
        .strictObject(
          Object.fromEntries(
            Object.entries(WORKSPACE_SECTIONS[section]).map(([key, setting]) => [
              key,
              (key === 'reply_to' ? z.union([z.literal(''), EMAIL.max(254)]) : settingSchema(setting)).optional(),
            ]),
          ),
        )
        .optional(),
    ]),
  ),
);
