// How the screens of the table (../screens.ts) load for the router (src/app/routes.tsx). Dynamic imports only: AG
// Grid and the grid layer load with these routes, never with the first screen.
import { createElement, type ComponentType } from 'react';
import { loadRecordTranslations } from '../../src/i18n';
import { isSettingsScreen, type GridScreen, type Screen } from '../screens';

/** A model's grid screen: the generic screen's code, its grid definition, drawer extras and icons, in parallel. */
async function gridScreen(screen: GridScreen): Promise<ComponentType> {
  const [{ gridScreenView }, grid, extension, planning, settingsIcons] = await Promise.all([
    import('./grid-screen'),
    screen.grid(),
    screen.extension?.(),
    screen.calendar &&
      import('../planning-routes').then((m) => m.loadPlanningModuleView()).then((m) => m.PlanningModuleView),
    isSettingsScreen(screen) && import('../../src/components/settings-icons').then((m) => m.SETTINGS_ICONS),
  ]);
  return gridScreenView(screen, {
    grid,
    extension,
    planning: planning || undefined,
    settingsIcons: settingsIcons || undefined,
  });
}

const loadingScreens = new Map<Screen, Promise<ComponentType>>();
const loadedScreens = new Map<Screen, ComponentType>();

/** One component per screen however often it is asked for (a failed load is tried again). */
function screenComponent(screen: Screen): Promise<ComponentType> {
  let loading = loadingScreens.get(screen);
  if (!loading) {
    loading = 'view' in screen ? screen.view() : gridScreen(screen);
    loadingScreens.set(screen, loading);
    loading.catch(() => loadingScreens.delete(screen));
  }
  return loading;
}

/**
 * For `lazyScreen`: the screen's code with the record translations. The shell calls it when idle, so a later
 * click renders the screen at once (`loadedGridScreen`).
 */
export async function loadGridScreen(screen: Screen): Promise<{ default: ComponentType }> {
  const [component] = await Promise.all([screenComponent(screen), loadRecordTranslations()]);
  loadedScreens.set(screen, component);
  return { default: component };
}

/** The screen when its code and translations have loaded already. */
export const loadedGridScreen = (screen: Screen): ComponentType | null => loadedScreens.get(screen) ?? null;

/**
 * For `React.lazy`: the home dashboard's tiles and small charts (../home/dashboard.tsx) with their texts. Imported here,
 * where the screens' chunks are listed already, so the first screen's code grows by the least.
 */
export const loadDashboard = () =>
  Promise.all([import('../home/dashboard'), loadRecordTranslations()]).then(([m]) => ({ default: m.Dashboard }));

/** For `React.lazy`: the record page of one model (`<path>/:uuid`), with its drawer extras. */
export async function loadRecordPage(screen: GridScreen): Promise<{ default: ComponentType }> {
  const [{ RecordPage }, { entityByName }, extension] = await Promise.all([
    import('./record-page'),
    import('../../src/entities/registry'),
    screen.extension?.(),
    loadRecordTranslations(),
  ]);
  const entity = entityByName(screen.model)!;
  return { default: () => createElement(RecordPage, { entity, listPath: screen.path, extension }) };
}
