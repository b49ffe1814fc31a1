// Catalogues journey: the tax rates page lists the demo's Swiss VAT rates in a grid; on an order's lines an article
// is picked, which fills the line's text, price and tax rate, and the totals under the lines give the net, the VAT
// per rate, the gross and the amount payable in francs (docs/domain/calculations.md, "Document totals").
import { expect, test } from './fixtures';
import { apiGet, apiPost, signInTo } from './support';

test('the tax rates page lists the demo’s VAT rates', async ({ page }) => {
  await signInTo(page, '/settings/taxes');
  const grid = page.getByRole('grid');
  for (const rate of ['8.1', '2.6', '3.8'])
    await expect(grid.getByRole('gridcell', { name: new RegExp(`^${rate.replace('.', '\\.')}\\s?%$`) })).toBeVisible();
});

test('an article picked on an order line fills it, and the totals show net, VAT and the amount payable', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await signInTo(page, '/orders');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const order = await apiPost<{ uuid: string }>(page, 'orders', {
    property_uuid: property!.uuid,
    title: `Service ${stamp}`,
  });
  await page.goto(`/orders?record=${order.uuid}`);
  const lines = page.getByRole('region', { name: 'Lines' });
  await lines.getByLabel('Article').selectOption({ label: 'A-100 Arbeitsstunde Monteur' });
  // the article's text, price and tax rate are in the new line before it is added
  await expect(lines.getByLabel('Text')).toHaveValue('Arbeitsstunde Monteur');
  await expect(lines.getByLabel('Unit price')).toHaveValue('105.00');
  await expect(lines.getByLabel('Tax rate')).toHaveValue(/.+/);
  await lines.getByLabel('Quantity').fill('3');
  await lines.getByRole('button', { name: 'Add line' }).click();
  // 3 × 105.00 = 315.00 net; 8.1 % VAT 25.52; 340.52 in all, paid as 340.50
  await expect(lines.getByRole('row', { name: /^A-100 Arbeitsstunde Monteur 3 105\.00 8\.1 % 340\.52/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: 'Net 315.00' })).toBeVisible();
  await expect(lines.getByRole('row', { name: 'VAT 8.1 % on 315.00 25.52' })).toBeVisible();
  await expect(lines.locator('.hw-lines-total')).toHaveText('340.52');
  await expect(lines.getByRole('row', { name: 'Amount payable (rounded) 340.50' })).toBeVisible();
  const saved = await apiGet<{ net_total: string; tax_total: string; payable_total: string }>(
    page,
    `orders/${order.uuid}`,
  );
  expect(saved).toMatchObject({ net_total: '315.00', tax_total: '25.52', payable_total: '340.50' });
});

test('a discount picked for the whole order comes off the lines’ net, and the VAT with it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInTo(page, '/orders');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const order = await apiPost<{ uuid: string }>(page, 'orders', {
    property_uuid: property!.uuid,
    title: `Rabatt ${stamp}`,
  });
  for (const line of [
    { title: 'Monteur', quantity: '3', unit_price: '105', tax: '8.1' },
    { title: 'Übernachtung', quantity: '4', unit_price: '12.5', tax: '3.8' },
  ])
    await apiPost(page, 'order-lines', { property_uuid: property!.uuid, order_uuid: order.uuid, ...line });
  await page.goto(`/orders?record=${order.uuid}`);
  const lines = page.getByRole('region', { name: 'Lines' });
  await expect(lines.locator('.hw-lines-total')).toHaveText('392.42');
  await expect(lines.getByRole('row', { name: /^Discount/ })).toHaveCount(0);
  // the catalogue's discount is picked in the order's own form
  const form = page.locator('.hw-record-form');
  await form.getByRole('button', { name: 'Discount', exact: true }).click();
  await page.keyboard.type('Rahmenvertrag');
  await page.getByRole('listbox').getByRole('option', { name: 'Rahmenvertrag 10 %' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  // 365.00 less 10 % = 328.50; VAT 27.42 less 10 % = 24.68; per rate 45.00 + 1.71 and 283.50 + 22.97
  await expect(form.getByRole('textbox', { name: 'Discount (%)' })).toHaveValue(/^10(\.0+)?\s?%?$/);
  await expect(lines.getByRole('row', { name: 'Subtotal 365.00' })).toBeVisible();
  await expect(lines.getByRole('row', { name: 'Discount 10 % -36.50' })).toBeVisible();
  await expect(lines.getByRole('row', { name: 'Net 328.50' })).toBeVisible();
  await expect(lines.getByRole('row', { name: 'VAT 3.8 % on 45.00 1.71' })).toBeVisible();
  await expect(lines.getByRole('row', { name: 'VAT 8.1 % on 283.50 22.97' })).toBeVisible();
  await expect(lines.locator('.hw-lines-total')).toHaveText('353.18');
  await expect(lines.getByRole('row', { name: 'Amount payable (rounded) 353.20' })).toBeVisible();
  const saved = await apiGet<Record<string, string>>(page, `orders/${order.uuid}`);
  expect(saved).toMatchObject({ discount_total: '36.50', total: '353.18', payable_total: '353.20' });
});
