import { type APIRequestContext, type Browser, checkA11y, expect, type Page, test } from './a11y.fixture';

/**
 * Messagerie (SPEC §2.14, §9): claire (council, Les Tilleuls) and paul chat live in two browser
 * contexts: send, unseen badge, read state, attachment opening in the file preview; paul writes
 * to the syndic. One API sign-in per user for the file (login is rate-limited per e-mail).
 * The pages are the specs' own contexts, not the fixture's `page`: each page state visited is
 * checked with axe by `checkA11y` (a11y.fixture).
 */

const PASSWORD = 'Tilleuls2024';
const tokens = new Map<string, string>();
const records = new Map<string, string>();

async function apiSignIn(request: APIRequestContext, email: string) {
  if (!tokens.has(email)) {
    const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(res.ok()).toBe(true);
    const token = (await res.json()).data.token as string;
    tokens.set(email, token);
    const all = await request.get('/api/coproprietaires/all', {
      headers: { authorization: `Bearer ${token}` },
    });
    const list = (await all.json()).data as { id: string; coproprietes: { name: string }[] }[];
    const rec = list.find((r) => r.coproprietes[0].name.includes('Tilleuls'));
    records.set(email, rec?.id ?? '');
  }
  return { token: tokens.get(email) as string, record: records.get(email) as string };
}

async function open(browser: Browser, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  // As the a11y fixture does: no half-faded dialogs under axe.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { token, record } = await apiSignIn(page.request, email);
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), token);
  return { page, record, context };
}

const contact = (page: Page, name: RegExp) => page.getByTestId('chat-contact').filter({ hasText: name });

test.describe.configure({ mode: 'serial' });

test('claire and paul chat live: send, unseen badge, read state, attachment in the file preview', async ({
  browser,
}) => {
  const claire = await open(browser, 'claire.martin@example.fr');
  const paul = await open(browser, 'paul.durand@example.fr');

  // Claire sits on her messaging page, on the syndic's conversation (not paul's).
  await claire.page.goto(`/${claire.record}/messaging`);
  await expect(claire.page.getByRole('heading', { name: 'Messagerie' })).toBeVisible();
  await contact(claire.page, /Cabinet Lefèvre/).click();
  await expect(claire.page.getByTestId('chat-title')).toHaveText('Cabinet Lefèvre Immobilier');
  // The syndic's answers show who answered.
  await expect(claire.page.getByText('Sophie Garnier').first()).toBeVisible();
  await checkA11y(claire.page, 'messaging, conversation with the syndic');
  // Opening the seeded conversation with paul's unseen message clears its badge.
  await contact(claire.page, /Durand/).click();
  await expect(contact(claire.page, /Durand/).getByTestId('chat-unseen')).toHaveCount(0);
  await contact(claire.page, /Cabinet Lefèvre/).click();
  await expect(claire.page.getByTestId('chat-shortcut')).toHaveAttribute('data-unseen', '0');

  // Claire's unread notifications before paul writes (the bell's label).
  const bell = claire.page.getByTestId('notification-bell');
  await expect(bell).toBeVisible();
  const unreadBefore = Number(/(\d+) non lues/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  const bellSays = (n: number) => (n > 0 ? `Notifications, ${n} non lues` : 'Notifications');

  // Paul opens the conversation with claire and writes.
  await paul.page.goto(`/${paul.record}/messaging`);
  await contact(paul.page, /Martin/).click();
  await expect(paul.page.getByTestId('chat-title')).toContainText('Claire Martin');
  await checkA11y(paul.page, 'messaging, conversation with a co-owner');
  const text = `Bonjour Claire, la réunion du conseil est-elle ouverte ? ${Date.now()}`;
  await paul.page.getByTestId('chat-input').fill(text);
  await paul.page.getByTestId('chat-input').press('Enter');
  await expect(paul.page.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  await expect(
    paul.page.getByTestId('chat-message').filter({ hasText: text }).getByTestId('chat-sent'),
  ).toBeVisible();

  // Claire gets it live: the contact's badge and the header shortcut, without a reload.
  await expect(contact(claire.page, /Durand/).getByTestId('chat-unseen')).toHaveText('1');
  await expect(claire.page.getByTestId('chat-shortcut')).toHaveAttribute('data-unseen', '1');
  await expect(contact(claire.page, /Durand/).getByTestId('chat-last')).toContainText('réunion du conseil');
  // And one notification (decision 57), live in the bell.
  await expect(bell).toHaveAccessibleName(bellSays(unreadBefore + 1));
  // A second message: two unseen, still one notification for the conversation.
  await paul.page.getByTestId('chat-input').fill('Je peux venir jeudi.');
  await paul.page.getByTestId('chat-input').press('Enter');
  await expect(contact(claire.page, /Durand/).getByTestId('chat-unseen')).toHaveText('2');
  await expect(contact(claire.page, /Durand/).getByTestId('chat-last')).toContainText('Je peux venir jeudi.');
  await expect(bell).toHaveAccessibleName(bellSays(unreadBefore + 1));

  // Claire opens it: badge gone, and paul sees 'Lu' live.
  await contact(claire.page, /Durand/).click();
  await expect(claire.page.getByTestId('chat-message').filter({ hasText: text })).toBeVisible();
  await expect(contact(claire.page, /Durand/).getByTestId('chat-unseen')).toHaveCount(0);
  await expect(claire.page.getByTestId('chat-shortcut')).toHaveAttribute('data-unseen', '0');
  await expect(
    paul.page.getByTestId('chat-message').filter({ hasText: text }).getByTestId('chat-read'),
  ).toBeVisible();
  // Reading the conversation read its notification.
  await expect(bell).toHaveAccessibleName(bellSays(unreadBefore));

  // Claire answers with an attachment; paul opens it in the file preview.
  const chooser = claire.page.waitForEvent('filechooser');
  await claire.page.getByTestId('chat-attach').click();
  await (await chooser).setFiles({
    name: 'Ordre du jour conseil syndical.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await claire.page.getByTestId('chat-input').fill('Oui, voici l’ordre du jour.');
  await claire.page.getByTestId('chat-send').click();
  const withFile = paul.page.getByTestId('chat-message').filter({ hasText: 'voici l’ordre du jour' });
  await expect(withFile).toBeVisible();
  const chip = withFile.getByTestId('chat-file');
  await expect(chip).toContainText('Ordre du jour conseil syndical.pdf');
  await expect(chip).toContainText(/\d+\s?o · PDF/);
  await chip.click();
  const preview = paul.page.getByRole('dialog', { name: 'Ordre du jour conseil syndical.pdf' });
  await expect(preview).toBeVisible();
  await expect(preview.locator('iframe')).toHaveAttribute('src', /\/files\//);
  await checkA11y(paul.page, 'attachment in the file preview');
  await paul.page.getByRole('button', { name: 'Fermer' }).click();
  await expect(preview).toHaveCount(0);

  await claire.context.close();
  await paul.context.close();
});

test("paul writes to the syndic from 'Rattacher un copropriétaire' (never himself); staff answer", async ({
  browser,
}) => {
  const paul = await open(browser, 'paul.durand@example.fr');
  await paul.page.goto(`/${paul.record}/messaging`);
  await paul.page.getByTestId('chat-new').click();
  const modal = paul.page.getByRole('dialog', { name: 'Rattacher un copropriétaire' });
  await expect(modal).toBeVisible();
  const candidates = modal.getByTestId('chat-candidate');
  await expect(candidates.first()).toContainText('Cabinet Lefèvre Immobilier');
  await expect(candidates.filter({ hasText: 'Paul Durand' })).toHaveCount(0);
  await expect(candidates.filter({ hasText: 'Claire Martin' })).toHaveCount(1);
  await checkA11y(paul.page, "modal 'Rattacher un copropriétaire'");
  await candidates.first().click();
  await expect(modal).toHaveCount(0);
  await expect(paul.page.getByTestId('chat-title')).toHaveText('Cabinet Lefèvre Immobilier');
  await paul.page
    .getByTestId('chat-input')
    .fill('Bonjour, la porte du garage reste ouverte depuis hier soir.');
  await paul.page.getByTestId('chat-send').click();
  await expect(paul.page.getByTestId('chat-message').filter({ hasText: 'porte du garage' })).toBeVisible();
  await expect(contact(paul.page, /Cabinet Lefèvre/).getByTestId('chat-last')).toContainText(
    'porte du garage',
  );

  // Sophie Garnier (staff of Cabinet Lefèvre) answers from the staff inbox; paul sees her name live.
  const sophie = await open(browser, 's.garnier@lefevre-immobilier.fr');
  await sophie.page.goto('/');
  await sophie.page.getByRole('link', { name: 'Ouvrir la messagerie du syndic' }).click();
  await expect(sophie.page.getByRole('heading', { name: 'Messagerie du syndic' })).toBeVisible();
  await checkA11y(sophie.page, 'staff inbox');
  const line = contact(sophie.page, /Paul Durand/);
  await expect(line.getByTestId('chat-unseen')).toHaveText('1');
  await line.click();
  await expect(sophie.page.getByTestId('chat-message').filter({ hasText: 'porte du garage' })).toBeVisible();
  await expect(line.getByTestId('chat-unseen')).toHaveCount(0);
  await sophie.page
    .getByTestId('chat-input')
    .fill('Bonjour Monsieur Durand, le serrurier passe demain matin.');
  await sophie.page.getByTestId('chat-send').click();
  const answer = paul.page.getByTestId('chat-message').filter({ hasText: 'serrurier passe demain' });
  await expect(answer).toBeVisible();
  await expect(answer).toHaveAttribute('data-mine', '0');
  await expect(answer).toContainText('Sophie Garnier');
  // Paul's own message now reads 'Lu'.
  await expect(
    paul.page.getByTestId('chat-message').filter({ hasText: 'porte du garage' }).getByTestId('chat-read'),
  ).toBeVisible();
  await sophie.page.setViewportSize({ width: 390, height: 844 });
  await sophie.page.screenshot({ path: test.info().outputPath('staff-inbox-phone.png') });
  await checkA11y(sophie.page, 'staff inbox, phone');
  await sophie.context.close();
  await paul.context.close();
});

test('phone-sized messaging: list, then the conversation with a back button', async ({ browser }) => {
  const claire = await open(browser, 'claire.martin@example.fr', { width: 390, height: 844 });
  await claire.page.goto(`/${claire.record}/messaging`);
  await expect(contact(claire.page, /Durand/)).toBeVisible();
  await claire.page.screenshot({ path: test.info().outputPath('messaging-list-phone.png') });
  await checkA11y(claire.page, 'messaging list, phone');
  await contact(claire.page, /Durand/).click();
  await expect(claire.page.getByTestId('chat-input')).toBeVisible();
  await expect(claire.page.getByTestId('chat-contact')).toHaveCount(0);
  await claire.page.screenshot({ path: test.info().outputPath('messaging-chat-phone.png') });
  await checkA11y(claire.page, 'conversation, phone');
  await claire.page.getByRole('button', { name: 'Retour aux conversations' }).click();
  await expect(contact(claire.page, /Durand/)).toBeVisible();
  await claire.page.setViewportSize({ width: 1280, height: 800 });
  await contact(claire.page, /Durand/).click();
  await claire.page.screenshot({ path: test.info().outputPath('messaging-desktop.png') });
  await checkA11y(claire.page, 'messaging, desktop');
  await claire.context.close();
});
