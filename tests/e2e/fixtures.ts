// The journeys' `test`: Playwright's, plus a check after every journey that the browser asked for no translation
// key that is missing in every language (src/i18n/options.ts logs each one as a console error, "[i18n] missing
// key: …"). Pages opened in contexts of a test's own (a contractor's browser) are not watched.
import { expect, test as base } from '@playwright/test';

export const test = base.extend<{ missingKeys: void }>({
  missingKeys: [
    async ({ context }, use) => {
      const missing: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith('[i18n] missing key')) missing.push(message.text());
      });
      await use();
      expect(missing, 'translation keys missing in every language').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
