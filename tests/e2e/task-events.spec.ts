// Task events journey (docs/decisions.md, "The task events grid"): the home tile "tasks due this month" opens the
// task events grid filtered to what it counts, with the same count, and an event opened there is marked done in its
// drawer; a bar of the staffing chart on /charts opens the grid filtered to that month's events the chart sums (open
// and done, not skipped).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';

interface Rec {
  uuid: string;
  settings_group_uuid: string;
  links: Record<string, string>;
}

const countOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The grid's footer count ("12 records"), once the rows are read. */
async function gridCount(page: Page): Promise<number> {
  const footer = page.locator('.hw-grid-footer');
  await expect(footer).toContainText(/\d+ records?/, { timeout: 30_000 });
  return countOf((await footer.textContent())!.match(/([\d,]+) records?/)![1]!);
}

/** A one-off task of its own with task events written by hand on these days (open). */
async function seedEvents(page: Page, title: string, days: string[]) {
  const [property] = await apiGet<Rec[]>(page, 'properties?per_page=1');
  const task = await apiPost<Rec>(page, 'tasks', {
    property_uuid: property!.uuid,
    title,
    start_date: days[0],
    workload: '4',
    cost_per_hour: '60.00',
  });
  const events: Rec[] = [];
  for (const day of days)
    events.push(
      await apiPost<Rec>(page, 'task-events', { property_uuid: property!.uuid, task_uuid: task.uuid, due_date: day }),
    );
  return events;
}

/** Runs one of a record's actions through its link. */
const act = (page: Page, record: Rec, action: string) =>
  apiPost<Rec>(page, record.links[action]!.replace(/^\/api\/v1\//, ''), {});

test.describe.configure({ timeout: 120_000 });

test('the tasks due this month tile opens the task events grid with the same count', async ({ page }) => {
  await signInTo(page, '/');
  const today = new Date().toISOString().slice(0, 10);
  const [event] = await seedEvents(page, `Kontrolle ${Date.now().toString(36)}`, [today]);

  await page.goto('/');
  const tile = page.locator('.hw-tile[data-tile="tasks_due_this_month"] a.hw-tile-link');
  // the tiles load after the page (a chunk of their own), each tile its own query
  await expect(tile.locator('.hw-tile-value')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  const value = countOf((await tile.locator('.hw-tile-value').textContent())!);
  expect(value).toBeGreaterThanOrEqual(1);
  await tile.click();
  await page.waitForURL((url) => url.pathname === '/task-events' && url.searchParams.has('filter'));
  await expect(page.getByRole('heading', { name: 'Task events', level: 1 })).toBeVisible();
  await expect(page.getByText('Filtered by the link')).toBeVisible();
  const filter = JSON.parse(new URL(page.url()).searchParams.get('filter')!) as Record<string, unknown>;
  expect(filter.status).toEqual(['open']);
  expect(await gridCount(page)).toBe(value);

  // the event opens in the drawer, which offers done and skip as its links allow
  await page.goto(`/task-events?record=${event!.uuid}`);
  await expect(page.getByRole('button', { name: 'Skip', exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Mark done', exact: true }).click();
  await expect(page.getByText('Task event marked as done.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark done', exact: true })).toHaveCount(0);
  expect((await apiGet<{ status: string }>(page, `task-events/${event!.uuid}`)).status).toBe('done');
});

test('a staffing bar opens the task events grid filtered to that month', async ({ page }) => {
  await signInTo(page, '/');
  // a year of their own, so the chart shows this month alone: three events, one of them skipped
  const events = await seedEvents(page, `Wartung ${Date.now().toString(36)}`, [
    '2040-03-05',
    '2040-03-18',
    '2040-03-25',
  ]);
  await act(page, events[2]!, 'skip');
  const counted = await apiGet<Rec[]>(
    page,
    'task-events?status_limiter=all&filter[status][]=open&filter[status][]=done' +
      '&filter[due_date][from]=2040-03-01&filter[due_date][to]=2040-03-31',
  );
  expect(counted.length).toBeGreaterThanOrEqual(2);

  await page.goto('/charts?from=2040-01-01&to=2040-12-31');
  const chart = page.getByRole('figure', { name: 'Staffing' });
  const bars = chart.locator('.recharts-bar-rectangle path');
  await expect(bars.first()).toBeVisible({ timeout: 60_000 });
  await bars.first().click();
  await page.waitForURL((url) => url.pathname === '/task-events' && url.searchParams.has('filter'));
  expect(JSON.parse(new URL(page.url()).searchParams.get('filter')!)).toEqual({
    status: ['open', 'done'],
    due_date: { from: '2040-03-01', to: '2040-03-31' },
  });
  await expect(page.getByText('Filtered by the link')).toBeVisible();
  expect(await gridCount(page)).toBe(counted.length);
});
