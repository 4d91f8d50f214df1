import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkA11y, expect, test } from './a11y.fixture';

/**
 * The demo's closed assembly: claire downloads its procès-verbal, signed by the president and the
 * secretary and sealed; poppler's pdfsig, a third party's tool, finds the seal valid, and invalid
 * once one byte of the file is changed.
 */
test('the sealed procès-verbal checks with pdfsig, and a changed byte breaks it', async ({ request }) => {
  expect(existsSync('/usr/bin/pdfsig'), 'pdfsig is missing: install poppler-utils').toBe(true);
  const login = await request.post('/api/auth/login', {
    data: { email: 'claire.martin@example.fr', password: 'Tilleuls2024' },
  });
  const token = (await login.json()).data.token as string;
  const auth = { authorization: `Bearer ${token}` };
  const all = (await (await request.get('/api/coproprietaires/all', { headers: auth })).json()).data as {
    id: string;
    coproprietes: { id: string; name: string }[];
  }[];
  const rec = all.find((r) => r.coproprietes[0].name.includes('Les Tilleuls'))!;
  const base = `coproprietes/${rec.coproprietes[0].id}/coproprietaire/${rec.id}`;
  const ags = (
    await (await request.get(`/api/assemblee/${base}/get-list-ag-available`, { headers: auth })).json()
  ).data as { id: string; name: string }[];
  const past = ags.find((a) => a.name === 'Assemblée générale ordinaire annuelle')!;
  const pv = (
    await (await request.get(`/api/assemblee/${past.id}/${base}/proces-verbal`, { headers: auth })).json()
  ).data as { url: string; sealed: boolean };
  expect(pv.sealed).toBe(true);
  const bytes = Buffer.from(await (await request.get(pv.url)).body());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-pdfsig-'));
  const check = (b: Buffer, name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, b);
    return execFileSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
  };
  const ok = check(bytes, 'pv.pdf');
  expect(ok).toContain('Signature is Valid');
  expect(ok).toContain('Signer Certificate Common Name: Tantième, sceau des assemblées générales');
  const tampered = Buffer.from(bytes);
  const at = tampered.indexOf('/Title <') + '/Title <FEFF00'.length;
  tampered[at] = tampered[at] === 0x35 ? 0x36 : 0x35;
  expect(check(tampered, 'pv-altere.pdf')).not.toContain('Signature is Valid');
});

test('the register tab offers claire the sealed procès-verbal', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'claire.martin@example.fr', password: 'Tilleuls2024' },
  });
  const token = (await login.json()).data.token as string;
  const all = (
    await (
      await page.request.get('/api/coproprietaires/all', { headers: { authorization: `Bearer ${token}` } })
    ).json()
  ).data as { id: string; coproprietes: { name: string }[] }[];
  const rec = all.find((r) => r.coproprietes[0].name.includes('Les Tilleuls'))!;
  await page.goto('/login');
  await page.evaluate((t) => localStorage.setItem('TOKEN', t), token);
  for (const [name, size] of [
    ['desktop', { width: 1366, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(`/${rec.id}/assemblee`);
    await page.getByRole('link', { name: 'Assemblée générale ordinaire annuelle' }).click();
    await page.getByRole('tab', { name: 'Registre' }).click();
    await expect(
      page.getByRole('heading', { name: 'Procès-verbal et feuille de présence', level: 2 }),
    ).toBeVisible();
    const pv = page.getByRole('link', { name: 'Procès-verbal signé et scellé (PDF)' });
    await expect(pv).toBeVisible();
    // The demo's attendance sheet was not made from the register: only the minutes are offered.
    await expect(
      page.getByText(/Empreinte SHA-256 du procès-verbal signé\u202f: [0-9a-f]{64}/),
    ).toBeVisible();
    await checkA11y(page);
    if (process.env.SCREENSHOTS)
      await page.screenshot({ path: `${process.env.SCREENSHOTS}/sealed-pv-${name}.png`, fullPage: false });
  }
});
