import { expect, type Locator, type Page, test } from './a11y.fixture';
import { signIn as signInTo } from './sign-in';

/** General assemblies (SPEC §2.19, §2.20, §4, §8) as claire on the demo's upcoming assembly. */

const signIn = (page: Page) => signInTo(page, 'claire.martin@example.fr', 'Les Tilleuls');

test.describe.configure({ mode: 'serial' });

test('claire votes by correspondence, reads her result, downloads the receipt and votes again', async ({
  page,
}) => {
  const rec = await signIn(page);
  await page.goto(`/${rec.id}/assemblee`);
  await expect(page.getByRole('heading', { name: 'Assemblées Générales', level: 1 })).toBeVisible();
  for (const col of [
    'Objet',
    'Copropriété',
    'Type',
    'Année',
    'Date',
    'Heure',
    'Convoc.',
    'PV',
    'AG Effectué',
    'Lots/Cop./Tant.',
  ])
    await expect(page.getByRole('columnheader', { name: col, exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Urgent' });
  await expect(row).toHaveCount(1);
  // The open vote: its deadline and a call to vote beside the name; tantièmes grouped by three.
  await expect(row.getByRole('link', { name: /^Voter\s: / })).toBeVisible();
  await expect(row).toContainText("Vote en ligne jusqu'au");
  await expect(row).toContainText(/28\/18\/10\s000/);
  await row.getByRole('link', { name: 'Assemblée générale ordinaire', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    /^Assemblées - Assemblée générale ordinaire - \d{4}$/,
  );
  await expect(
    page.getByText(/Vote par correspondance en ligne ouvert jusqu'au \d{2}\/\d{2}\/\d{4} à 23:59/),
  ).toBeVisible();
  // The open vote leads: the form, with its counter.
  await expect(page.getByRole('tab', { name: 'Vote form' })).toHaveAttribute('aria-selected', 'true');
  const counter = page.getByTestId('vote-counter');
  await expect(counter).toHaveText('0/9');
  const submit = page.getByRole('button', { name: 'Voter' });
  await expect(submit).toBeDisabled();

  const groups = page.getByRole('radiogroup');
  const firstVotes = page.getByRole('radiogroup', { name: 'Votre vote' });
  const secondVotes = page.getByRole('radiogroup', { name: /^Second vote/ });
  await expect(firstVotes).toHaveCount(9);
  await expect(secondVotes).toHaveCount(4); // three ART-25 and one ART-26
  await firstVotes.nth(0).getByRole('radio', { name: 'Pour' }).check();
  await expect(counter).toHaveText('1/9');
  // An ART-25 resolution counts once both choices are given.
  const syndic = page.getByRole('region', { name: /Désignation du syndic/ });
  await syndic.getByRole('radiogroup', { name: 'Votre vote' }).getByRole('radio', { name: 'Contre' }).check();
  await expect(counter).toHaveText('1/9');
  await syndic
    .getByRole('radiogroup', { name: /^Second vote/ })
    .getByRole('radio', { name: 'Pour' })
    .check();
  await expect(counter).toHaveText('2/9');
  const n = await groups.count();
  for (let i = 0; i < n; i++) {
    const g = groups.nth(i);
    if ((await g.getByRole('radio', { checked: true }).count()) === 0)
      await g.getByRole('radio', { name: 'Abstention' }).check();
  }
  await expect(counter).toHaveText('9/9');
  await expect(submit).toBeEnabled();

  await submit.click();
  await expect(
    page.getByText('Êtes-vous sûr de publier le résultat de cette résolution de vote ?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Vous avez voté avec succès')).toBeVisible();

  // The result: recorded choices with method and time, the ballot and its receipt.
  await expect(page.getByRole('tab', { name: 'Vote result' })).toHaveAttribute('aria-selected', 'true');
  const resultRow = page.getByRole('row').filter({ hasText: 'Désignation du syndic' });
  await expect(resultRow.getByRole('cell').nth(2)).toHaveText('Contre');
  await expect(resultRow.getByRole('cell').nth(3)).toHaveText('Pour');
  await expect(resultRow.getByRole('cell').nth(4)).toHaveText('Internet');
  await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  const digest = (await page.getByText(/^[0-9a-f]{64}$/).textContent())?.trim();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: "Télécharger l'accusé de vote (PDF)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Accusé de vote - Assemblée générale ordinaire - \d{4}\.pdf$/);
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Vérifier mon bulletin dans le registre' }).click();
  await expect(
    page.getByText(/Votre empreinte figure dans le registre de l'assemblée \(rang n° \d+\)/),
  ).toBeVisible();

  // Re vote: the form starts from the recorded ballot; one change, a new chained ballot.
  await page.getByRole('button', { name: 'Re vote' }).click();
  await expect(counter).toHaveText('9/9');
  await syndic.getByRole('radiogroup', { name: 'Votre vote' }).getByRole('radio', { name: 'Pour' }).check();
  await page.getByRole('button', { name: 'Voter' }).click();
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await expect(page.getByText('Vous avez voté avec succès').first()).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'Désignation du syndic' }).getByRole('cell').nth(2),
  ).toHaveText('Pour');
  await expect(page.getByText(/^[0-9a-f]{64}$/)).not.toHaveText(digest ?? '');

  // Convocation in a frame, and the meeting link with 'Ouvrir'.
  await page.getByRole('tab', { name: 'Convocation' }).click();
  await expect(page.getByRole('link', { name: /Ouvrir la convocation/ })).toBeVisible();
  await expect(page.locator('iframe[title^="Convocation AG du"]')).toBeVisible();
  await page.getByRole('tab', { name: 'Participer' }).click();
  await expect(page.getByRole('link', { name: 'Ouvrir' })).toHaveAttribute(
    'href',
    /^https:\/\/meet\.jit\.si\//,
  );
});

test('a past assembly shows only its result', async ({ page }) => {
  const rec = await signIn(page);
  await page.goto(`/${rec.id}/assemblee`);
  await page.getByRole('link', { name: 'Assemblée générale ordinaire annuelle' }).click();
  await expect(page.getByText('Le vote par correspondance en ligne est clos.')).toBeVisible();
  await page.getByRole('tab', { name: 'Vote par correspondance en ligne' }).click();
  await expect(page.getByRole('tab', { name: 'Vote result' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Vote form' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Re vote' })).toHaveCount(0);
});

/** Whether the element's centre is the element itself (no sticky or fixed bar lies over it). */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit) || hit.contains(el));
  });
}

test('the vote bar never covers a radio, stays compact on a phone; radios are 24 px targets', async ({
  page,
}) => {
  const rec = await signIn(page);
  for (const [width, height, maxBar] of [
    [1366, 900, 80],
    [390, 844, 60],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`/${rec.id}/assemblee`);
    await page.getByRole('link', { name: /^Voter\s: Assemblée générale ordinaire$/ }).click();
    const form = page.getByRole('tab', { name: 'Vote form' });
    if ((await form.getAttribute('aria-selected')) !== 'true') await form.click();
    const radios = page.getByRole('radio');
    await expect(radios.first()).toBeVisible();
    const bar = page
      .getByTestId('vote-counter')
      .locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');
    const barBox = await bar.boundingBox();
    expect(barBox?.height ?? 0, `vote bar at ${width}×${height}`).toBeLessThanOrEqual(maxBar);
    // The last radios, brought into view as Tab or a click brings them, sit above the bar.
    const n = await radios.count();
    for (const i of [n - 3, n - 2, n - 1]) {
      const radio = radios.nth(i);
      await radio.scrollIntoViewIfNeeded();
      expect(await uncovered(radio), `radio ${i + 1}/${n} at ${width}×${height}`).toBe(true);
      const box = await radio.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
    }
  }
});

test('on a phone the list is a set of cards', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const rec = await signIn(page);
  await page.goto(`/${rec.id}/assemblee`);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Assemblée générale ordinaire(?! annuelle)/ })).toBeVisible();
  // The open vote's card says until when and leads to the vote; tantièmes read '10 000'.
  await expect(page.getByText(/^Vote en ligne jusqu'au \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByText(/28\/18\/10\s000/).first()).toBeVisible();
  await page.getByRole('link', { name: /^Voter\s: Assemblée générale ordinaire$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${rec.id}/assemblee/[^/]+\\?onglet=vote$`));
  await expect(page.getByRole('tab', { name: 'Vote par correspondance en ligne' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.goBack();
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
});

test('the signature link: drawn with the mouse, saved, then the thank-you; used again, the §8 message', async ({
  page,
}) => {
  await page.goto('/signature?auth_token=SIGN-DEMO-CLAIRE');
  await expect(page.getByRole('heading', { name: 'Bonjour Mme Claire Martin,' })).toBeVisible();
  await expect(
    page.getByText("Veuillez signer la feuille de présence de l'assemblée générale."),
  ).toBeVisible();
  const save = page.getByRole('button', { name: 'Sauver' });
  await expect(save).toBeDisabled();
  const pad = page.getByTestId('signature-pad');
  await expect(pad).toHaveAttribute('data-ready', 'true');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no pad');
  await page.mouse.move(box.x + 40, box.y + 120);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++)
    await page.mouse.move(box.x + 40 + i * 12, box.y + 120 + Math.sin(i / 2) * 40, { steps: 2 });
  await page.mouse.up();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Merci, votre signature a bien été enregistrée.')).toBeVisible();

  await page.goto('/signature?auth_token=SIGN-DEMO-CLAIRE');
  await expect(page.getByRole('alert')).toContainText("Il n'y a pas de demande de signature.");
  await page.goto('/signature');
  await expect(page.getByRole('alert')).toContainText("Il n'y a pas de demande de signature.");
});
