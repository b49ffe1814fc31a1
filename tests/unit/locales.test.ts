// Every visible string exists in all three languages, and every key the code uses exists.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = ['en-us', 'de', 'de-ch'];
const root = path.resolve('src/locales');

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}

function load(locale: string): Record<string, string> {
  const dir = path.join(root, locale);
  const all: Record<string, string> = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    Object.assign(
      all,
      flatten(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>, ns),
    );
  }
  return all;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const keysOf = (m: Record<string, string>) =>
  Object.keys(m)
    .map((k) => k.replace(/_(one|other|zero|few|many)$/, ''))
    .sort();

describe('locales', () => {
  const catalogs = Object.fromEntries(LOCALES.map((l) => [l, load(l)]));

  it('have the same keys in en-us, de and de-ch', () => {
    const en = [...new Set(keysOf(catalogs['en-us']!))];
    expect(en.length).toBeGreaterThan(50);
    for (const l of ['de', 'de-ch']) expect([...new Set(keysOf(catalogs[l]!))], l).toEqual(en);
  });

  it('have no empty texts and Swiss German writes ss, not ß', () => {
    for (const l of LOCALES)
      for (const [k, v] of Object.entries(catalogs[l]!)) expect(v.trim(), `${l}: ${k}`).not.toBe('');
    for (const [k, v] of Object.entries(catalogs['de-ch']!)) expect(v, k).not.toContain('ß');
  });

  it('label the fields of one model distinctly (they are the column headers of exports and imports)', () => {
    for (const l of LOCALES) {
      const models = JSON.parse(fs.readFileSync(path.join('src/locales', l, 'entities.json'), 'utf8')) as Record<
        string,
        { fields?: Record<string, string> }
      >;
      for (const [model, { fields = {} }] of Object.entries(models)) {
        const labels = Object.values(fields);
        const twice = labels.filter((label, i) => labels.indexOf(label) !== i);
        expect(twice, `${l}: ${model}`).toEqual([]);
      }
    }
  });

  it('contain every literal key the code passes to t()', () => {
    const en = catalogs['en-us']!;
    const known = new Set(keysOf(en));
    const missing: string[] = [];
    for (const file of [...sourceFiles('src'), ...sourceFiles('grids'), ...sourceFiles('views')]) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'/g)) {
        const key = m[1]!;
        if (!known.has(key) && !Object.keys(en).some((k) => k.startsWith(`${key}.`))) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
