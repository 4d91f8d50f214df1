import { expectNoHorizontalScroll } from './identity.helpers';
import { keepToken } from './sign-in';
import { checkA11y, expect, type Page, type Tenant, test } from './tenant.fixture';

/**
 * 'Comment être prévenu' on 'Configuration': a table of kinds × channels on a desktop, a list
 * per kind on a phone; a choice is saved through the contract and still there after a reload.
 * Each test on a co-owner of its own tenant.
 */

/** The tenant's co-owner on 'Configuration'; answers the record's id. */
async function signIn(page: Page, tenant: Tenant) {
  const { token, coproprietaire_id } = tenant.owners.owner;
  await keepToken(page, token);
  await page.goto(`/${coproprietaire_id}/settings`);
  return coproprietaire_id;
}

test('desktop: a table of checkboxes, each named by its channel and kind, saved at once', async ({
  page,
  tenant,
}, info) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, tenant);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'SMS' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Signalements' })).toBeVisible();
  const box = page.getByRole('checkbox', { name: 'SMS pour documents' });
  await expect(box).not.toBeChecked();
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('preferences-desktop.png'), fullPage: true });

  const saved = page.waitForResponse(
    (r) => r.url().includes('/notification-preferences') && r.request().method() === 'PUT',
  );
  // A click, then the state: the box follows the saved choice a moment after the click (the
  // optimistic update waits for in-flight reads to be cancelled), which check() does not wait for.
  await box.click();
  await expect(box).toBeChecked();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'SMS pour documents' })).toBeChecked();
  await checkA11y(page, 'settings with preferences (desktop)');

  // The cards above the panel load on their own: let the page settle before clicking again.
  await page.waitForLoadState('networkidle');
  const unsaved = page.waitForResponse(
    (r) => r.url().includes('/notification-preferences') && r.request().method() === 'PUT',
  );
  await page.getByRole('checkbox', { name: 'SMS pour documents' }).click();
  await expect(page.getByRole('checkbox', { name: 'SMS pour documents' })).not.toBeChecked();
  expect((await unsaved).ok()).toBe(true);
});

test('phone: one group per kind with its three channels', async ({ page, tenant }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, tenant);
  const group = page.getByRole('group', { name: 'Messagerie' });
  await expect(group.getByRole('checkbox', { name: 'E-mail' })).toBeVisible();
  await expect(group.getByRole('checkbox', { name: 'Notification push' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await group.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('preferences-phone.png'), fullPage: true });
  await expectNoHorizontalScroll(page);
  await checkA11y(page, 'settings with preferences (phone)');
});

test("fund calls by e-mail: one control on 'Configuration', the same value as the onboarding's switch", async ({
  page,
  tenant,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // Fund calls go by e-mail to the contact address the co-owner gives at onboarding.
  const owner = tenant.owners.owner;
  const contact = await page.request.put(
    `/api/coproprietaires/${tenant.copropriete.id}/${owner.coproprietaire_id}/update-user-supplement-info`,
    {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { contact: { email: owner.email, phone: '' }, lots: {} },
    },
  );
  expect(contact.status(), await contact.text()).toBe(200);
  const record = await signIn(page, tenant);
  const cell = page.getByRole('checkbox', { name: 'E-mail pour paiements et appels de fonds' });
  await expect(cell).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Recevoir les appels de fonds par e-mail' })).toHaveCount(0);
  await expect(
    page.getByRole('switch', { name: 'Recevoir mes convocations par courrier postal' }),
  ).toHaveCount(1);

  const put = () =>
    page.waitForResponse(
      (r) => r.url().includes('/notification-preferences') && r.request().method() === 'PUT',
    );
  await page.waitForLoadState('networkidle');
  const off = put();
  await cell.click();
  await expect(cell).not.toBeChecked();
  expect((await off).ok()).toBe(true);

  // 'Mes choix' reads the same stored value.
  await page.goto(`/${record}/init-settings`);
  const fundCalls = page.getByRole('switch', { name: 'Recevoir les appels de fonds par e-mail' });
  await expect(fundCalls).not.toBeChecked();

  await page.goto(`/${record}/settings`);
  await page.waitForLoadState('networkidle');
  const on = put();
  await page.getByRole('checkbox', { name: 'E-mail pour paiements et appels de fonds' }).click();
  await expect(
    page.getByRole('checkbox', { name: 'E-mail pour paiements et appels de fonds' }),
  ).toBeChecked();
  expect((await on).ok()).toBe(true);
  await page.goto(`/${record}/init-settings`);
  await expect(fundCalls).toBeChecked();
  await checkA11y(page, 'init-settings revisited');
});
