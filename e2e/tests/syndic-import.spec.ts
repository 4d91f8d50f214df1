import { randomBytes } from 'node:crypto';
import { formatCents } from '@tantieme/contract';
import { e164, freshMobile, typeCode } from './identity.helpers';
import { expect, test } from './tenant.fixture';

/**
 * A building brought in through the syndic API by a syndic of the spec's own tenant (its API
 * key), its co-owner invited by e-mail through the API, who creates an account with the
 * invitation and finds the lots, tantièmes and statement that were pushed.
 */

test('a co-owner pushed through the API, invited, registers and sees what was pushed', async ({
  page,
  request,
  tenant,
}) => {
  test.setTimeout(120_000);
  const p = `E2E-${randomBytes(3).toString('hex')}`;
  const email = `helene.rousseau.${p.toLowerCase()}@example.fr`;
  const headers = { 'x-api-key': tenant.syndic.api_key };
  const alias = tenant.syndic.alias;
  const doc = {
    coproprietes: [
      {
        external_id: `${p}-IMM`,
        name: `Résidence Parc Monceau ${p}`,
        address: { full_address: '18 rue de Monceau 75008 Paris', city: 'Paris', zip_code: '75008' },
      },
    ],
    lots: [
      {
        external_id: `${p}-L1`,
        copropriete: `${p}-IMM`,
        number: '3B',
        name: 'Appartement 3B',
        type_name: 'Appartement',
      },
      { external_id: `${p}-L2`, copropriete: `${p}-IMM`, number: '12', name: 'Cave 12', type_name: 'Cave' },
    ],
    repartitions: [
      {
        external_id: `${p}-GEN`,
        copropriete: `${p}-IMM`,
        code: 'GEN',
        name: 'Charges générales',
        total_tantieme: 450,
        tantiemes: [
          { lot: `${p}-L1`, tantieme: 420 },
          { lot: `${p}-L2`, tantieme: 30 },
        ],
      },
    ],
    charges: [
      {
        external_id: `${p}-601`,
        copropriete: `${p}-IMM`,
        repartition: `${p}-GEN`,
        code: '601',
        name: 'Eau froide',
      },
    ],
    financial_years: [
      {
        external_id: `${p}-2026`,
        copropriete: `${p}-IMM`,
        year: 2026,
        couple: '2026',
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        budgets: [{ charge: `${p}-601`, voted_cents: 1_200_000 }],
      },
    ],
    bills: [
      {
        external_id: `${p}-AF4`,
        copropriete: `${p}-IMM`,
        financial_year: `${p}-2026`,
        name: 'Appel de fonds – 4e trimestre 2026',
        date: '2026-10-01',
        bill_type: 'fonctionnement',
        total_cents: 41250,
        lines: [{ lot: `${p}-L1`, repartition: `${p}-GEN`, charge: `${p}-601`, amount_cents: 41250 }],
      },
    ],
    coproprietaires: [
      {
        external_id: `${p}-C1`,
        copropriete: `${p}-IMM`,
        civility: 'mrs',
        first_name: 'Hélène',
        last_name: 'Rousseau',
        contacts: [
          { civility: 'mrs', first_name: 'Hélène', last_name: 'Rousseau', emails: [{ value: email }] },
        ],
        lots: [`${p}-L1`, `${p}-L2`],
      },
    ],
    ledger_lines: [
      {
        external_id: `${p}-E1`,
        coproprietaire: `${p}-C1`,
        date: '2026-10-01',
        name: 'Appel de fonds – 4e trimestre 2026',
        amount_type: 'debit',
        amount_cents: 41250,
        bill: `${p}-AF4`,
        bill_type: 'fonctionnement',
      },
      {
        external_id: `${p}-E2`,
        coproprietaire: `${p}-C1`,
        date: '2026-10-15',
        name: 'Règlement par chèque',
        amount_type: 'credit',
        amount_cents: 10000,
        payment_method: 'cheque',
      },
    ],
  };

  // 1. The building, in one import document.
  const imported = await request.post('/api/syndic/v1/import', { headers, data: doc });
  expect(imported.status(), await imported.text()).toBe(200);
  const report = (await imported.json()).data;
  expect(report.ok).toBe(true);
  expect(report.buildings).toEqual([
    expect.objectContaining({ copropriete: `${p}-IMM`, status: 'imported' }),
  ]);

  // 2. The invitation by e-mail, through the outbox; its code is read where the e-mail went.
  const invited = await request.post(`/api/syndic/v1/coproprietaires/${p}-C1/invitations`, {
    headers,
    data: { channel: 'email', recipient: email },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const codes = async () => {
    const res = await request.get('/dev/outbox', { headers: { accept: 'application/json' } });
    return ((await res.json()).data as { recipient: string; code: string | null }[])
      .filter((r) => r.recipient === email && r.code)
      .map((r) => r.code as string);
  };
  let invitation = '';
  await expect.poll(async () => (invitation = (await codes())[0] ?? '')).not.toBe('');

  // 3. She follows the link and creates her account.
  await page.goto(`/s/${alias}/invitations/${invitation}`);
  await expect(page.getByText(/Invitation pour Mme Hélène Rousseau/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Monceau2026');
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Monceau2026');
  await page.getByRole('button', { name: 'Suivant' }).click();
  let verification = '';
  await expect
    .poll(async () => (verification = (await codes()).find((c) => c !== invitation) ?? ''))
    .not.toBe('');
  await typeCode(page, verification);
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page.getByTestId('captcha')).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  const mobile = freshMobile();
  await page.getByPlaceholder('Entrer un numéro de téléphone').fill(mobile);
  await page.getByRole('button', { name: 'Suivant' }).click();
  let sms = '';
  await expect
    .poll(async () => {
      const res = await request.get('/dev/outbox', { headers: { accept: 'application/json' } });
      const rows = (await res.json()).data as { recipient: string; code: string | null }[];
      sms = rows.find((r) => r.recipient === e164(mobile) && r.code)?.code ?? '';
      return sms;
    })
    .not.toBe('');
  await typeCode(page, sms);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${alias}$`));

  // 4. Her record is the pushed one: lots, tantièmes, statement.
  const token = await page.evaluate(() => localStorage.getItem('TOKEN'));
  const all = await request.get('/api/coproprietaires/all', {
    headers: { authorization: `Bearer ${token}` },
  });
  const recs = (await all.json()).data as { id: string; coproprietes: { id: string; name: string }[] }[];
  const rec = recs.find((r) => r.coproprietes.some((c) => c.name === `Résidence Parc Monceau ${p}`));
  expect(rec, JSON.stringify(recs)).toBeTruthy();
  const id = rec?.id as string;
  // A new record opens on onboarding (SPEC §2.15); her choices end it.
  await page.goto(`/${id}/home`);
  await expect(page).toHaveURL(new RegExp(`/${id}/init-profiles$`));
  const done = await request.put(
    `/api/coproprietaires/${rec?.coproprietes[0].id}/${id}/update-init-settings`,
    {
      headers: { authorization: `Bearer ${token}` },
      data: { settings: [{ key: 'allow-convocation-electronic', value: '1' }] },
    },
  );
  expect(done.status(), await done.text()).toBe(200);

  await page.goto(`/${id}/home`);
  await expect(page.getByTestId('lot-card')).toHaveText([/Appartement 3B/, /Cave 12/]);
  await page.getByTestId('lot-card').first().click();
  await page.getByRole('tab', { name: 'Tantièmes' }).click();
  const row = page.getByRole('table', { name: 'Tantièmes' }).getByRole('row', { name: /Charges générales/ });
  await expect(row).toContainText('420');
  // The key's total: the lots' tantièmes add up to it (420 + 30).
  await expect(row).toContainText('450');

  await page.goto(`/${id}/facture-v2`);
  await expect(page.getByRole('heading', { name: 'Situation de compte' })).toBeVisible();
  await expect(
    page.getByTestId('statement-table').getByText('Appel de fonds – 4e trimestre 2026'),
  ).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toHaveText(formatCents(41250 - 10000));
});
