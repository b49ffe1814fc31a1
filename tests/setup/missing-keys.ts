// A translation key missing in every language fails the test that asked for it (browser and server i18next
// instances report to src/i18n/options.ts; docs/decisions.md, "Client", i18n).
import { afterEach, expect } from 'vitest';
import { onMissingKey } from '../../src/i18n/options';

const missing: string[] = [];
onMissingKey((languages, key) => missing.push(`${key} (${languages.join(', ')})`));

afterEach(() => {
  const found = missing.splice(0);
  expect(found, 'translation keys missing').toEqual([]);
});
