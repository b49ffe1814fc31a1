import { defineConfig } from '@playwright/test';

// Journeys in Debian's Chromium against the built app and a real server on a fresh data folder.
// Mail goes to the outbox, which the tests read at /api/v1/outbox (loopback only).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8191);
export const DEMO_PASSWORD = 'demo-password-e2e';
// The browser's time zone, and the journeys' own: a date a journey computes ("today", "this month") is the day the
// app shows, also in the hour when the two would otherwise stand on different days (or months)
export const TIME_ZONE = 'Europe/Zurich';
process.env.TZ = TIME_ZONE;

export default defineConfig({
  testDir: 'tests/e2e',
  // generous waits: CI machines are shared and a step that takes 2 s here can take 10 s there; a journey still fails
  // on what never shows
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]],
  outputDir: '.tmp/test-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'en-US',
    timezoneId: TIME_ZONE,
    trace: 'retain-on-failure',
    // No service worker unless a journey is about one (the offline, update and offline-dialog files allow it): each
    // journey's fresh context would otherwise install the app and precache its 3 MB beside the journey's own work
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DEMO_PASSWORD, APP_URL: `http://127.0.0.1:${E2E_PORT}` },
  },
});
