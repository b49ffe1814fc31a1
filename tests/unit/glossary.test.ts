// One German word per concept across menus, forms and messages (the glossary in src/locales/README.md): no text of
// the browser's or the server's German catalogues (de, de-ch) uses a word the glossary replaced.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The word each concept takes, and the words it replaced. */
const GLOSSARY = [
  { concept: 'property', word: 'Liegenschaft', not: /Immobilie/ },
  { concept: 'measurement', word: 'Messung', not: /Ablesung/ },
];

const root = join(__dirname, '../..');
function texts(dir: string): { file: string; key: string; text: string }[] {
  const out: { file: string; key: string; text: string }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const walk = (value: unknown, key: string) => {
      if (typeof value === 'string') out.push({ file, key, text: value });
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
    };
    walk(JSON.parse(readFileSync(join(dir, file), 'utf8')), '');
  }
  return out;
}

describe('German glossary', () => {
  for (const lng of ['de', 'de-ch'])
    it(`${lng} uses one word per concept`, () => {
      const all = [...texts(join(root, 'src/locales', lng)), ...texts(join(root, 'server/locales', lng))];
      const stray = GLOSSARY.flatMap(({ word, not }) =>
        all.filter((t) => not.test(t.text)).map((t) => `${t.file} ${t.key}: "${t.text}" (say ${word})`),
      );
      expect(stray).toEqual([]);
      // the model names themselves
      const entities = JSON.parse(readFileSync(join(root, 'src/locales', lng, 'entities.json'), 'utf8')) as Record<
        string,
        { one: string }
      >;
      for (const { concept, word } of GLOSSARY) expect(entities[concept]!.one).toBe(word);
    });
});
