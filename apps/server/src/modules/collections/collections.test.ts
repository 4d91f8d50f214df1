import { readFile } from 'node:fs/promises';
import { paymentEndpoints } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLines, notifications, sepaMandates } from '../../db/schema/index.js';
import { makeVotedBuilding } from '../../test/factories.journal.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { url } from '../finances/finances.fixture.js';
import * as journal from '../journal/journal.repo.js';
import { heldDebitIds } from '../payments/sepa.service.js';
import { importAnswers, settle } from './collections.answers.js';
import { saveMandateAccount } from './collections.repo.js';
import { generate, remise, setCreditor } from './collections.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TODAY = '2026-01-10';
const DUE = '2026-01-20';
const fixture = (name: string) => readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** A building whose first quarter is called; Martin signs a mandate online, Leroy's is on paper. */
async function collectingBuilding() {
  const { b } = await makeVotedBuilding(t.database.db, { callFirstQuarter: true });
  await setCreditor(t.database.db, b.coproId, {
    name: 'Syndicat des copropriétaires Résidence Les Tilleuls',
    ics: 'FR72ZZZ123456',
    iban: 'FR76 3000 6000 0112 3456 7890 189',
    bic: 'AGRIFRPP',
  });
  const signed = await t.app.inject({
    method: 'POST',
    url: url(paymentEndpoints.saveSepaMandate, { coproId: b.coproId, id: b.owners.martin.id }),
    headers: b.martinHeaders,
    payload: { account_holder: 'Jeanne Martin', iban: 'FR14 2004 1010 0505 0001 3M02 606', accept: true },
  });
  expect(signed.statusCode).toBe(200);
  const [leroy] = await t.database.db
    .insert(sepaMandates)
    .values({
      coproprietaire_id: b.owners.leroy.id,
      reference: `RUM-LEROY-${b.coproId.slice(0, 8)}`,
      account_holder: 'Paul Leroy',
      iban_prefix: 'DE89',
      iban_last4: '3000',
      provider: 'fichier',
      signed_at: new Date('2025-11-02T10:00:00Z'),
    })
    .returning();
  await saveMandateAccount(t.database.db, leroy.id, 'DE89370400440532013000');
  return b;
}

const balanceOf = async (coproId: string, account: string, owner?: string) =>
  (await journal.balances(t.database.db, coproId))
    .filter((x) => x.account === account && (owner === undefined || x.coproprietaire_id === owner))
    .reduce((s, x) => s + x.debit - x.credit, 0);

const appelOf = async (ownerId: string) => {
  const [line] = await t.database.db
    .select()
    .from(ledgerLines)
    .where(and(eq(ledgerLines.coproprietaire_id, ownerId), eq(ledgerLines.amount_type, 'debit')));
  return line;
};

const titles = async (ownerId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.coproprietaire_id, ownerId))).map(
    (n) => n.title,
  );

async function xsdErrors(xml: string) {
  const schema = XmlDocument.fromString(await fixture('pain.008.001.02.xsd'));
  const validator = XsdValidator.fromDoc(schema);
  const doc = XmlDocument.fromString(xml);
  try {
    validator.validate(doc);
    return [];
  } catch (e) {
    return [(e as Error).message];
  } finally {
    doc.dispose();
    validator.dispose();
    schema.dispose();
  }
}

const camt054 = (msgId: string, e2e: string, reason = 'MD06') => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>2026-02-25T08:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N1</Id><CreDtTm>2026-02-25T08:00:00</CreDtTm><Acct><Id><IBAN>FR7630006000011234567890189</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">3204.01</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-02-25</Dt></BookgDt>
<NtryDtls><TxDtls><Refs><EndToEndId>${e2e}</EndToEndId></Refs><RtrInf><Rsn><Cd>${reason}</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry>
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;

const pain002 = (msgId: string, e2e: string, reason = 'AM04') => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
<GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>2026-01-19T08:00:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>X</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId></OrgnlGrpInfAndSts>
<OrgnlPmtInfAndSts><OrgnlPmtInfId>X-RCUR</OrgnlPmtInfId>
<TxInfAndSts><OrgnlEndToEndId>${e2e}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>${reason}</Cd></Rsn></StsRsnInf></TxInfAndSts>
</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;

describe('a remise pain.008.001.02 for a due date', () => {
  it('takes the mandates, announces each debit, holds the lines, and validates against the ISO 20022 XSD', async () => {
    const b = await collectingBuilding();
    const c = await generate(t.app, b.coproId, b.owners.martin.user_id as string, DUE, TODAY);
    expect(c).toMatchObject({ items: 2, total_cents: 320_401 + 235_800 });
    // Under way: held (not payable again), never paid.
    const martin = await appelOf(b.owners.martin.id);
    expect((await heldDebitIds(t.database.db, b.owners.martin.id)).has(martin.id)).toBe(true);
    expect(martin.remaining_cents).toBe(320_401);
    expect(await titles(b.owners.martin.id)).toContain('Prélèvement SEPA prévu le 20/01/2026');

    const { xml, filename } = await remise(t.database.db, b.coproId, c.id);
    expect(filename).toBe('prelevements-2026-01-20.xml');
    expect(await xsdErrors(xml)).toEqual([]);
    expect(xml).toContain('<IBAN>FR1420041010050500013M02606</IBAN>');
    expect(xml).toContain('<Id>FR72ZZZ123456</Id>');
    expect(xml).toContain('<CtrlSum>5562.01</CtrlSum>');
    expect(xml).toContain('<Nm>Syndicat des coproprietaires Residence Les Tilleuls</Nm>');
  });

  it('refuses a date inside the notice, and a building without a creditor', async () => {
    const b = await collectingBuilding();
    await expect(generate(t.app, b.coproId, 'x', '2026-01-12', TODAY)).rejects.toThrow(
      /au plus tôt le 15\/01\/2026/,
    );
    const { b: other } = await makeVotedBuilding(t.database.db, { callFirstQuarter: true });
    await expect(generate(t.app, other.coproId, 'x', DUE, TODAY)).rejects.toThrow(/identifiant créancier/);
  });
});

describe("the bank's answers", () => {
  it('a rejection before settlement frees the lines; a return weeks after reverses and reopens once', async () => {
    const b = await collectingBuilding();
    const c = await generate(t.app, b.coproId, b.owners.martin.user_id as string, DUE, TODAY);
    const { xml } = await remise(t.database.db, b.coproId, c.id);
    const e2e = [...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1] as string);
    // Items are in the order of the debtors' names: Jeanne Martin, then Paul Leroy.
    const [martinE2e, leroyE2e] = e2e as [string, string];

    const rejected = await importAnswers(t.app, b.coproId, pain002('REJ-1', leroyE2e), '2026-01-19');
    expect(rejected).toMatchObject({ format: 'pain002', known: false, rejected: 1 });
    const leroy = await appelOf(b.owners.leroy.id);
    expect((await heldDebitIds(t.database.db, b.owners.leroy.id)).has(leroy.id)).toBe(false);
    expect(leroy.remaining_cents).toBe(235_800);
    expect(await titles(b.owners.leroy.id)).toContain('Prélèvement SEPA rejeté');

    expect(await settle(t.app, b.coproId, c.id)).toEqual({ settled: 1 });
    expect(await settle(t.app, b.coproId, c.id)).toEqual({ settled: 0 });
    expect((await appelOf(b.owners.martin.id)).remaining_cents).toBe(0);
    expect(await balanceOf(b.coproId, '4501', b.owners.martin.id)).toBe(0);
    expect(await balanceOf(b.coproId, '512')).toBe(320_401);
    expect(await balanceOf(b.coproId, '4501', b.owners.leroy.id)).toBe(235_800);

    // Five weeks later, Martin's bank takes the money back.
    const back = await importAnswers(t.app, b.coproId, camt054('RET-1', martinE2e), '2026-02-25');
    expect(back).toMatchObject({ format: 'camt054', known: false, returned: 1 });
    expect((await appelOf(b.owners.martin.id)).remaining_cents).toBe(320_401);
    expect(await balanceOf(b.coproId, '4501', b.owners.martin.id)).toBe(320_401);
    expect(await balanceOf(b.coproId, '512')).toBe(0);
    expect(await titles(b.owners.martin.id)).toContain('Prélèvement SEPA retourné');

    // The same file again, or another file naming the same debit: nothing more.
    expect(await importAnswers(t.app, b.coproId, camt054('RET-1', martinE2e), '2026-02-26')).toMatchObject({
      known: true,
    });
    expect(await importAnswers(t.app, b.coproId, camt054('RET-2', martinE2e), '2026-02-27')).toMatchObject({
      known: false,
      returned: 0,
      unchanged: 1,
    });
    expect((await appelOf(b.owners.martin.id)).remaining_cents).toBe(320_401);
    expect(await balanceOf(b.coproId, '4501', b.owners.martin.id)).toBe(320_401);
    const lines = await journal.journalOf(t.database.db, b.yearId);
    for (const e of lines) expect(e.lignes.reduce((s, l) => s + l.debit_cents - l.credit_cents, 0)).toBe(0);
    expect(lines.map((e) => e.number)).toEqual(lines.map((_, i) => i + 1));
  });

  it('answers 400 to a file that is neither a pain.002 nor a camt.054', async () => {
    const b = await collectingBuilding();
    await expect(importAnswers(t.app, b.coproId, '<Document><Autre/></Document>')).rejects.toThrow(
      /ni un pain.002/,
    );
  });
});
