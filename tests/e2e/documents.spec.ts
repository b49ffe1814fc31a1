// Documents journeys: files attached to a ticket in its drawer (file chooser and drag-and-drop), an order created from
// the ticket shows the same files in its attachments, one is downloaded there with the same bytes, and the
// documents screen lists it; the contractor downloads an order's document from the public page.
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { apiGet, apiPost, lastMail, signInTo } from './support';

const photo = Buffer.concat([
  Buffer.from('%PDF-1.4\n% damage report\n'),
  Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251)),
  Buffer.from('\n%%EOF\n'),
]);

test('files attached to a ticket go with the order created from it and download with the same bytes', async ({
  page,
}) => {
  const subject = `Water damage ${Date.now().toString(36)}`;
  await signInTo(page, '/tickets');
  const [property] = await apiGet<{ uuid: string }[]>(page, 'properties?per_page=1');
  const ticket = await apiPost<{ uuid: string }>(page, 'tickets', { property_uuid: property!.uuid, subject });

  await page.goto(`/tickets?record=${ticket.uuid}`);
  const drawer = page.locator('.hw-record-drawer');
  await expect(drawer.getByRole('heading', { name: subject })).toBeVisible();
  const attachments = drawer.getByRole('region', { name: /^Attachments/ });
  await expect(attachments.getByText('No attachments yet')).toBeVisible();

  // the button opens the file chooser
  const chooser = page.waitForEvent('filechooser');
  await attachments.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: 'Schadenbericht.pdf', mimeType: 'application/pdf', buffer: photo });
  await expect(attachments.getByRole('link', { name: 'Schadenbericht.pdf' })).toBeVisible();

  // a file dropped on the panel
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['Leak at the kitchen sink\n'], 'Notiz.txt', { type: 'text/plain' }));
    return transfer;
  });
  await attachments.dispatchEvent('dragover', { dataTransfer: dropped });
  await attachments.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(attachments.getByRole('link', { name: 'Notiz.txt' })).toBeVisible();
  await expect(attachments.getByRole('heading', { name: 'Attachments (2)' })).toBeVisible();

  // a file of a type not on the list is refused with the server's message
  const refused = page.waitForEvent('filechooser');
  await attachments.getByRole('button', { name: 'Attach files' }).click();
  await (await refused).setFiles({ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<p>x</p>') });
  await expect(attachments.getByText('page.html: Files of this type cannot be uploaded.')).toBeVisible();

  // create an internal order from the ticket: the app opens it
  await drawer.getByRole('button', { name: 'Create order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create order' });
  await dialog.getByLabel('Kind').selectOption({ label: 'Internal' });
  await dialog.getByRole('button', { name: 'Create order' }).click();
  await page.waitForURL(/\/orders\?record=/);
  const orderDrawer = page.locator('.hw-record-drawer');
  await expect(orderDrawer.getByRole('heading', { name: subject })).toBeVisible();
  const orderFiles = orderDrawer.getByRole('region', { name: /^Attachments/ });
  await expect(orderFiles.getByRole('link', { name: 'Schadenbericht.pdf' })).toBeVisible();
  await expect(orderFiles.getByRole('link', { name: 'Notiz.txt' })).toBeVisible();

  // download from the order: the same bytes under the original name
  const download = page.waitForEvent('download');
  await orderFiles.getByRole('link', { name: 'Schadenbericht.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Schadenbericht.pdf');
  const saved = await file.path();
  expect(fs.readFileSync(saved).equals(photo)).toBe(true);

  // the documents screen lists it
  await page.goto(`/documents?record=`);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await expect(page.getByRole('gridcell', { name: 'Schadenbericht.pdf' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveCount(0);
});

test('the contractor downloads the order’s documents from the public page', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const email = `glazier-${stamp}@example.com`;
  await signInTo(page, '/orders');
  const [property] = await apiGet<{ uuid: string; settings_group_uuid: string }[]>(page, 'properties?per_page=1');
  const ticket = await apiPost<{ uuid: string }>(page, 'tickets', {
    property_uuid: property!.uuid,
    subject: `Broken window ${stamp}`,
  });
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const uploaded = await page.request.post('/api/v1/documents', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
    multipart: {
      model_name: 'ticket',
      model_uuid: ticket.uuid,
      file: { name: 'Masse Fenster.pdf', mimeType: 'application/pdf', buffer: photo },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const contact = await apiPost<{ uuid: string }>(page, 'contacts', {
    settings_group_uuid: property!.settings_group_uuid,
    kind: 'organisation',
    organisation: `Glas ${stamp}`,
    email_address: email,
    language: 'en-us',
  });
  const order = await apiPost<{ uuid: string }>(page, `tickets/${ticket.uuid}/create-order`, {
    kind: 'external',
    contact_uuid: contact.uuid,
  });
  await apiPost(page, `orders/${order.uuid}/send`, {});
  const mail = await lastMail(page.request, email);

  const contractor = await browser.newContext();
  const pub = await contractor.newPage();
  await pub.goto(new URL(mail.link).pathname);
  await expect(pub.getByRole('heading', { name: 'Documents' })).toBeVisible();
  const download = pub.waitForEvent('download');
  await pub.getByRole('link', { name: 'Masse Fenster.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Masse Fenster.pdf');
  expect(fs.readFileSync(await file.path()).equals(photo)).toBe(true);
  await contractor.close();
});
