// The app's PNG icons for the web app manifest (docs/decisions.md, "Installable and offline"), drawn from
// public/icon.svg by Debian's Chromium: icon-192.png and icon-512.png (the SVG as is) and icon-maskable-512.png
// (full-bleed background, the house inside the maskable safe zone, the central 80 %). Run after changing the SVG:
// `node scripts/pwa-icons.mjs`; the PNGs are committed in public/ (a few KB each).
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const svg = fs.readFileSync('public/icon.svg', 'utf8');
const maskable = svg
  .replace(/<rect [^>]*\/>/, '<rect width="64" height="64" fill="#215db0"/>')
  .replace(/<path /, '<path transform="translate(9.6 9.6) scale(0.7)" ');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [file, source, size] of [
  ['public/icon-192.png', svg, 192],
  ['public/icon-512.png', svg, 512],
  ['public/icon-maskable-512.png', maskable, 512],
]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const sized = source.replace(/width="64" height="64"/, `width="${size}" height="${size}"`);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  await page.locator('svg').screenshot({ path: file, omitBackground: true });
  await page.close();
  console.log(file, fs.statSync(file).size, 'bytes');
}
await browser.close();
