// Every date and instant a request carries is bounded to the years 1800 to 9999 (docs/hostile-input.md): routes take
// the shared schemas (`valueSchemas.date()`, `isoDateTime()`, src/entities/schemas.ts), never a bespoke zod date. A
// bespoke `z.iso.date()` once let the year 0 through to the database, which answered a 500. This test reads the
// server and shared sources and reports every zod date or instant built outside the shared schemas.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { valueSchemas, isoDateTime } from '../../src/entities/schemas';

const ROOT = path.resolve(__dirname, '../..');
const DIRS = ['server', 'src'];
/** Where the shared schemas are built, and the database layer (a backup file is no request: server/db). */
const SKIPPED = [/^src\/entities\/schemas\.ts$/, /^server\/db\//];
/** zod's own date and instant schemas, none of which knows the allowed years. */
const UNBOUNDED =
  /\bz\s*\.\s*(iso\s*\.\s*(date|datetime|time)|coerce\s*\.\s*date|date)\s*\(|\.string\(\)\s*\.\s*(date|datetime)\s*\(/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/** The code of a file with its comments blanked out (a comment may name what it warns about). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, ' '));

describe('dates at the edge', () => {
  it('no route or service builds a zod date or instant of its own', () => {
    const files = DIRS.flatMap((d) => sources(path.join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const rel = path.relative(ROOT, file);
      if (SKIPPED.some((skip) => skip.test(rel))) continue;
      const lines = code(fs.readFileSync(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        if (UNBOUNDED.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
        UNBOUNDED.lastIndex = 0;
      });
    }
    expect(found).toEqual([]);
  });

  it('the shared schemas refuse impossible days and years outside 1800 to 9999', () => {
    const day = valueSchemas.date();
    for (const v of ['0000-01-01', '1799-12-31', '10000-01-01', '2024-02-30', '2023-02-29', '2024-13-01'])
      expect(day.safeParse(v).success, v).toBe(false);
    for (const v of ['1800-01-01', '2024-02-29', '9999-12-31']) expect(day.safeParse(v).success, v).toBe(true);
    const instant = isoDateTime();
    for (const v of [
      '0000-01-01T00:00:00Z',
      '2024-02-31T10:00:00Z',
      '2024-06-01T24:00:00Z',
      '10000-01-01T00:00:00Z',
      // written in range, outside it in UTC, where it is stored
      '9999-12-31T23:00:00-05:00',
      '1800-01-01T00:00:00+14:00',
    ])
      expect(instant.safeParse(v).success, v).toBe(false);
    expect(instant.safeParse('9999-12-31T23:59:59.999Z').success).toBe(true);
  });
});
