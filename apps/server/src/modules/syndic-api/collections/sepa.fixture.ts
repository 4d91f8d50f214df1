import { consoleCollectionEndpoints as c, syndicMoneyEndpoints as money } from '@tantieme/contract';
import { expect } from 'vitest';
import {
  sepaMandates,
  sessions,
  syndicWebhookDeliveries,
  syndicWebhookEndpoints,
} from '../../../db/schema/index.js';
import type { TestApp } from '../../../test/harness.js';
import { saveMandateAccount } from '../../collections/collections.service.js';
import { moneyWorld } from '../money/money.fixture.js';

/**
 * The money tests' building with its first quarter called, its SEPA creditor set, and two paper
 * mandates collected by file (Martin, Leroy); the syndic listens to every webhook.
 */
export async function sepaWorld(t: TestApp) {
  const w = await moneyWorld(t);
  const db = t.database.db;
  // The tests' clock is 10 January 2026 while a PostgreSQL server keeps its own: the console's
  // sessions, made on the first, must still be valid by the second.
  await db.update(sessions).set({ expires_at: new Date('2100-01-01T00:00:00Z') });
  expect((await w.apiCall(money.generateAppels, { external_id: w.ids.year }, { period: 1 })).status).toBe(
    200,
  );
  const creditor = await w.consoleCall(
    c.creditor,
    {},
    {
      name: 'Syndicat des copropriétaires Résidence Les Tilleuls',
      ics: 'FR72ZZZ123456',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      bic: 'AGRIFRPP',
    },
  );
  expect(creditor.status).toBe(200);
  const paper = [
    { owner: w.b.owners.martin.id, holder: 'Jeanne Martin', iban: 'FR1420041010050500013M02606' },
    { owner: w.b.owners.leroy.id, holder: 'Paul Leroy', iban: 'DE89370400440532013000' },
  ];
  for (const p of paper) {
    const [m] = await db
      .insert(sepaMandates)
      .values({
        coproprietaire_id: p.owner,
        reference: `RUM-${p.holder.split(' ')[1]?.toUpperCase()}-${w.b.coproId.slice(0, 8)}`,
        account_holder: p.holder,
        iban_prefix: p.iban.slice(0, 4),
        iban_last4: p.iban.slice(-4),
        provider: 'fichier',
        signed_at: new Date('2025-11-02T10:00:00Z'),
      })
      .returning();
    await saveMandateAccount(db, m!.id, p.iban);
  }
  await db.insert(syndicWebhookEndpoints).values({
    syndic_id: w.b.syndicId,
    url: 'https://erp.example.com/hooks',
    events: ['*'],
    secret_encrypted: 'unused-in-this-test',
  });
  const deliveries = async (type: string) =>
    (await db.select().from(syndicWebhookDeliveries))
      .filter((d) => d.syndic_id === w.b.syndicId && d.event_type === type)
      .map((d) => JSON.parse(d.body));
  const building = { external_id: w.ids.copro };
  return { ...w, building, deliveries };
}

export const camt054 = (
  msgId: string,
  e2e: string,
  reason = 'MD06',
) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>2026-02-25T08:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N1</Id><CreDtTm>2026-02-25T08:00:00</CreDtTm><Acct><Id><IBAN>FR7630006000011234567890189</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">3204.01</Amt><CdtDbtInd>DBIT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-02-25</Dt></BookgDt>
<NtryDtls><TxDtls><Refs><EndToEndId>${e2e}</EndToEndId></Refs><RtrInf><Rsn><Cd>${reason}</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry>
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;

export const pain002 = (
  msgId: string,
  e2e: string,
  reason = 'AM04',
) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
<GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>2026-01-19T08:00:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>X</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId></OrgnlGrpInfAndSts>
<OrgnlPmtInfAndSts><OrgnlPmtInfId>X-RCUR</OrgnlPmtInfId>
<TxInfAndSts><OrgnlEndToEndId>${e2e}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>${reason}</Cd></Rsn></StsRsnInf></TxInfAndSts>
</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
