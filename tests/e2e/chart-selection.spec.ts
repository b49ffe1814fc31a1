// Charts in the linked selection (docs/decisions.md, "Charts in the linked selection"): two tickets ticked in the
// tickets grid outline their bars in the screen's Chart view (the weeks they fell due, the week they were opened)
// and dim the others; a click on another bar selects the tickets behind it, which the grid then shows selected; the
// keyboard reaches the bars and selects with Enter; Clear empties the selection; the view is remembered.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';
import { isoWeekOf } from '../../views/charts/chart-selection';

const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('gridcell') });

test('tickets selected in the grid light up their bars; a bar clicked in the Chart view selects its tickets', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await signInTo(page, '/tickets');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const lastYear = new Date().getFullYear() - 1;
  // open tickets due in weeks of last year are overdue there: a Wednesday of ISO week 10 and one of week 24
  const due = { a: `${lastYear}-03-04`, c: `${lastYear}-06-10` };
  const subjects = ['A', 'B', 'C'].map((letter) => `Chart ${letter} ${stamp}`);
  const made: { uuid: string; created_at: string }[] = [];
  for (const [i, subject] of subjects.entries())
    made.push(
      await apiPost(page, 'tickets', { property_uuid: property!.uuid, subject, due_date: i < 2 ? due.a : due.c }),
    );

  // two tickets ticked in the grid
  await page.getByRole('button', { name: 'Table' }).click();
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(stamp);
  await expect(dataRows(page)).toHaveCount(3);
  for (const subject of subjects.slice(0, 2))
    await dataRows(page)
      .filter({ hasText: subject })
      .getByRole('checkbox', { name: /toggle row selection/ })
      .check();
  const count = page.getByRole('group', { name: 'Selection of this screen' });
  await expect(count).toContainText('2 selected');

  // the Chart view outlines the week they fell due in and the week they were opened, and dims the others
  await page.getByRole('button', { name: 'Chart', exact: true }).click();
  const chart = page.getByRole('figure', { name: 'Ticket throughput' });
  const mark = (name: string) => chart.locator(`[data-mark="${name}"]`);
  const weekA = isoWeekOf(due.a)!;
  const weekC = isoWeekOf(due.c)!;
  const opened = isoWeekOf(made[0]!.created_at)!;
  await expect(mark(`overdue|${weekA}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(mark(`opened|${opened}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(mark(`overdue|${weekC}`)).toHaveAttribute('aria-pressed', 'false');
  await expect(mark(`overdue|${weekC}`)).toHaveClass(/hw-chart-mark-off/);
  await expect(count).toContainText('2 selected');

  // a click on the other week's overdue bar selects the tickets behind it
  await mark(`overdue|${weekC}`).click();
  await expect(mark(`overdue|${weekC}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(mark(`overdue|${weekA}`)).toHaveAttribute('aria-pressed', 'false');
  await expect(count).not.toContainText('2 selected');

  // back in the grid, ticket C is selected, A and B are not
  await page.getByRole('button', { name: 'Table' }).click();
  await search.fill(stamp);
  await expect(dataRows(page)).toHaveCount(3);
  const selected = page.getByRole('row', { selected: true });
  await expect(selected.filter({ hasText: subjects[2] })).toHaveCount(1);
  await expect(selected.filter({ hasText: subjects[0] })).toHaveCount(0);
  await expect(selected.filter({ hasText: subjects[1] })).toHaveCount(0);

  // the keyboard: the bars are buttons, arrows move between them, Enter selects; Clear empties the selection
  await page.getByRole('button', { name: 'Chart', exact: true }).click();
  await mark(`overdue|${weekC}`).focus();
  await page.keyboard.press('ArrowLeft');
  const focused = chart.locator('[data-mark]:focus');
  await expect(focused).toHaveCount(1);
  const name = await focused.getAttribute('data-mark');
  expect(name).not.toBe(`overdue|${weekC}`);
  await page.keyboard.press('Enter');
  await expect(mark(name!)).toHaveAttribute('aria-pressed', 'true');
  await count.getByRole('button', { name: 'Clear' }).click();
  await expect(count).toBeHidden();
  await expect(chart.locator('.hw-chart-mark-off')).toHaveCount(0);
  await expect(mark(`overdue|${weekA}`)).toHaveAttribute('aria-pressed', 'false');

  // the choice of view is remembered (/charts, where a bar opens the grid, is charts.spec.ts)
  await page.reload();
  await expect(page.getByRole('button', { name: 'Chart', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('figure', { name: 'Ticket throughput' })).toBeVisible();

  // back to the table: the journeys share one server and user, and the others open the tickets' grid
  const saved = page.waitForResponse(
    (r) => r.url().includes('/user-model-views/ticket') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Table' }).click();
  expect((await saved).ok()).toBe(true);
});

test('a link with a filter opens the grid after the Chart view; the Chart view counts what the grid lists', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 2200, height: 900 }); // the Priority column in view
  const stamp = Date.now().toString(36);
  await signInTo(page, '/tickets');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const made: { created_at: string }[] = [];
  for (const [subject, priority] of [
    [`Filtered A ${stamp}`, 'high'],
    [`Filtered B ${stamp}`, 'normal'],
  ])
    made.push(await apiPost(page, 'tickets', { property_uuid: property!.uuid, subject, priority }));
  const chart = page.getByRole('figure', { name: 'Ticket throughput' });
  const opened = chart.locator(`[data-mark="opened|${isoWeekOf(made[0]!.created_at)}"]`);
  const chartButton = page.getByRole('button', { name: 'Chart', exact: true });
  const tableButton = page.getByRole('button', { name: 'Table' });

  // the Chart view was the last one used; a link with a filter (a home tile's) opens the table all the same
  await chartButton.click();
  await expect(chart).toBeVisible();
  await page.goto(`/tickets?filter=${encodeURIComponent(JSON.stringify({ subject: stamp }))}`);
  await expect(tableButton).toHaveAttribute('aria-pressed', 'true');
  await expect(dataRows(page)).toHaveCount(2);

  // the chart of the same records: asked with the link's filter, this week's opened bar counts the two
  const asked = page.waitForRequest(
    (r) =>
      r.url().includes('/api/v1/charts/ticket-throughput?') &&
      decodeURIComponent(r.url()).includes(`filter[subject]=${stamp}`),
  );
  await chartButton.click();
  await asked;
  await expect(opened).toHaveAttribute('aria-label', /: 2$/);

  // a column filter of the table narrows the chart too, until its tag is removed
  await tableButton.click();
  await expect(dataRows(page)).toHaveCount(2);
  await page.getByRole('columnheader', { name: 'Priority' }).focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  await page.getByRole('group', { name: 'Values' }).getByRole('checkbox', { name: 'High', exact: true }).check();
  await expect(dataRows(page)).toHaveCount(1);
  await page.keyboard.press('Escape');
  await chartButton.click();
  const filtered = page.locator('.hw-module-chart-filtered');
  await expect(filtered).toHaveText('Filtered like the table');
  await expect(opened).toHaveAttribute('aria-label', /: 1$/);
  await filtered.getByRole('button').click();
  await expect(filtered).toHaveCount(0);
  await expect(opened).toHaveAttribute('aria-label', /: 2$/);

  // back to the table for the journeys after this one (one server and user for all)
  const saved = page.waitForResponse(
    (r) => r.url().includes('/user-model-views/ticket') && r.request().method() === 'PUT',
  );
  await tableButton.click();
  expect((await saved).ok()).toBe(true);
});
