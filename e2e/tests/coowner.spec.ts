import { expect, type Page, test } from './a11y.fixture';
import { signInByForm } from './sign-in';

const CLAIRE = 'claire.martin@example.fr';
const PAUL = 'paul.durand@example.fr';
const FREE_CODE = 'ABC123456';

type Rec = {
  id: string;
  display_name: { fr: string };
  unique_code: string;
  init_settings_done: boolean;
  total_notification: number;
  is_member_syndicat: boolean;
  coproprietes: { id: string; name: string; syndic_disable: boolean }[];
};

const signIn = (page: Page, email: string) => signInByForm(page, email);

/** The user's records as the API gives them (to find ids and expected badges). */
async function records(page: Page): Promise<Rec[]> {
  return page.evaluate(async () => {
    const r = await fetch('/api/coproprietaires/all', {
      headers: { authorization: `Bearer ${localStorage.getItem('TOKEN')}` },
    });
    return (await r.json()).data;
  });
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const byCopro = (list: Rec[], name: RegExp) => {
  const r = list.find((x) => name.test(x.coproprietes[0].name));
  if (!r) throw new Error(`no record in ${name}`);
  return r;
};

test.describe('claire: three records', () => {
  test('home grid, badges, disabled record, switching, header position and menu', async ({ page }) => {
    await signIn(page, CLAIRE);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-name')).toHaveText('Bonjour Claire Martin');
    const list = await records(page);
    expect(list).toHaveLength(3);

    const cards = page.getByTestId('coproprietaire-card');
    await expect(cards).toHaveCount(3);
    // The attach card comes first.
    const grid = page.getByRole('button', { name: /Rattacher un copropriétaire/ }).first();
    await expect(grid).toBeVisible();
    for (const rec of list) {
      const card = cards.filter({ hasText: rec.coproprietes[0].name });
      const badge = card.getByTestId('notification-badge');
      if (rec.total_notification > 0)
        await expect(badge).toHaveText(rec.total_notification > 9 ? '+9' : String(rec.total_notification));
      else await expect(badge).toHaveCount(0);
    }

    // The record of the disabled syndic cannot be selected.
    const horizon = byCopro(list, /Horizon/);
    await cards.filter({ hasText: horizon.coproprietes[0].name }).click();
    const dialog = page.getByRole('dialog', { name: 'Ce copropriétaire était invalide' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    // Les Tilleuls: council member and president → 'PCS', council-only entries shown.
    const tilleuls = byCopro(list, /Tilleuls/);
    await cards.filter({ hasText: tilleuls.coproprietes[0].name }).click();
    await expect(page).toHaveURL(new RegExp(`/${tilleuls.id}/home$`));
    await expect(page.getByTestId('header-position')).toHaveText('PCS');
    for (const label of [
      'Ma synthèse',
      "Carnet d'Entretien",
      'Messages',
      'Factures et Devis',
      'Documents',
      'Situation de compte',
      'Assemblée gle',
      'Configuration',
    ])
      await expect(nav(page).getByText(label, { exact: true })).toBeVisible();

    // Switching through the user sidebar to Le Clos Fleuri (ordinary): no position, no council entries.
    const clos = byCopro(list, /Clos Fleuri/);
    await page.getByRole('button', { name: 'Ouvrir le menu des comptes' }).click();
    const drawer = page.getByRole('dialog', { name: 'Mes comptes copropriétaires' });
    await expect(drawer.getByRole('button', { name: 'Nouveau copropriétaire' })).toBeVisible();
    await drawer.getByText(clos.coproprietes[0].name).click();
    await expect(page).toHaveURL(new RegExp(`/${clos.id}/home$`));
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('header-position')).toHaveCount(0);
    await expect(nav(page).getByText("Carnet d'Entretien")).toHaveCount(0);
    await expect(nav(page).getByText('Factures et Devis')).toBeVisible();

    // Reaching the disabled record by its URL does not open its pages.
    await page.goto(`/${horizon.id}/home`);
    await expect(page.getByRole('heading', { name: 'Ce copropriétaire était invalide' })).toBeVisible();
  });

  test('co-owner information screen from the header name', async ({ page }) => {
    await signIn(page, CLAIRE);
    await expect(page).toHaveURL(/\/$/);
    const tilleuls = byCopro(await records(page), /Tilleuls/);
    await page.goto(`/${tilleuls.id}/home`);
    await page.getByTestId('header-name').click();
    await expect(page).toHaveURL(new RegExp(`/${tilleuls.id}/compte$`));
    await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Copropriétés' })).toBeVisible();
    await expect(page.getByText(tilleuls.coproprietes[0].name).last()).toBeVisible();
    await expect(page.getByText(tilleuls.unique_code)).toBeVisible();
    await expect(page.getByRole('button', { name: `Détacher ${tilleuls.display_name.fr}` })).toBeVisible();
    await expect(page.getByText("Le compte n'apparaîtra plus dans votre application")).toBeVisible();
    // 'Annuler' keeps the record.
    await page.getByRole('button', { name: `Détacher ${tilleuls.display_name.fr}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation requise' });
    await expect(confirm).toContainText('Ses données restent intactes');
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await expect(confirm).toBeHidden();
    expect(await records(page)).toHaveLength(3);
  });

  test('phone: Messages leaves the bottom bar, the maintenance log moves under Documents', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, CLAIRE);
    await expect(page).toHaveURL(/\/$/);
    const tilleuls = byCopro(await records(page), /Tilleuls/);
    await page.goto(`/${tilleuls.id}/home`);
    const bar = nav(page).last();
    await expect(bar.getByText('Ma synthèse')).toBeVisible();
    await expect(bar.getByText('Messages', { exact: true })).toHaveCount(0);
    await expect(bar.getByText("Carnet d'Entretien")).toHaveCount(0);
    await bar.getByText('Documents').click();
    await expect(page.getByRole('menuitem', { name: "Carnet d'Entretien" })).toBeVisible();
    // The header keeps the message shortcut (the dashboard's 'Nouveautés' links to messages too).
    await expect(page.getByTestId('message-shortcut')).toHaveAccessibleName(/^Messages/);
    await expect(page.getByTestId('message-shortcut')).toBeVisible();
    // Not three look-alike badged icons beside the name: the chat is a named entry of the dots menu.
    await expect(page.getByTestId('chat-shortcut')).toBeHidden();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Plus d'options/ }).click();
    await expect(page.getByTestId('chat-menu-item')).toBeVisible();
    await expect(page.getByTestId('chat-menu-item')).toHaveAccessibleName(/^Messagerie/);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: test.info().outputPath('claire-phone.png') });
  });
});

test.describe('paul: one ordinary record', () => {
  test('lands on his record; invoices hidden (scope 2); attaches ABC123456 and detaches it again', async ({
    page,
  }) => {
    await signIn(page, PAUL);
    await expect(page).toHaveURL(/\/[0-9a-f-]{36}\/home$/);
    const [mine] = await records(page);
    await expect(page).toHaveURL(new RegExp(`/${mine.id}/home$`));
    await expect(page.getByTestId('header-name')).toHaveText(mine.display_name.fr);
    await expect(page.getByTestId('header-position')).toHaveCount(0);
    await expect(nav(page).getByText('Ma synthèse')).toBeVisible();
    await expect(nav(page).getByText('Factures et Devis')).toHaveCount(0);
    await expect(nav(page).getByText("Carnet d'Entretien")).toHaveCount(0);

    // Attach dialog from the user sidebar.
    await page.getByRole('button', { name: 'Ouvrir le menu des comptes' }).click();
    await page.getByRole('button', { name: 'Nouveau copropriétaire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rattacher un copropriétaire' });
    const first = dialog.getByLabel('Caractère 1 sur 9');
    await expect(first).toBeFocused();

    // Fewer than 9 characters: the field-required message; the code is cleared.
    await page.keyboard.type('abc12');
    await expect(dialog.getByLabel('Caractère 3 sur 9')).toHaveValue('C');
    await dialog.getByRole('button', { name: 'Rattacher' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Ce champ est requis.');

    // An unknown code: 'Ce code est invalide' under the input, slots cleared.
    await first.click();
    await page.keyboard.type('zzz999999');
    await expect(dialog.getByRole('button', { name: 'Rattacher' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Ce code est invalide');
    await expect(first).toHaveValue('');

    // Paste from the 7th slot is truncated to the 3 slots left.
    // (Dispatched on the 7th slot itself: the dialog may still be moving focus after the error.)
    const seventh = dialog.getByLabel('Caractère 7 sur 9');
    await seventh.focus();
    await seventh.evaluate((el) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', 'xyz123');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }));
    });
    await expect(dialog.getByLabel('Caractère 9 sur 9')).toHaveValue('Z');
    await expect(first).toHaveValue('');

    // The real code, pasted whole in lower case.
    await first.focus();
    await first.evaluate((el, code) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', code.toLowerCase());
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }));
    }, FREE_CODE);
    await expect(first).toHaveValue('A');
    await dialog.getByRole('button', { name: 'Rattacher' }).click();
    await expect(dialog).toBeHidden();
    const after = await records(page);
    const attached = after.find((r) => r.unique_code === FREE_CODE);
    expect(attached).toBeTruthy();
    // The new record has not been through onboarding: /{id}/home sends it to its first step.
    expect(attached?.init_settings_done).toBe(false);
    await expect(page).toHaveURL(new RegExp(`/${attached?.id}/init-profiles$`));
    await expect(page.getByTestId('header-name')).toHaveText(attached?.display_name.fr ?? '');

    // The same code again: the popup of SPEC §8.
    await page.getByRole('button', { name: 'Ouvrir le menu des comptes' }).click();
    await page.getByRole('button', { name: 'Nouveau copropriétaire' }).click();
    await expect(dialog.getByLabel('Caractère 1 sur 9')).toBeFocused();
    await page.keyboard.type(FREE_CODE);
    await page.keyboard.press('Enter');
    const popup = page
      .getByRole('dialog')
      .filter({ hasText: "L'utilisateur existe déjà dans votre environnement." });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: "D'accord" }).click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    // Detach it again from its information screen: back to '/', data kept, code free again.
    await page.goto(`/${attached?.id}/compte`);
    await page.getByRole('button', { name: `Détacher ${attached?.display_name.fr}` }).click();
    await page
      .getByRole('dialog', { name: 'Confirmation requise' })
      .getByRole('button', { name: 'Confirmer' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('coproprietaire-card')).toHaveCount(1);
    expect((await records(page)).map((r) => r.id)).toEqual([mine.id]);
  });
});
