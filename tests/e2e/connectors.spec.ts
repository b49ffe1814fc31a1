// Webhooks journey (docs/domain/webhooks.md): an admin adds a webhook for facilities on /settings/connectors, copies
// its secret from the dialog that shows it once, sends a test that a receiver on this machine gets signed, and
// reads the delivery in the log; a change to a facility then reaches the receiver too. The webhook is deleted at
// the end.
import http from 'node:http';
import { expect, test } from './fixtures';
import { apiGet, apiPatch, signInTo } from './support';
import { verify } from '../../server/webhooks/signature';

test('a webhook is added, tested and hears of a facility change', async ({ page }) => {
  const hits: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hits.push({ headers: req.headers, body });
      res.end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  try {
    await signInTo(page, '/settings/connectors');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel('Address (URL)').fill('http://10.0.0.1/hook');
    await dialog.getByRole('checkbox', { name: 'Facilities', exact: true }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    // an address inside a private network is refused under its field
    await expect(dialog.getByLabel('Address (URL)')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(/points into a private network/).first()).toBeVisible();
    await dialog.getByLabel('Address (URL)').fill(url);
    await dialog.getByLabel('Description').fill('Journey receiver');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await secretDialog.getByLabel('Signing secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('listitem').filter({ hasText: 'Journey receiver' });
    await expect(card.getByText('5 events')).toBeVisible();
    await card.getByRole('button', { name: 'Send test' }).click();
    const log = card.getByRole('table', { name: 'Deliveries' });
    await expect(log.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('Delivered');
    expect(hits).toHaveLength(1);
    expect(verify(secret, hits[0]!.headers, hits[0]!.body)).toBe(true);

    // a change made in the app reaches the receiver once the sender has taken it
    const [facility] = await apiGet<{ uuid: string; name: string }[]>(page, 'facilities?per_page=1&sort_by=name');
    await apiPatch(page, `facilities/${facility!.uuid}`, { name: `${facility!.name} (webhook)` });
    await expect(log.getByRole('row').filter({ hasText: 'facility.updated' })).toContainText('Delivered');
    const change = hits.map((h) => JSON.parse(h.body) as { type: string; data: { uuid: string } }).at(-1)!;
    expect([change.type, change.data.uuid]).toEqual(['facility.updated', facility!.uuid]);
    await apiPatch(page, `facilities/${facility!.uuid}`, { name: facility!.name });

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(card).toHaveCount(0);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
