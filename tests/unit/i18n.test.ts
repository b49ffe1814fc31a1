// The translations through i18next (docs/decisions.md, "Client", i18n): the browser's instance (fallback
// de-ch → de → en-us, {{name}}, plurals, formatters, namespaces added when loaded), the server's instance with the
// same options, and every key the code builds from template strings, in all three languages.
import { beforeAll, describe, expect, it } from 'vitest';
import { GENDERS, LOCALES, NOTIFICATION_TYPES, ROLES } from '../../src/entities/account';
import { entityList } from '../../src/entities/registry';
import { RECORD_NAMESPACES, i18n, loadRecordTranslations } from '../../src/i18n';
import { onMissingKey } from '../../src/i18n/options';
import * as records from '../../src/i18n/resources-records';
import { MODULE_PAGES, PAGES } from '../../views/pages';
import { serverI18n, translate } from '../../server/i18n/messages';
import { fieldLabel, modelLabel } from '../../server/spreadsheet/labels';

const { instance } = i18n;

beforeAll(async () => {
  await loadRecordTranslations();
  await i18n.changeLanguage('de'); // loads the German bundles
  await i18n.changeLanguage('en-us');
});

describe('the browser instance', () => {
  it('lists the record namespaces it loads later', () => {
    expect([...RECORD_NAMESPACES].sort()).toEqual(Object.keys(records.en).sort());
  });

  it('reads the namespace from the first part of the key, interpolates and picks plurals', async () => {
    expect(i18n.t('common.languages.de')).toBe('Deutsch');
    expect(i18n.t('profile.attention.invitations', { count: 1 })).toBe('You have an open invitation.');
    expect(i18n.t('profile.attention.invitations', { count: 3 })).toBe('You have 3 open invitations.');
    await i18n.changeLanguage('de-ch');
    expect(i18n.language).toBe('de-ch');
    expect(i18n.t('profile.attention.invitations', { count: 2 })).toBe('Sie haben 2 offene Einladungen.');
    await i18n.changeLanguage('en-us');
  });

  it('falls back de-ch → de → en-us', async () => {
    instance.addResource('en-us', 'common', 'testOnly.english', 'english');
    instance.addResource('de', 'common', 'testOnly.german', 'deutsch');
    await i18n.changeLanguage('de-ch');
    expect(i18n.t('common.testOnly.german')).toBe('deutsch');
    expect(i18n.t('common.testOnly.english')).toBe('english');
    await i18n.changeLanguage('en-us');
    expect(instance.exists('common.testOnly.german')).toBe(false); // en-us falls back to nothing
  });

  it('formats dates inside messages in the user format', () => {
    instance.addResource('en-us', 'common', 'testOnly.on', 'on {{date, date}} at {{when, datetime}}');
    expect(i18n.t('common.testOnly.on', { date: '2026-12-31', when: new Date(2026, 0, 2, 14, 5) })).toBe(
      'on 12/31/2026 at 01/02/2026 14:05',
    );
    expect(i18n.t('common.testOnly.on', { date: '2026-12-31', when: '2026-01-02', dateFormat: 'DD.MM.YYYY' })).toBe(
      'on 31.12.2026 at 02.01.2026 00:00',
    );
  });

  it('reports a missing key (the test setup fails a test that asks for one)', () => {
    const reported: string[] = [];
    const stop = onMissingKey((_languages, key) => reported.push(key));
    try {
      expect(i18n.t('shell.noSuchKey')).toBe('shell.noSuchKey');
    } finally {
      stop();
    }
    expect(reported).toEqual(['shell.noSuchKey']);
  });
});

describe('the server instance', () => {
  it('translates with {{name}} placeholders and plurals by count', () => {
    expect(translate('en-us', 'validation.required', { field: 'Name' })).toBe('Name is required.');
    expect(translate('de', 'bulk.skipped', { count: 1 })).toContain('einen Datensatz');
    expect(translate('en-us', 'bulk.skipped', { count: 4 })).toBe(
      '4 records lack the right permission and were skipped.',
    );
    expect(translate('de-ch', 'errors.payload_too_large')).not.toContain('ß');
    expect(translate('fr' as never, 'errors.not_found')).toBe('Not found.');
  });

  it('has the same keys in the three languages, {{name}} placeholders only and no ß in de-ch', () => {
    const leaves = (tree: object, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v as object, `${prefix}${k}.`),
      );
    const texts = Object.fromEntries(
      LOCALES.map((lng) => [lng, leaves(serverI18n.getResourceBundle(lng, 'messages') as object)]),
    );
    const keys = (lng: string) => texts[lng]!.map(([k]) => k).sort();
    expect(keys('en-us').length).toBeGreaterThan(150);
    expect(keys('de')).toEqual(keys('en-us'));
    expect(keys('de-ch')).toEqual(keys('en-us'));
    for (const lng of LOCALES)
      for (const [key, text] of texts[lng]!)
        expect(text.replace(/\{\{[\w, ()]+\}\}/g, ''), `${lng}: ${key}`).not.toMatch(/[{}]/);
    for (const [key, text] of texts['de-ch']!) expect(text, key).not.toContain('ß');
  });

  it('does not find members of Object.prototype for keys built from a request', () => {
    const stop = onMissingKey(() => {});
    try {
      for (const name of ['valueOf', 'constructor', '__proto__', 'toString'])
        expect(typeof translate('en-us', `export.${name}` as never)).toBe('string');
    } finally {
      stop();
    }
  });

  it('reads export headers from the entities namespace with the fallback chain', () => {
    const facility = entityList.find((e) => e.name === 'facility')!;
    expect(modelLabel(facility, 'de-ch')).toBe(instance.getResource('de-ch', 'entities', 'facility.plural'));
    expect(fieldLabel(facility, 'no_such_field', 'de')).toBe('no_such_field');
  });
});

/** Every key the code builds from template strings, per family. */
function builtKeys(): string[] {
  const keys: string[] = [];
  for (const page of PAGES) keys.push(page.title);
  for (const { key } of MODULE_PAGES) keys.push(`modules.descriptions.${key}`);
  for (const locale of LOCALES) keys.push(`common.languages.${locale}`);
  for (const role of ROLES) keys.push(`settingsGroups.roles.${role}`);
  for (const gender of GENDERS) keys.push(`profile.personal.genders.${gender}`);
  for (const type of NOTIFICATION_TYPES) keys.push(`notifications.types.${type}`);
  for (const entity of entityList) {
    keys.push(`entities.${entity.name}.one`, `entities.${entity.name}.plural`);
    if (entity.createdByUpload) keys.push(`records.${entity.plural}.howToAdd`);
    for (const [name, field] of Object.entries(entity.fields)) {
      keys.push(`entities.${entity.name}.fields.${name}`);
      if (field.kind === 'enum') for (const value of field.values) keys.push(`enums.${entity.name}.${name}.${value}`);
    }
  }
  return [...new Set(keys)];
}

describe('keys built from template strings', () => {
  it.each(LOCALES)('exist in %s itself (module titles, settings pages, entity names, fields, enums)', (locale) => {
    const keys = builtKeys();
    expect(keys.length).toBeGreaterThan(300);
    const missing = keys.filter((key) => {
      const [namespace, ...rest] = key.split('.');
      return typeof instance.getResource(locale, namespace!, rest.join('.')) !== 'string';
    });
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('exist on the server in %s (export headers, mails)', (locale) => {
    const keys = [
      ...['created_at', 'updated_at', 'created_by', 'updated_by', 'yes', 'no'].map((name) => `export.${name}`),
      ...['verify', 'reset', 'delete'].flatMap((kind) =>
        ['subject', 'intro', 'action'].map((p) => `mail.${kind}.${p}`),
      ),
    ];
    const missing = keys.filter((key) => typeof serverI18n.getResource(locale, 'messages', key) !== 'string');
    expect(missing).toEqual([]);
  });
});
