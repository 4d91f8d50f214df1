import { randomBytes } from 'node:crypto';
import { expect, test } from './tenant.fixture';
import { claireOfOwnTenant, ext, type Rec } from './notifications.helpers';

/**
 * Messages from the syndic (SPEC §2.22): sent through the syndic API to Claire of a tenant of
 * this spec's own, read in the messages panel; the page on a phone, on the demo data.
 */
const w = claireOfOwnTenant();

test.describe.configure({ mode: 'serial' });

test('messages panel: list, detail with attachment, opening marks read, badge', async ({ page }) => {
  await w.signIn(page);
  const title = `Procès-verbal ${randomBytes(2).toString('hex')}`;
  await page.goto(`/${w.tilleuls.id}/home`);
  const res = await page.request.put(`/api/syndic/v1/messages/${ext('m')}`, {
    headers: { 'x-api-key': w.apiKey },
    data: {
      title,
      body: 'Veuillez trouver ci-joint le procès-verbal de la dernière assemblée.',
      to: { coproprietaire: w.account },
      attachments: [
        {
          name: 'pv-ag.txt',
          content_type: 'text/plain',
          content_base64: Buffer.from('PV de l’AG').toString('base64'),
        },
      ],
    },
  });
  expect(res.status()).toBe(200);
  // The header shortcut counts it live.
  await expect(page.getByTestId('message-shortcut')).toHaveAccessibleName(
    /^Messages du syndic, \d+ non lus?$/,
  );
  await page.getByTestId('message-shortcut').click();
  await expect(page).toHaveURL(new RegExp(`/${w.tilleuls.id}/messages-communication$`));
  await expect(page.getByTestId('panel-title')).toContainText('Messages (');
  const item = page.getByTestId('messages-item').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-read', '0');
  await item.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText('Veuillez trouver ci-joint');
  await expect(dialog.getByRole('button', { name: 'pv-ag.txt' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(item).toHaveAttribute('data-read', '1');
  // Only-unread with nothing left after 'Marquer comme lu tout'.
  await page.getByRole('button', { name: 'Marquer comme lu tout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
  await page.getByText('Afficher non lu').click();
  await expect(page.getByTestId('messages-empty')).toHaveText("Vous n'avez pas de message");
  await page.getByText('Afficher non lu').click();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/notif-e2e-messages-phone.png', fullPage: false });
});

test('messages page on a phone: nothing shown moves as the messages and letters arrive', async ({ page }) => {
  // Read only, on the demo's Claire at Les Tilleuls: her messages and the syndic's letters.
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'claire.martin@example.fr', password: 'Tilleuls2024' },
  });
  expect(login.ok()).toBe(true);
  const demoToken = (await login.json()).data.token as string;
  const all = await page.request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${demoToken}` },
  });
  const demoTilleuls = ((await all.json()).data as Rec[]).find((r) =>
    r.coproprietes[0].name.includes('Tilleuls'),
  ) as Rec;
  await page.goto('/login');
  await page.evaluate((tk) => localStorage.setItem('TOKEN', tk), demoToken);
  await page.setViewportSize({ width: 390, height: 844 });
  // The page's layout shifts, as Lighthouse adds them up (CLS), from the first paint.
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/${demoTilleuls.id}/messages-communication`);
  await expect(page.getByTestId('messages-item').first()).toBeVisible();
  const letters = page.getByRole('region', { name: 'Communication' });
  await expect(letters.getByText('Contenu/Fichiers').first()).toBeVisible();
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  expect(shifts).toBeLessThan(0.1);
});
