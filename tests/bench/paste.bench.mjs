// A 1,000 × 10 paste into the facilities grid until its preview shows (budget: under 1 s, issue "Spreadsheet
// power"), in Debian's Chromium (headless, software rendering) against the built app on a fresh PGlite folder with
// the demo workspace (~2,000 facilities).
//
// How: sign in, open /facilities, scroll until rows 0–999 are loaded (only loaded rows take part in a paste),
// focus the Internal number cell of row 0 and dispatch a paste event whose DataTransfer holds 1,000 TSV lines of
// 10 cells (texts, an empty ref, years, numbers, two read-only columns, enum labels, one column past the last; a
// few years that do not parse). Timed in the page
// from just before dispatching to the first frame after the preview's first table row is in the DOM
// (MutationObserver + requestAnimationFrame). The server's dry run runs after that and is reported separately
// (until "Checking with the server…" disappears).
// Baseline in the same run and page: the keyboard shortcut sheet (`?`, a Blueprint dialog with a small table),
// timed the same way — what any dialog costs here. RUNS (5) alternating runs, medians.
import { launchChromium } from './chromium.mjs';
import { startDemoServer } from './demo-server.mjs';

const PORT = 8397;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_PASTE_RUNS ?? 5); // BENCH_PASTE_DEBUG=1 prints the preview's counts
const ROWS = 1000;
const BUDGET_MS = 1000;
const PASSWORD = 'bench-paste-password';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const startServer = () => startDemoServer(PORT, PASSWORD);

function clipboard() {
  const lines = [];
  for (let i = 0; i < ROWS; i++) {
    const year = i % 97 === 0 ? '19x9' : String(1990 + (i % 30));
    const status = i % 3 ? 'Active' : 'Inactive';
    const cells = [`P-${i}`, 'Hoval', '', year, String(10 + (i % 30)), '5', '100', String(1 + (i % 4)), status, 'x'];
    lines.push(cells.join('\t'));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** In the page: dispatches `fire`, resolves with ms until the first frame after `selector` exists. */
function timedUntil(selector, fire) {
  return new Promise((resolve) => {
    const start = performance.now();
    const done = () => requestAnimationFrame(() => resolve(performance.now() - start));
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector)) {
        observer.disconnect();
        done();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    fire();
  });
}

export async function run() {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      baseURL: BASE,
      viewport: { width: 1600, height: 900 },
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto('/login?redirect=%2Ffacilities');
    await page.getByLabel('E-mail').fill('admin@demo.hauswerk.ch');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/facilities');
    await page.locator('.ag-row[row-index="0"] [col-id="name"]').waitFor();
    // load rows 0–999 (blocks of 100 as the grid scrolls)
    for (let i = 0; i < 200; i++) {
      const loaded = await page.evaluate((last) => {
        const viewport = document.querySelector('.ag-grid-viewport') ?? document.querySelector('.ag-body-viewport');
        viewport.scrollTop += 2400;
        return Boolean(document.querySelector(`.ag-row[row-index="${last}"] [col-id="name"]`)?.textContent);
      }, ROWS - 1);
      if (loaded) break;
      await page.waitForTimeout(150);
    }
    await page.evaluate(
      () =>
        ((document.querySelector('.ag-grid-viewport') ?? document.querySelector('.ag-body-viewport')).scrollTop = 0),
    );
    const text = clipboard();
    const pastes = [];
    const checks = [];
    const dialogs = [];
    let applyLabel = '';
    for (let r = 0; r < RUNS + 1; r++) {
      // the anchor: Internal number of row 0 (a click during the closing dialog's fade lands on its backdrop)
      const anchor = page.locator('.ag-row[row-index="0"] [col-id="number_internal"]');
      for (let i = 0; i < 20; i++) {
        await anchor.click();
        if (await anchor.evaluate((cell) => cell === document.activeElement)) break;
        await page.waitForTimeout(100);
      }
      const ms = await page.evaluate(
        ({ text, timed }) => {
          const until = new Function(`return (${timed})`)();
          return until('.hw-paste-table tbody tr', () => {
            const data = new DataTransfer();
            data.setData('text/plain', text);
            document.activeElement.dispatchEvent(
              new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
            );
          });
        },
        { text, timed: timedUntil.toString() },
      );
      const checkStart = Date.now();
      await page.getByText('Checking with the server…').waitFor({ state: 'hidden', timeout: 60_000 });
      const check = Date.now() - checkStart + ms;
      if (process.env.BENCH_PASTE_DEBUG)
        console.error(
          await page.locator('.hw-paste-counts').textContent(),
          await page
            .locator('.hw-paste-notes')
            .textContent()
            .catch(() => ''),
          [...new Set(await page.locator('.hw-paste-message').allTextContents())],
        );
      applyLabel = await page.locator('.hw-paste-dialog .bp6-dialog-footer .bp6-intent-primary').textContent();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.locator('.hw-paste-dialog').waitFor({ state: 'detached' });

      await page.locator('.ag-row[row-index="0"] [col-id="manufacturer"]').click();
      const sheet = await page.evaluate(
        ({ timed }) => {
          const until = new Function(`return (${timed})`)();
          return until('.hw-shortcut-table tr', () =>
            document.activeElement.dispatchEvent(
              new KeyboardEvent('keydown', { key: '?', bubbles: true, cancelable: true }),
            ),
          );
        },
        { timed: timedUntil.toString() },
      );
      await page.keyboard.press('Escape');
      await page.locator('.hw-shortcut-table').waitFor({ state: 'detached' });
      await page.locator('.bp6-overlay-open').waitFor({ state: 'detached' });
      if (r === 0) continue; // warm-up
      pastes.push(ms);
      checks.push(check);
      dialogs.push(sheet);
    }
    const paste = median(pastes);
    const dialog = median(dialogs);
    return [
      [
        `paste ${ROWS} × 10 → preview shown`,
        `${paste.toFixed(0)} ms`,
        `budget ${BUDGET_MS} ms; ${(paste / dialog).toFixed(1)}× a small dialog`,
        paste < BUDGET_MS,
      ],
      ['baseline: shortcut sheet dialog', `${dialog.toFixed(0)} ms`, 'same page, same timing', true],
      [
        'paste → server dry run done',
        `${median(checks).toFixed(0)} ms`,
        `report only (PATCH ?dry_run=1 of the valid rows); preview offered "${applyLabel}"`,
        true,
      ],
    ];
  } finally {
    await browser.close().catch(() => undefined);
    server.kill('SIGTERM');
  }
}
