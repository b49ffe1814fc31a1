// Every entry of the module list has its title (modules.<key>), its description on the home page
// (modules.descriptions.<key>) in each language, and its icon; a key the drawer or the home page builds from a module
// key and finds missing would show as raw text.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../views/screens';
import { MODULE_ICONS } from '../../src/components/module-icons';

const LOCALES = ['en-us', 'de', 'de-ch'];
const modules = (locale: string) =>
  JSON.parse(fs.readFileSync(`src/locales/${locale}/modules.json`, 'utf8')) as Record<string, unknown> & {
    descriptions: Record<string, string>;
  };

describe('module texts', () => {
  it.each(LOCALES)('%s has a title and a description for every module', (locale) => {
    const texts = modules(locale);
    const missing = MODULES.flatMap(({ key }) => [
      ...(typeof texts[key] === 'string' && texts[key] ? [] : [`modules.${key}`]),
      ...(texts.descriptions[key] ? [] : [`modules.descriptions.${key}`]),
    ]);
    expect(missing).toEqual([]);
  });

  it('has an icon for every module', () => {
    expect(MODULES.filter(({ key }) => !Object.hasOwn(MODULE_ICONS, key)).map((m) => m.key)).toEqual([]);
  });
});
