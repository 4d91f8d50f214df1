import type { Page } from '@playwright/test';
import { checkA11y, expect, type Tenant, test } from './tenant.fixture';
import { loginByEmail } from './identity.helpers';

/**
 * The bureau and an amendment at the desk, on a tablet (820×1180): the président de séance is
 * elected first (décret 1967 art. 15) and recorded once the resolution is adopted; the accounts'
 * resolution is amended in session within its question (art. 13), so Paul's correspondence « Pour »
 * counts as défaillant (loi art. 17-1 A). axe runs on each step.
 */

const TABLET = { width: 820, height: 1180 };

test.use({
  tenantSpec: {
    console: true,
    owners: [
      { key: 'claire', first_name: 'Claire', last_name: 'Martin', lots: ['Appartement A12'] },
      { key: 'paul', first_name: 'Paul', last_name: 'Durand', lots: ['Appartement B21'] },
      { key: 'marc', first_name: 'Marc', last_name: 'Lefort', lots: ['Appartement C31'] },
    ],
  },
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`desk-bureau-${name}.png`), fullPage: true });

async function putAssemblee(page: Page, tenant: Tenant) {
  const key = tenant.copropriete.charges_generales;
  const res = await page.request.put('/api/syndic/v1/assemblees/AG-BUREAU', {
    headers: { 'x-api-key': tenant.syndic.api_key },
    data: {
      copropriete: tenant.copropriete.external_id,
      name: 'Assemblée générale ordinaire 2026',
      year: new Date().getUTCFullYear(),
      date: new Date(Date.now() + 10 * 60_000).toISOString(),
      general_repartition: key,
      resolutions: [
        {
          external_id: 'B1',
          number: 1,
          title: 'Élection du président de séance',
          article: 'ART-24',
          repartition: key,
          nature: 'bureau_president',
        },
        {
          external_id: 'R2',
          number: 2,
          title: 'Travaux de réfection de la toiture',
          article: 'ART-24',
          repartition: key,
          nature: 'travaux_entretien',
        },
      ],
      participants: Object.values(tenant.owners).map((o) => ({ coproprietaire: o.compte })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const pick = async (page: Page, label: string, option: string) => {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`${option}`) }).click();
};

test('the bureau is elected first and a resolution is amended in session, on a tablet', async ({
  browser,
  page,
  tenant,
}) => {
  test.setTimeout(180_000);
  await putAssemblee(page, tenant);
  const desk = await (await browser.newContext({ viewport: TABLET })).newPage();
  await loginByEmail(desk, tenant.console!.email, tenant.password);
  await expect(desk).toHaveURL(/\/gestion$/);
  await desk.goto(`/gestion/immeubles/${tenant.copropriete.id}/lots`);
  await desk.getByTestId('desk-link').click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Feuille de séance' })).toBeVisible();
  await expect(desk.getByTestId('desk-bureau')).toContainText('à élire');

  // Paul's paper form, received in time: « Pour » on the works.
  await desk.getByRole('tab', { name: 'Formulaires et pouvoirs' }).click();
  await pick(desk, 'Copropriétaire', 'Paul Durand');
  const received = new Date(Date.now() - 6 * 86_400_000);
  const local = new Date(received.getTime() - received.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await desk.getByLabel('Date et heure de réception').fill(local);
  await desk
    .getByRole('radiogroup', { name: /Travaux de réfection/ })
    .getByText('Pour')
    .click();
  await desk.getByRole('button', { name: 'Enregistrer le formulaire' }).click();
  await expect(desk.getByText('Formulaire enregistré, pris en compte.')).toBeVisible();

  await desk.getByRole('button', { name: 'Ouvrir la séance' }).click();
  await expect(desk.getByTestId('desk-status')).toHaveText('En séance');
  await desk.getByRole('tab', { name: 'Émargement' }).click();
  for (const who of ['Claire Martin', 'Marc Lefort'])
    await desk
      .getByTestId('attendance-line')
      .filter({ hasText: who })
      .getByText('Présent', { exact: true })
      .click();
  await expect(
    desk
      .getByTestId('attendance-line')
      .filter({ hasText: 'Marc Lefort' })
      .getByRole('radio', { name: 'Présent', exact: true }),
  ).toBeChecked();

  // Resolution 1 elects the président de séance: voted, then Claire recorded.
  await desk.getByRole('tab', { name: 'Votes' }).click();
  const election = desk.getByTestId('bureau-election');
  await expect(election).toContainText('Président de séance');
  await expect(election.getByRole('button', { name: "Enregistrer l'élu" })).toBeDisabled();
  await desk.getByRole('button', { name: 'Tous Pour' }).click();
  await expect(desk.getByTestId('live-tally').first()).toContainText('Adoptée');
  await pick(desk, 'Candidat', 'Claire Martin');
  await checkA11y(desk);
  await election.getByRole('button', { name: "Enregistrer l'élu" }).click();
  await expect(desk.getByTestId('desk-bureau')).toContainText(
    /Président de séance\s*:\s*Mme Claire Martin|Claire Martin/,
  );
  await shot(desk, 'bureau-tablet');

  // Resolution 2 amended before its vote, within its question.
  await pick(desk, 'Résolution', 'Travaux de réfection');
  const amend = desk.getByTestId('amendments');
  await amend
    .getByLabel('Texte amendé')
    .fill("Les travaux sont confiés à l'entreprise Toitures du Rhône pour 18\u202f400\u202f€ TTC.");
  await pick(desk, 'Proposé par', 'Marc Lefort');
  await amend.getByRole('checkbox', { name: /reste dans la question/ }).check();
  await checkA11y(desk);
  await amend.getByRole('button', { name: "Enregistrer l'amendement" }).click();
  await expect(amend.getByText('Amendée en séance')).toBeVisible();
  await expect(amend).toContainText('Toitures du Rhône');
  // Paul's « Pour » by correspondence no longer counts: only those present vote it.
  await desk.getByRole('button', { name: 'Tous Pour' }).click();
  const tally = desk.getByTestId('live-tally').first();
  await expect(tally).toContainText('Adoptée');
  await expect(tally.getByRole('row', { name: /^Pour/ }).getByRole('cell').last()).toHaveText('2');
  await expect(amend.getByRole('button', { name: "Enregistrer l'amendement" })).toHaveCount(0);
  await checkA11y(desk);
  await shot(desk, 'amendment-tablet');
});
