// Dark mode (docs/domain/browser-app.md, "Languages, formats and display"): auto (default, follows the system), on, off; kept in
// local storage.
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { plainStorage } from './storage';

export const DARK_MODES = ['auto', 'on', 'off'] as const;
export type DarkMode = (typeof DARK_MODES)[number];
export const DARK_MODE_KEY = 'hauswerk.darkMode';
/** Blueprint 6's dark theme class (Classes.DARK). */
export const DARK_CLASS = 'bp6-dark';

export const darkModeAtom = atomWithStorage<DarkMode>(
  DARK_MODE_KEY,
  'auto',
  plainStorage(() => localStorage, DARK_MODES),
  { getOnInit: true },
);

const query = () => globalThis.matchMedia?.('(prefers-color-scheme: dark)');

/** Whether the system prefers dark, kept live by the ThemeProvider. */
export const systemDarkAtom = atom<boolean>(query()?.matches ?? false);

export const isDarkAtom = atom((get) => {
  const mode = get(darkModeAtom);
  return mode === 'on' || (mode === 'auto' && get(systemDarkAtom));
});

export function resolveDark(mode: DarkMode, systemDark: boolean): boolean {
  return mode === 'on' || (mode === 'auto' && systemDark);
}

/** Applies the theme to the document: Blueprint's class on <body>, the grid's mode on <html>. */
export function applyTheme(dark: boolean): void {
  if (typeof document === 'undefined') return;
  document.body.classList.toggle(DARK_CLASS, dark);
  document.documentElement.setAttribute('data-ag-theme-mode', dark ? 'dark' : 'light');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/** Applies the stored mode before React renders, so a reload does not flash light. */
export function applyStoredTheme(): void {
  let mode: DarkMode = 'auto';
  try {
    const stored = localStorage.getItem(DARK_MODE_KEY);
    if (stored && (DARK_MODES as readonly string[]).includes(stored)) mode = stored as DarkMode;
  } catch {
    // ignore
  }
  applyTheme(resolveDark(mode, query()?.matches ?? false));
}

export { query as darkMediaQuery };
