// Browser journeys: installs Debian's Chromium when missing (never a downloaded browser), builds the app when
// stale, and runs Playwright against a real server on a fresh data folder (see playwright.config.ts).
import fs from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { isStale } from './stale.mjs';
import { buildServer } from './build-server.mjs';

export const CHROMIUM = '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  console.log('Installing Chromium from Debian packages…');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', 'chromium'],
  ]) {
    const [cmd, ...rest] = [...sudo, ...args];
    const r = spawnSync(cmd, rest, { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
if (
  isStale('dist/client/index.html', [
    'src',
    'grids',
    'views',
    'index.html',
    'public',
    'vite.config.ts',
    'package-lock.json',
  ])
) {
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
}
if (isStale('dist/server/server.js', ['server', 'src/entities', 'src/domain', 'package-lock.json']))
  await buildServer();
const r = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
