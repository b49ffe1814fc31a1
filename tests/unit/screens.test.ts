// The one table of screens (views/screens.ts): each path, key and model is declared once; the module list takes the
// screens' entries from it; every model with a grid definition has a screen, whose grid loader gives that grid.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GridDefinition } from '../../grids/define-grid';
import { MODULES, SCREENS, isGridScreen, isSettingsScreen } from '../../views/screens';

/** The values that occur more than once. */
const declaredTwice = (values: readonly string[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];

/** Grid definitions whose screen is not built yet. */
const WITHOUT_SCREEN = new Set(['tenancy']);

describe('screens', () => {
  it('finds a value declared twice', () => {
    expect(declaredTwice(['/a', '/b', '/a', '/c', '/a'])).toEqual(['/a']);
    expect(declaredTwice(['/a', '/b'])).toEqual([]);
  });

  it('declare each path, key and model once', () => {
    expect(declaredTwice(SCREENS.map((s) => s.path))).toEqual([]);
    expect(declaredTwice(SCREENS.map((s) => s.key))).toEqual([]);
    expect(declaredTwice(SCREENS.filter(isGridScreen).map((s) => s.model))).toEqual([]);
  });

  it('give the module list its screens, each once, and the list no path twice', () => {
    expect(declaredTwice(MODULES.map((m) => m.path))).toEqual([]);
    expect(declaredTwice(MODULES.map((m) => m.key))).toEqual([]);
    for (const screen of SCREENS.filter((s) => !isSettingsScreen(s)))
      expect(
        MODULES.filter((m) => m.path === screen.path || m.key === screen.key),
        screen.path,
      ).toEqual([{ key: screen.key, path: screen.path }]);
  });

  it('have a screen for every model with a grid definition, whose loader gives that grid', async () => {
    const grids: GridDefinition[] = [];
    for (const file of fs.readdirSync('grids').filter((f) => f.endsWith('.grid.ts'))) {
      const module = (await import(`../../grids/${file.slice(0, -'.grid.ts'.length)}.grid.ts`)) as Record<
        string,
        unknown
      >;
      for (const value of Object.values(module))
        if (value && typeof value === 'object' && 'entity' in value && 'columns' in value)
          grids.push(value as GridDefinition);
    }
    expect(grids.length).toBeGreaterThan(10);
    const screened = new Set(SCREENS.filter(isGridScreen).map((s) => s.model));
    const missing = grids.map((g) => g.entity.name).filter((name) => !screened.has(name as never));
    expect(missing.filter((name) => !WITHOUT_SCREEN.has(name))).toEqual([]);
    for (const screen of SCREENS.filter(isGridScreen))
      expect((await screen.grid()).entity.name, screen.path).toBe(screen.model);
  });
});
