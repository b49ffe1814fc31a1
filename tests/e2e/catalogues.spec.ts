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
