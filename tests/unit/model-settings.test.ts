// Model settings (docs/domain/fields.md, "Model settings"): every model has `enabled`; each setting of every model has
// its label and hint in the three languages of the settings form, and a label in the server's messages; stored
// values read back with the defaults for what is missing or no longer fits.
import { describe, expect, it } from 'vitest';
import { entityList, entities } from '../../src/entities/registry';
import { settingValues, settingsOf, settingsPatchSchema } from '../../src/entities/model-settings';
import enAdmin from '../../src/locales/en-us/admin.json';
import deAdmin from '../../src/locales/de/admin.json';
import chAdmin from '../../src/locales/de-ch/admin.json';
import enServer from '../../server/locales/en-us/messages.json';
import deServer from '../../server/locales/de/messages.json';
import chServer from '../../server/locales/de-ch/messages.json';

/** The record settings every model has beside `enabled`, as they read unset. */
const REC = { default_values: {}, required_fields: [], default_view: '' };

const languages = { 'en-us': [enAdmin, enServer], de: [deAdmin, deServer], 'de-ch': [chAdmin, chServer] } as const;

describe('model settings', () => {
  it('gives every model `enabled`, and every setting its texts in every language', () => {
    for (const entity of entityList) {
      const keys = Object.keys(settingsOf(entity));
      expect(keys[0], entity.name).toBe('enabled');
      for (const [language, [admin, server]] of Object.entries(languages))
        for (const key of keys) {
          const form = admin.modelSettings as { fields: Record<string, string>; hints: Record<string, string> };
          expect(form.fields[key], `${language} ${entity.name}.${key}`).toBeTruthy();
          expect(form.hints[key], `${language} ${entity.name}.${key}`).toBeTruthy();
          expect((admin.auditLog.fields as Record<string, string>)[key], `${language} audit ${key}`).toBeTruthy();
          expect((server.fields as Record<string, string>)[key], `${language} server ${key}`).toBeTruthy();
          const setting = settingsOf(entity)[key]!;
          // a setting another one overrides names one of the same model
          if (setting.overriddenBy) expect(keys, `${entity.name}.${key}`).toContain(setting.overriddenBy);
          // a choice names each of its values in the settings form's select ('' as `none`)
          if (setting.kind === 'choice')
            for (const value of setting.options)
              expect(
                (admin.modelSettings as { options: Record<string, Record<string, string>> }).options[key]?.[
                  value || 'none'
                ],
                `${language} ${key} ${value}`,
              ).toBeTruthy();
        }
    }
  });

  it('reads stored values over the defaults, a value that no longer fits as its default', () => {
    expect(settingValues(entities.guarantee, null)).toEqual({ enabled: true, reminder_days: [180, 90, 30], ...REC });
    expect(settingValues(entities.guarantee, { reminder_days: [7], stray: 1 })).toEqual({
      enabled: true,
      reminder_days: [7],
      ...REC,
    });
    expect(settingValues(entities.guarantee, { reminder_days: [0], enabled: 'no' })).toEqual({
      enabled: true,
      reminder_days: [180, 90, 30],
      ...REC,
    });
    // the defaults are copies: changing one read changes no other
    const read = settingValues(entities.guarantee, null) as { reminder_days: number[] };
    read.reminder_days.push(1);
    expect(settingValues(entities.guarantee, null).reminder_days).toEqual([180, 90, 30]);
  });

  it('takes only known keys of the right type in a change', () => {
    const schema = settingsPatchSchema(entities.ticket);
    expect(schema.safeParse({}).success).toBe(true);
    expect(schema.safeParse({ numbering_prefix: ' TK- ' }).data).toEqual({ numbering_prefix: 'TK-' });
    expect(schema.safeParse({ reminder_days: [1] }).success).toBe(false);
    expect(schema.safeParse({ next_number: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ enabled: null }).success).toBe(false);
  });

  it('checks default values by their fields, required fields among the optional ones, the view as a uuid', () => {
    const schema = settingsPatchSchema(entities.contract);
    expect(schema.safeParse({ default_values: { notice_period: 3, payment_interval: 'quarterly' } }).success).toBe(
      true,
    );
    expect(schema.safeParse({ default_values: { notice_period: 500 } }).success).toBe(false);
    expect(schema.safeParse({ default_values: { payment_interval: 'weekly' } }).success).toBe(false);
    // read-only, computed and unique fields take no default
    for (const name of ['status', 'latest_cancellation_date', 'number_internal', 'nope'])
      expect(schema.safeParse({ default_values: { [name]: 'x' } }).success, name).toBe(false);
    expect(schema.safeParse({ required_fields: ['contract_start_date', 'amount'] }).success).toBe(true);
    // a field required already, or not writable, is none to require
    for (const name of ['title', 'status', 'nope'])
      expect(schema.safeParse({ required_fields: [name] }).success, name).toBe(false);
    expect(schema.safeParse({ default_view: '' }).success).toBe(true);
    expect(schema.safeParse({ default_view: 'x' }).success).toBe(false);
    // the workspace's sections are no model: they have no record settings
    expect(Object.keys(settingsOf({ settings: {} }))).toEqual(['enabled']);
  });
});
