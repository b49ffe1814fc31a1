// E-mail templates journey (docs/domain/email-templates.md): the demo admin words the invitation mail in German on
// /settings/templates/emails with the grid's New form, puts the link in with its placeholder, previews it, saves it,
// and an invitation sent while the admin writes German goes out in those words (read from the outbox). The admin's
// language and the template are put back at the end. A guarantee reminder is previewed with sample values, then with
// a guarantee of the demo picked in the drawer. A superuser (the demo admin, its two-factor sign-in turned on for the
// journey and off again) words the English password reset on Settings › Account e-mails, previews and saves it, and
// a reset asked for goes out in those words; the template is archived at the end.
import { expect, test } from './fixtures';
import { apiDelete, apiGet, apiPost, apiPut, DEMO, lastMail, signInTo, totpAt } from './support';

interface Profile {
  first_name: string;
  last_name: string;
  email: string;
  organisation: string | null;
  locale: string;
  date_format: string;
}

test('the invitation mail worded in German is previewed, saved and sent in those words', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  await signInTo(page, '/settings/templates/emails');
  await expect(page.getByRole('heading', { name: 'E-mail templates', level: 1 })).toBeVisible();
  const [group] = await apiGet<{ uuid: string; name: string }[]>(page, 'settings-groups?slim=1');

  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New E-mail template' })).toBeVisible();
  await page.getByLabel(/^E-mail/).selectOption({ label: 'Invitation' });
  await page.getByLabel(/^Language/).selectOption({ label: 'German' });
  await page.getByLabel(/^Subject/).fill(`Einladung ${stamp} zu {{group}}`);
  await page.getByLabel(/^Text/).fill('Guten Tag\n\n{{inviter}} lädt Sie ein:');
  // the chosen mail's placeholders: a click puts one at the end of the text
  const help = page.getByRole('region', { name: 'Placeholders' });
  await expect(help.getByText('{{guarantor}}')).toHaveCount(0);
  await help.getByText('{{link}}', { exact: true }).click();
  await expect(page.getByLabel(/^Text/)).toHaveValue('Guten Tag\n\n{{inviter}} lädt Sie ein: {{link}}');
  await help.getByRole('button', { name: 'Preview', exact: true }).click();
  // an invitation's preview reads the settings group and the admin: no record to pick, no token made
  const me = await apiGet<Profile>(page, 'user');
  const preview = page.getByRole('region', { name: 'Preview', exact: true });
  await expect(preview.getByRole('heading', { name: `Einladung ${stamp} zu ${group!.name}` })).toBeVisible();
  await expect(preview).toContainText(`${me.first_name} ${me.last_name} lädt Sie ein: http://127.0.0.1:`);
  await expect(preview).toContainText('/invitations/…');

  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/v1\/email-templates$/.test(r.url()),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const template = ((await response.json()) as { data: { uuid: string } }).data;
  await expect(page.getByRole('gridcell', { name: `Einladung ${stamp} zu {{group}}` })).toBeVisible();

  // the invitation goes out in the inviting admin's language: German for this one
  const profile = await apiGet<Profile>(page, 'user');
  const { first_name, last_name, email, organisation, date_format } = profile;
  const back = { first_name, last_name, email, organisation, date_format, locale: profile.locale };
  const invitee = `eingeladen-${stamp}@example.ch`;
  try {
    await apiPut(page, 'user/profile-information', { ...back, locale: 'de' });
    await apiPost(page, `settings-groups/${group!.uuid}/invitations`, { emails: [invitee], role: 'user' });
  } finally {
    await apiPut(page, 'user/profile-information', back);
    await apiPost(page, `email-templates/${template.uuid}/archive`, {});
  }
  const mail = await lastMail(request, invitee);
  expect(mail.subject).toBe(`Einladung ${stamp} zu ${group!.name}`);
  expect(mail.text).toMatch(/^Guten Tag\n\n.+ lädt Sie ein: http:\/\/127\.0\.0\.1:\d+\/invitations\/[\w-]+/);
});

test('a guarantee reminder is previewed with a guarantee the admin picks', async ({ page }) => {
  await signInTo(page, '/settings/templates/emails');
  // a guarantee whose title no other has, so that the lookup's option names it alone
  const all = await apiGet<{ uuid: string; title: string }[]>(page, 'guarantees?per_page=200');
  const guarantee = all.find((g) => all.filter((o) => o.title === g.title).length === 1);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByLabel(/^E-mail/).selectOption({ label: 'Guarantee reminder' });
  // nothing chosen yet: the language shows empty, and the preview says the language is missing
  await expect(page.getByLabel(/^Language/)).toHaveValue('');
  await page.getByLabel(/^Subject/).fill('{{title}} endet');
  await page.getByLabel(/^Text/).fill('{{link}}');
  const help = page.getByRole('region', { name: 'Placeholders' });
  await help.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(help.getByText(/^Language /)).toBeVisible();
  await page.getByLabel(/^Language/).selectOption({ label: 'German' });
  await page.getByLabel(/^Text/).fill('{{title}} ({{guarantor}}) endet am {{date}}: {{link}}');
  await help.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Preview with sample values' })).toContainText(
    'Heizkessel (Heizung AG)',
  );

  await help.getByRole('button', { name: 'Sample values' }).click();
  await page.getByRole('combobox', { name: 'Search…' }).fill(guarantee!.title);
  await page.getByRole('listbox').getByRole('option', { name: guarantee!.title }).first().click();
  const preview = page.getByRole('region', { name: 'Preview', exact: true });
  await expect(preview.getByRole('heading', { name: `${guarantee!.title} endet` })).toBeVisible();
  await expect(preview).toContainText(`/guarantees/${guarantee!.uuid}`);
  await expect(help.getByRole('button', { name: guarantee!.title })).toBeVisible();
});

test('a superuser words the English password reset on Settings › Account e-mails, and the reset mail reads so', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  // the demo admin is a superuser; writing the account mails needs confirmed two-factor sign-in, turned on here and
  // off again at the end (the demo's state put back)
  await signInTo(page, '/settings');
  // the app has loaded the settings groups and the menu (a superuser's) before the sign-in changes under it
  await expect(page.getByRole('button', { name: 'Settings group' })).toContainText('Demo Immobilien AG');
  await expect(page.getByRole('link', { name: 'Account e-mails' })).toBeVisible();
  await apiPost(page, 'user/confirm-password', { password: DEMO.password });
  await apiPost(page, 'user/two-factor-authentication', {});
  const { secretKey } = (await (await page.request.get('/api/v1/user/two-factor-secret-key')).json()) as {
    secretKey: string;
  };
  await apiPost(page, 'user/confirmed-two-factor-authentication', { code: totpAt(secretKey) });
  let template: string | undefined;
  try {
    await page.getByRole('link', { name: 'Account e-mails' }).click();
    await expect(page.getByRole('heading', { name: 'Account e-mails', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'New Account e-mail' })).toBeVisible();
    await page.getByLabel(/^E-mail/).selectOption({ label: 'Password reset' });
    await page.getByLabel(/^Language/).selectOption({ label: 'English (US)' });
    await page.getByLabel(/^Subject/).fill(`New password ${stamp} for {{name}}`);
    await page.getByLabel(/^Text/).fill('Hello {{name}}\n\nChoose your new password here:');
    // the account mail's placeholders only: the recipient's name and the link
    const help = page.getByRole('region', { name: 'Placeholders' });
    await expect(help.getByText('{{name}}', { exact: true })).toBeVisible();
    await expect(help.getByText('{{group}}')).toHaveCount(0);
    await help.getByText('{{link}}', { exact: true }).click();
    await expect(page.getByLabel(/^Text/)).toHaveValue('Hello {{name}}\n\nChoose your new password here: {{link}}');
    await help.getByRole('button', { name: 'Preview', exact: true }).click();
    // rendered for the superuser, the link's token left out
    const preview = page.getByRole('region', { name: 'Preview', exact: true });
    await expect(preview.getByRole('heading', { name: `New password ${stamp} for Alex` })).toBeVisible();
    await expect(preview).toContainText('Choose your new password here: http://127.0.0.1:');
    await expect(preview).toContainText('/reset-password?token=…&email=');

    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/v1\/account-email-templates$/.test(r.url()),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    template = ((await response.json()) as { data: { uuid: string } }).data.uuid;
    await expect(page.getByRole('gridcell', { name: `New password ${stamp} for {{name}}` })).toBeVisible();

    // a reset asked for an English account (the demo admin's) goes out in those words, with its real link
    await apiPost(page, 'forgot-password', { email: DEMO.email });
    const mail = await lastMail(request, DEMO.email);
    expect(mail.subject).toBe(`New password ${stamp} for Alex`);
    expect(mail.text).toMatch(
      /^Hello Alex\n\nChoose your new password here: http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=\w+/,
    );
  } finally {
    if (template) await apiPost(page, `account-email-templates/${template}/archive`, {});
    await apiDelete(page, 'user/two-factor-authentication');
  }
});
