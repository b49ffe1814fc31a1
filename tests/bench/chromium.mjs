// Debian's Chromium as every browser benchmark launches it: headless, software rendering, no background
// networking (this machine's network is closed), never a downloaded browser.
import { chromium } from 'playwright-core';

export const launchChromium = () =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
