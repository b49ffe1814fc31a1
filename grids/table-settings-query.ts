// The per-device table settings query, shared by the grids and by the shell's idle preload (grids/preload.ts).
// Kept free of the grid layer's other modules so the preload stays a few hundred bytes.
import type { TableSettings } from '../src/entities/account';
import { http } from '../src/api/http';

export const MOBILE_BREAKPOINT = 700;

/** `{platform}:{mobile|desktop}`, e.g. `Linux:desktop`. */
export function deviceString(width: number = globalThis.innerWidth ?? 1024): string {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { platform?: string } }) | undefined;
  const raw = nav?.userAgentData?.platform || nav?.platform || 'unknown';
  const platform =
    raw
      .replace(/[^A-Za-z0-9 _.-]/g, '')
      .trim()
      .slice(0, 40) || 'unknown';
  return `${platform}:${width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop'}`;
}

export const settingsKey = (device: string) => ['table-settings', device] as const;

/** Every table's settings of one device: one request, kept for the session (saves update the cache). */
export const tableSettingsQuery = (device: string) => ({
  queryKey: settingsKey(device),
  queryFn: () => http.get<Record<string, TableSettings>>('user/table-settings', { query: { device } }),
  staleTime: Infinity,
});
