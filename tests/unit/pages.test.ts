// The page manifest (views/pages.ts, docs/domain/browser-app.md "Routes and guards"): each path declared once, every
// page with its title in the three languages, an icon where its group's icons load, and a grid or a view; the
// router's loaders (src/app/page-loaders.ts) and the hand lists that name pages agree with it and with the registry.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GRID_PAGES, MODULE_PAGES, PAGES, RECORD_PAGES, modulePageOf, navPages } from '../../views/pages';
import { MODULE_ICONS } from '../../src/components/module-icons';
import { PAGE_ICONS } from '../../src/components/page-icons';
import { DRAWER_EXTENSIONS, VIEWS, WARM_PAGES, loadGrid } from '../../src/app/page-loaders';
import { entityByName } from '../../src/entities/registry';
import { ATTRIBUTE_SCREENS, DATE_KINDS, DATE_KIND_NAMES } from '../../src/domain/calendar-kinds';
import type { GridDefinition } from '../../grids/define-grid';

const LOCALES = ['de', 'de-ch', 'en-us'];

/** The values that occur more than once. */
const declaredTwice = (values: readonly string[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];

/** A key's text in a locale's files (src/locales/<locale>/<namespace>.json), or undefined. */
function text(locale: string, key: string): unknown {
  const [namespace, ...path] = key.split('.');
  const file = `src/locales/${locale}/${namespace}.json`;
  if (!fs.existsSync(file)) return undefined;
  let value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const part of path)
    value = value && typeof value === 'object' && Object.hasOwn(value, part) ? (value as never)[part] : undefined;
  return value;
}

/** Grid definitions whose model has no page yet. */
const WITHOUT_PAGE = new Set(['tenancy']);

describe('the page manifest', () => {
  it('finds a value declared twice', () => {
    expect(declaredTwice(['/a', '/b', '/a', '/c', '/a'])).toEqual(['/a']);
    expect(declaredTwice(['/a', '/b'])).toEqual([]);
  });

  it('is data: imports types only and loads no code (the router owns the loaders)', () => {
    const source = fs.readFileSync('views/pages.ts', 'utf8');
    expect((source.match(/^import .*$/gm) ?? []).filter((line) => !line.startsWith('import type '))).toEqual([]);
    expect(source).not.toMatch(/\bimport\s*\(|require\(/);
  });

  it('declares each path once, no alias twice or over a page, and one grid page per model', () => {
    const paths = PAGES.map((p) => p.path);
    expect(declaredTwice(paths)).toEqual([]);
    const aliases = PAGES.flatMap((p) => p.aliases ?? []);
    expect(declaredTwice(aliases)).toEqual([]);
    expect(aliases.filter((alias) => paths.some((path) => path.toLowerCase() === alias.toLowerCase()))).toEqual([]);
    // a page of some of a model's records (`where`: one model's attributes) is no second page of the model
    expect(declaredTwice(GRID_PAGES.filter((p) => !p.where).map((p) => p.model))).toEqual([]);
    // a record page `<path>/:uuid` is no other page's path
    expect(RECORD_PAGES.filter((r) => paths.some((path) => path.startsWith(`${r.path}/`))).map((r) => r.path)).toEqual(
      [],
    );
  });

  it('keeps each group below its layout: settings and templates below /settings, the rest outside', () => {
    const outside = PAGES.filter(
      (p) => (p.group === 'settings' || p.group === 'templates') !== /^\/settings(\/|$)/.test(p.path),
    );
    expect(outside.map((p) => p.path)).toEqual([]);
    expect(PAGES.filter((p) => !p.path.startsWith('/') || (p.path !== '/' && p.path.endsWith('/')))).toEqual([]);
    expect(MODULE_PAGES[0]?.path).toBe('/');
  });

  it.each(LOCALES)('has every title in %s, and the home card text of every module', (locale) => {
    const missing = PAGES.filter((p) => typeof text(locale, p.title) !== 'string' || !text(locale, p.title)).map(
      (p) => `${p.path}: ${p.title}`,
    );
    for (const { key } of MODULE_PAGES)
      if (!text(locale, `modules.descriptions.${key}`)) missing.push(`modules.descriptions.${key}`);
    expect(missing).toEqual([]);
  });

  it('gives every page an icon where its group loads icons: the modules with the first screen', () => {
    const missing = PAGES.filter((p) =>
      p.group === 'modules' ? !Object.hasOwn(MODULE_ICONS, p.icon) : !Object.hasOwn(PAGE_ICONS, p.icon),
    ).map((p) => `${p.path}: ${p.icon}`);
    expect(missing).toEqual([]);
  });

  it('gives every view page its view and no view to a path that is not a view page', () => {
    const viewPaths = PAGES.filter((p) => p.kind === 'view').map((p) => p.path);
    expect(viewPaths.filter((path) => !Object.hasOwn(VIEWS, path))).toEqual([]);
    expect(Object.keys(VIEWS).filter((path) => !viewPaths.includes(path))).toEqual([]);
  });

  it('gives every grid page the grid of its model, and every model with a grid definition a grid page', async () => {
    for (const page of GRID_PAGES) {
      expect(entityByName(page.model), page.path).toBeDefined();
      expect((await loadGrid(page)).entity.name, page.path).toBe(page.model);
    }
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
    // a grid behind a page's tab (a model's record templates) has its page too
    const paged = new Set(GRID_PAGES.flatMap((p) => [p.model as string, ...(p.tabs ?? []).map((t) => t.model)]));
    expect(grids.map((g) => g.entity.name).filter((name) => !paged.has(name) && !WITHOUT_PAGE.has(name))).toEqual([]);
    for (const page of GRID_PAGES)
      for (const tab of page.tabs ?? [])
        expect((await loadGrid({ ...page, model: tab.model, grid: tab.grid })).entity.name, page.path).toBe(tab.model);
  });

  it('rejects a grid page whose file has no grid of its model', async () => {
    const page = GRID_PAGES.find((p) => p.model === 'unit')!;
    await expect(loadGrid({ ...page, model: 'area' })).rejects.toThrow(/no grid of area/);
    await expect(loadGrid({ ...page, grid: 'no-such' })).rejects.toThrow(/no grid file/);
  });

  it('gives each model-settings page a model of the registry, once, as a settings page', () => {
    const pages = PAGES.filter((p) => p.kind === 'modelSettings');
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      expect(entityByName(page.model), page.path).toBeDefined();
      expect(page.group, page.path).toBe('settings');
    }
    const models = pages.map((p) => p.model);
    expect(new Set(models).size).toBe(models.length);
  });

  it('gives drawer extras only to models with a grid page', () => {
    const paged = new Set(GRID_PAGES.flatMap((p) => [p.model as string, ...(p.tabs ?? []).map((t) => t.model)]));
    expect(Object.keys(DRAWER_EXTENSIONS).filter((model) => !paged.has(model))).toEqual([]);
  });

  it("opens a calendar entry on its model's module page (src/domain/calendar-kinds.ts, a list the server shares)", () => {
    // the planning kinds open their module pages (a task event its task's), as views/calendar/calendar-panel.tsx does
    for (const model of ['task', 'ticket', 'order']) expect(modulePageOf(model)?.kind, model).toBe('grid');
    for (const name of DATE_KIND_NAMES) {
      const kind = DATE_KINDS[name];
      const page = PAGES.find((p) => p.path === `/${kind.screen}`);
      expect(page?.group, name).toBe('modules');
      // the page lists the kind's model, or the one its reference names (a tenancy's end: its partition)
      const opens = 'opens' in kind ? entityByName(kind.model)?.fields[kind.opens] : undefined;
      const model = opens?.kind === 'ref' ? opens.model : kind.model;
      expect(modulePageOf(model)?.path, name).toBe(`/${kind.screen}`);
    }
    // a date attribute's entry opens its model's module page
    for (const [model, screen] of Object.entries(ATTRIBUTE_SCREENS))
      expect(modulePageOf(model)?.path, model).toBe(`/${screen}`);
  });

  it('warms the grid pages and the warm views while idle, never the map', () => {
    expect(WARM_PAGES.filter((p) => p.kind === 'grid')).toEqual(GRID_PAGES);
    expect(WARM_PAGES.map((p) => p.path)).toEqual(expect.arrayContaining(['/calendar', '/charts']));
    expect(WARM_PAGES.map((p) => p.path)).not.toContain('/map');
  });

  it('lists in the menus only pages of the signed-in area', () => {
    expect(navPages('public')).toEqual([]);
    expect(navPages('account')).toEqual([]);
    expect(navPages('settings').length).toBeGreaterThan(30);
    expect(navPages('templates').length).toBe(15);
  });
});
