// Attributes journey (docs/domain/attributes.md): the demo admin adds a selection attribute to facilities (through the
// API; the form is tried in the unit and API tests), finds it on the attributes page and on the facilities' own page
// (whose New form is a facility's), and the facilities grid shows it as a column headed by its label; option labels
// pasted into it are stored as the options' values, the column sorts by them; the grid's xlsx export heads the column
// by its label with the options' labels as cells, and the file, one cell changed to the German label of the other
// option, re-imports through the wizard as one update. The attribute is archived at the end.
import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';
import { api, cellOf, dataRows, openFacilities, paste, seed, bulkPatch } from './sheet-support';

test('a selection attribute added to facilities is a grid column that takes a paste and sorts', async ({ page }) => {
  await page.setViewportSize({ width: 2200, height: 1000 });
  const stamp = Date.now().toString(36);
  const prefix = `Attr${stamp}`;
  await signInTo(page, '/settings/templates/attributes');
  await expect(page.getByRole('heading', { name: 'Attributes', level: 1 })).toBeVisible();
  const [group] = await apiGet<{ uuid: string }[]>(page, 'settings-groups?slim=1');
  const key = `centre_${stamp}`;
  const label = `Cost centre ${stamp}`;
  const made = await apiPost<{ uuid: string }>(page, 'attributes', {
    settings_group_uuid: group!.uuid,
    model: 'facility',
    key,
    type: 'select',
    searchable: true,
    labels: { 'en-us': label, de: `Kostenstelle ${stamp}` },
    options: [
      { value: 'north', labels: { 'en-us': 'North wing', de: 'Nordflügel' } },
      { value: 'south', labels: { 'en-us': 'South wing', de: 'Südflügel' } },
    ],
  });
  try {
    // the attributes page lists it
    await page.reload();
    await expect(page.getByRole('gridcell', { name: key })).toBeVisible();
    // the facilities' own page lists the facilities' attributes, and a new one there is a facility's
    await page.goto('/settings/templates/facilities');
    await expect(page.getByRole('gridcell', { name: key })).toBeVisible();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(page.getByLabel('Module (required)')).toHaveValue('facility');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'New Attribute' })).toBeHidden();

    await seed(page, prefix, 3);
    await page.goto('/facilities');
    await openFacilities(page, prefix, 3);
    // the grid draws only the columns in view: the keyboard takes the first row to its last column
    await (await cellOf(page, dataRows(page).first(), 'Manufacturer')).click();
    await page.keyboard.press('End');
    const header = page.getByRole('columnheader', { name: label, exact: true });
    await expect(header).toBeVisible();

    // option labels pasted into the column are stored as the options' values
    await (await cellOf(page, dataRows(page).first(), label)).click();
    await paste(page, 'South wing\r\nNorth wing\r\nSouth wing\r\n');
    const dialog = page.getByRole('dialog', { name: 'Paste preview' });
    await expect(dialog.getByText('Checking with the server…')).toBeHidden();
    await expect(dialog.getByTestId('paste-counts')).toContainText('3 changes');
    const saved = bulkPatch(page);
    await dialog.getByRole('button', { name: 'Apply 3 valid rows' }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(await cellOf(page, dataRows(page).first(), label)).toHaveText('South wing');

    const stored = await api<{ data: { name: string; attributes: Record<string, unknown> }[] }>(
      page,
      'GET',
      `facilities?search=${prefix}&sort_by=attributes.${key}&per_page=10`,
    );
    // sorted by the value (records of one value in uuid order)
    expect(stored.data.map((f) => f.attributes[key])).toEqual(['north', 'south', 'south']);
    expect(stored.data[0]!.name).toBe(`${prefix} 001`);

    // the column sorts in the grid as the list does
    await header.click();
    await expect(dataRows(page).first()).toContainText(`${prefix} 001`);

    // the export heads the column by its label and writes the options' labels
    const download = page.waitForEvent('download');
    await page.getByRole('toolbar', { name: 'Table tools' }).getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Excel workbook (.xlsx)' }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await fs.readFile((await (await download).path())!)) as never);
    const sheet = book.worksheets[0]!;
    const titles = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const column = titles.indexOf(label) + 1;
    expect(column).toBeGreaterThan(0);
    const cells = [2, 3, 4].map((n) => sheet.getRow(n).getCell(column));
    expect(cells.map((c) => c.value)).toEqual(['North wing', 'South wing', 'South wing']);

    // one cell changed to the other option's German label: the file re-imports as one update by the records' ID
    cells[2]!.value = 'Nordflügel';
    await page.getByRole('toolbar', { name: 'Table tools' }).getByRole('button', { name: 'Import' }).click();
    const wizard = page.getByRole('dialog', { name: /^Import / });
    await wizard.getByLabel('Choose a file…').setInputFiles({
      name: 'facilities.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    });
    await expect(wizard.getByText(/columns?:/)).toBeVisible(); // the preview arrived
    await wizard.getByRole('button', { name: 'Next' }).click(); // → header row
    await wizard.getByRole('button', { name: 'Next' }).click(); // → columns
    await expect(wizard.getByLabel(`Field for the column ${label}`)).toHaveValue(`attributes.${key}`);
    await wizard.getByRole('button', { name: 'Next' }).click(); // → mode
    await wizard.getByRole('radio', { name: /^Update/ }).check();
    await wizard.getByRole('button', { name: 'Check the rows' }).click();
    const counts = wizard.getByRole('status', { name: 'Check results' });
    await expect(counts).toContainText('1 to update');
    await expect(counts).toContainText('2 unchanged');
    await wizard.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(
      wizard.getByRole('table', { name: 'Import results' }).getByRole('row', { name: /^Updated/ }),
    ).toContainText('1');
    await wizard.getByRole('button', { name: 'Close' }).last().click();
    await expect(dataRows(page).filter({ hasText: 'South wing' })).toHaveCount(1);
    const after = await api<{ data: { uuid: string; attributes: Record<string, unknown> }[] }>(
      page,
      'GET',
      `facilities?search=${prefix}&sort_by=attributes.${key}&per_page=10`,
    );
    expect(after.data.map((f) => f.attributes[key])).toEqual(['north', 'north', 'south']);

    // the record page shows the attribute as a field of its form
    await page.goto(`/facilities/${after.data[0]!.uuid}`);
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('north');
  } finally {
    await apiPost(page, `attributes/${made.uuid}/archive`, {});
  }
});

test('a type change that some values do not survive asks first, keeps them as text beside it, and is undone', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const prefix = `Type${stamp}`;
  const key = `floors_${stamp}`;
  await signInTo(page, '/settings/templates/facilities');
  const [group] = await apiGet<{ uuid: string }[]>(page, 'settings-groups?slim=1');
  const made = await apiPost<{ uuid: string }>(page, 'attributes', {
    settings_group_uuid: group!.uuid,
    model: 'facility',
    key,
    type: 'text',
    labels: { 'en-us': `Floors ${stamp}` },
  });
  const floors = ['3', '12', 'many'];
  await seed(page, prefix, 3, (i) => ({ attributes: { [key]: floors[i] } }));
  const stored = async () =>
    (
      await api<{ data: { attributes: Record<string, unknown> }[] }>(
        page,
        'GET',
        `facilities?search=${prefix}&sort_by=name&per_page=10`,
      )
    ).data.map((f) => f.attributes);
  try {
    await page.reload();
    await page.getByRole('row').filter({ hasText: key }).getByRole('button', { name: /^Open/ }).click();
    await page.getByLabel('Type (required)').selectOption('int');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the type?' });
    await expect(dialog).toContainText('2 values convert to the new type or options; 1 do not.');
    await expect(dialog.getByRole('listitem')).toHaveText(['many']);
    await dialog.getByRole('button', { name: 'Keep them as text beside it' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Undo the type change' })).toBeVisible();
    expect(await stored()).toEqual([{ [key]: 3 }, { [key]: 12 }, { [`${key}_old`]: 'many' }]);

    await page.getByRole('button', { name: 'Undo the type change' }).click();
    await expect(page.getByRole('button', { name: 'Undo the type change' })).toBeHidden();
    await expect(page.getByLabel('Type (required)')).toHaveValue('text');
    expect(await stored()).toEqual([{ [key]: '3' }, { [key]: '12' }, { [key]: 'many' }]);
  } finally {
    await apiPost(page, `attributes/${made.uuid}/archive`, {});
  }
});

test('a multi-select attribute takes its options pasted as labels in the grid and as checkboxes in the drawer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 2200, height: 1000 });
  const stamp = Date.now().toString(36);
  const prefix = `Multi${stamp}`;
  const key = `zones_${stamp}`;
  const label = `Zones ${stamp}`;
  await signInTo(page, '/facilities');
  const [group] = await apiGet<{ uuid: string }[]>(page, 'settings-groups?slim=1');
  const made = await apiPost<{ uuid: string }>(page, 'attributes', {
    settings_group_uuid: group!.uuid,
    model: 'facility',
    key,
    type: 'multi_select',
    labels: { 'en-us': label },
    options: ['a', 'b', 'c'].map((v) => ({ value: v, labels: { 'en-us': `Zone ${v.toUpperCase()}` } })),
  });
  const stored = async () =>
    (
      await api<{ data: { uuid: string; attributes: Record<string, unknown> }[] }>(
        page,
        'GET',
        `facilities?search=${prefix}&sort_by=name&per_page=10`,
      )
    ).data;
  try {
    await seed(page, prefix, 2);
    await page.reload();
    await openFacilities(page, prefix, 2);
    await (await cellOf(page, dataRows(page).first(), 'Manufacturer')).click();
    await page.keyboard.press('End');
    await expect(page.getByRole('columnheader', { name: label, exact: true })).toBeVisible();
    // labels pasted, in any order: stored as the options' values in their order
    await (await cellOf(page, dataRows(page).first(), label)).click();
    await paste(page, 'Zone C; zone a\r\nZone B\r\n');
    const dialog = page.getByRole('dialog', { name: 'Paste preview' });
    await expect(dialog.getByText('Checking with the server…')).toBeHidden();
    const saved = bulkPatch(page);
    await dialog.getByRole('button', { name: 'Apply 2 valid rows' }).click();
    expect((await saved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(await cellOf(page, dataRows(page).first(), label)).toHaveText('Zone A; Zone C');
    expect((await stored()).map((r) => r.attributes[key])).toEqual([['a', 'c'], ['b']]);
    // typed into the cell: the labels separated by `;`
    await (await cellOf(page, dataRows(page).first(), label)).dblclick();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('zone b;Zone C');
    await page.keyboard.press('Enter');
    await expect(await cellOf(page, dataRows(page).first(), label)).toHaveText('Zone B; Zone C');
    await expect.poll(async () => (await stored())[0]!.attributes[key]).toEqual(['b', 'c']);
    const rows = await stored();

    // the drawer: a checkbox per option
    await page.goto(`/facilities?record=${rows[1]!.uuid}`);
    const zones = page.getByRole('group').filter({ has: page.getByRole('checkbox', { name: 'Zone A' }) });
    await expect(zones.getByRole('checkbox', { name: 'Zone B' })).toBeChecked();
    await zones.getByRole('checkbox', { name: 'Zone A' }).check();
    await page.locator('.hw-record-drawer-body').getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await stored())[1]!.attributes[key]).toEqual(['a', 'b']);
  } finally {
    await apiPost(page, `attributes/${made.uuid}/archive`, {});
  }
});

test('a date attribute of facilities marked for the calendar is a record date kind there, under its label', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const key = `inspection_${stamp}`;
  const label = `Inspection ${stamp}`;
  const name = `0 Boiler ${stamp}`;
  await signInTo(page, '/settings/templates/attributes');
  const [property] = await apiGet<{ uuid: string; settings_group_uuid: string }[]>(page, 'properties?per_page=1');
  const made = await apiPost<{ uuid: string }>(page, 'attributes', {
    settings_group_uuid: property!.settings_group_uuid,
    model: 'facility',
    key,
    type: 'date',
    labels: { 'en-us': label, de: `Inspektion ${stamp}` },
  });
  try {
    // the admin switches it on in its drawer
    await page.goto(`/settings/templates/attributes?record=${made.uuid}`);
    const drawer = page.locator('.hw-record-drawer-body');
    await drawer.getByRole('checkbox', { name: 'In the calendar' }).check();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await apiGet<{ calendar: boolean }>(page, `attributes/${made.uuid}`)).calendar)
      .toBe(true);
    // a facility gets a date of it, the 15th of this month
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-15`;
    const facility = await apiPost<{ uuid: string }>(page, 'facilities', {
      property_uuid: property!.uuid,
      name,
      attributes: { [key]: day },
    });

    await page.goto('/calendar');
    const calendar = page.getByRole('region', { name: 'Deadline calendar' });
    // the record dates menu lists it by its label after the built-in kinds: only it shown, no other entries beside it
    const menu = page.getByRole('button', { name: /^Record dates \(\d+ of \d+\)$/ });
    await menu.click();
    await page.getByRole('button', { name: 'Hide all' }).click();
    const toggle = page.getByRole('checkbox', { name: label });
    await expect(toggle).not.toBeChecked();
    await toggle.check();
    await expect(menu).toHaveText(/^Record dates \(1 of \d+\)$/);
    await page.keyboard.press('Escape');
    for (const kind of ['Task events', 'Tickets', 'Orders']) await page.getByRole('checkbox', { name: kind }).uncheck();
    await expect(page.getByRole('region', { name: 'Legend' })).toContainText(label);
    const entry = calendar.locator(`td[data-date="${day}"] .hw-cal-kind-attribute`, { hasText: name });
    await expect(entry).toBeVisible();
    await entry.hover();
    await expect(page.getByRole('tooltip')).toContainText(label);

    // dragged a day on, the facility's attribute moves with it
    const next = `${day.slice(0, 8)}16`;
    const from = (await entry.boundingBox())!;
    const to = (await calendar.locator(`td[data-date="${next}"]`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect(page.getByText(`“${name}” moved`)).toBeVisible();
    await expect
      .poll(
        async () =>
          (await apiGet<{ attributes: Record<string, unknown> }>(page, `facilities/${facility.uuid}`)).attributes[key],
      )
      .toBe(next);

    // the entry opens the facility in its module
    await calendar.locator(`td[data-date="${next}"] .hw-cal-kind-attribute`, { hasText: name }).click();
    await page.waitForURL((url) => url.pathname === '/facilities' && url.search.includes(facility.uuid));
    await expect(page.getByRole('heading', { name })).toBeVisible();
  } finally {
    await apiPost(page, `attributes/${made.uuid}/archive`, {});
  }
});
