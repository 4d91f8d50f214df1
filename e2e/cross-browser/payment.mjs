/**
 * The smoke's payment, as a co-owner makes it on the statement (already open): 'Payez maintenant',
 * one line chosen in the wizard, the checkout of the embedded default adapter, a SEPA debit with
 * its mandate accepted, back on the statement ('Payment was successful!', one more line being
 * collected), then the bank's answer days later (the sandbox's simulator): the balance lowered by
 * the amount paid and the payment's receipt among the settled lines. SEPA rather than the card:
 * its form, its required mandate checkbox and its second round trip are what an engine may break;
 * the card's 'Payer' is one button of the same page.
 *
 * Page functions (given to `until` or `d.eval`) run in the page: they use nothing from here.
 */

/** The statement's balance in cents, owed positive (formatCents writes '1 234,56 €'). */
function balanceCents() {
  const box = document.querySelector('[data-testid=balance]');
  const text = box?.querySelector('[data-testid=balance-amount]')?.textContent;
  if (!text) return null;
  const cents = Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
  return { text, cents: box.getAttribute('data-balance-color') === 'yellow' ? cents : -cents };
}

/** How many lines (or the note in place of the button) a SEPA debit is collecting, shown. */
function collecting() {
  return [...document.querySelectorAll('[data-testid=collecting-note], .mantine-Badge-label')].filter(
    (e) =>
      e.getClientRects().length > 0 &&
      /^(En cours de prélèvement|Un prélèvement SEPA)/.test(e.innerText.trim()),
  ).length;
}

/** Back on the statement from the checkout: the status dialog says so, 'Fermer' closes it. */
async function backWithSuccess({ el, click, until }, what) {
  await until(
    `${what}: back on the statement`,
    () => location.pathname.endsWith('/facture-v2') && location.search.includes('stripe_payment_success='),
    [],
    30_000,
  );
  await el(`${what}: 'Payment was successful!'`, {
    css: '[role=dialog] [role=status]',
    name: 'Payment was successful!',
  });
  await click(`${what}: Fermer`, { role: 'button', name: 'Fermer', within: '[role=dialog]' });
  await until(`${what}: status closed`, () => !document.querySelector('[role=dialog]') && !location.search);
}

/** Pays one line by SEPA debit on the statement open in `d`; `h` the journey's finders. */
export async function pay(d, h) {
  const { el, click, until } = h;
  const before = await until('the balance', balanceCents);
  const collectingBefore = await d.eval(collecting);

  await click('Payez maintenant', { role: 'button', name: 'Payez maintenant' });
  const wizard = '[role=dialog]';
  // Every line comes checked: none, then the first one only.
  await d.click(await el('Tout sélectionner', { label: 'Tout sélectionner', within: wizard }));
  await until('no line checked', () => !document.querySelector('[role=group] input[type=checkbox]:checked'));
  await d.click(await el('the first line', { css: '[role=group] input[type=checkbox]', within: wizard }));
  const amount = await until('the amount to pay', () => {
    const t = document.querySelector('[data-testid=pay-amount]')?.innerText ?? '';
    return /[1-9]/.test(t) ? Math.round(Number(t.replace(/[^\d,]/g, '').replace(',', '.')) * 100) : null;
  });
  await click('Suivant', { role: 'button', name: 'Suivant', within: wizard });
  await click('Payer', { role: 'button', name: '/^Payer /', within: wizard });

  // The checkout (embedded default): the IBAN offered, the mandate accepted.
  await until('the checkout', () => location.pathname.startsWith('/sandbox-checkout/'), [], 30_000);
  const checkout = await d.eval(() => location.href);
  await el('the amount', { css: '[aria-label=Montant]' });
  const iban = await el('IBAN', { label: 'IBAN' });
  await until('an IBAN offered', (s) => /^FR76/.test(document.querySelector(s).value), [iban]);
  await d.click(await el('the mandate', { css: 'input[type=checkbox][name=accept]' }));
  await until('mandate accepted', () => document.querySelector('input[name=accept]').checked);
  await click('Valider le prélèvement SEPA', { role: 'button', name: 'Valider le prélèvement SEPA' });
  await backWithSuccess(h, 'SEPA debit');
  await until("one more line 'En cours de prélèvement'", `(n) => (${collecting})() > n`, [collectingBefore]);

  // Days later the bank pays it.
  await d.goto(checkout);
  await el('the debit under way', { role: 'heading', name: 'Prélèvement SEPA en cours' });
  await click("Simuler l'encaissement", { role: 'button', name: "Simuler l'encaissement" });
  await backWithSuccess(h, 'the bank paid');
  const after = await until(
    `the balance lowered by ${amount} cents`,
    `(want) => { const b = (${balanceCents})(); return b && b.cents === want ? b.text : null; }`,
    [before.cents - amount],
  );
  // The switch's input is 0×0 (no engine clicks it): its label toggles it.
  await click('Voir les lignes soldées', { css: 'label', name: 'Voir les lignes soldées' });
  const today = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date());
  await el('its receipt', { role: 'button', name: `Télécharger le reçu du paiement du ${today}` });
  return `${(amount / 100).toFixed(2)} € by SEPA, balance ${before.text} → ${after}`.replace(/\s/g, ' ');
}
