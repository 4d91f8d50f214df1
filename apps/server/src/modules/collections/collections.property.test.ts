import { answerEffect, type CollectionItemStatus, paymentEndpoints } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLines, notifications } from '../../db/schema/index.js';
import { makeVotedBuilding } from '../../test/factories.journal.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { url } from '../finances/finances.fixture.js';
import * as journal from '../journal/journal.repo.js';
import { heldDebitIds } from '../payments/sepa.service.js';
import { importAnswers, settle } from './collections.answers.js';
import { generate, remise, setCreditor } from './collections.service.js';

/**
 * No sequence of settlements, rejections, returns and replays of the bank's files makes a paid
 * appel payable again, except a genuine return or rejection — and that, exactly once: after each
 * step the co-owner's appel, their 450-1 account and the hold follow the item's state machine.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const APPEL = 320_401;
type Op = 'settle' | 'reject' | 'return' | 'replay';
const OPS: Op[] = ['settle', 'reject', 'return', 'replay'];

/** A small deterministic generator (xorshift32): the same seed, the same sequences. */
function sequences(seed: number, count: number, length: number): Op[][] {
  let x = seed >>> 0;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  return Array.from({ length: count }, () => Array.from({ length }, () => OPS[next() % OPS.length] as Op));
}

/** The sequences that matter by name, then random ones. */
const CASES: Op[][] = [
  ['settle', 'return', 'replay', 'return', 'reject'],
  ['reject', 'settle', 'return', 'replay', 'settle'],
  ['return', 'settle', 'settle', 'replay', 'return'],
  ...sequences(20_260_120, 6, 6),
];

const file = (kind: 'reject' | 'return', n: number, e2e: string) =>
  kind === 'reject'
    ? `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt><GrpHdr><MsgId>P-${n}</MsgId></GrpHdr><OrgnlPmtInfAndSts><TxInfAndSts><OrgnlEndToEndId>${e2e}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AM04</Cd></Rsn></StsRsnInf></TxInfAndSts></OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`
    : `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>C-${n}</MsgId></GrpHdr><Ntfctn><Ntry><CdtDbtInd>DBIT</CdtDbtInd><NtryDtls><TxDtls><Refs><EndToEndId>${e2e}</EndToEndId></Refs><RtrInf><Rsn><Cd>MD06</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;

describe('no sequence makes a paid appel payable again except a genuine return, once', () => {
  for (const [i, ops] of CASES.entries())
    it(`sequence ${i + 1}: ${ops.join(', ')}`, async () => {
      const { b } = await makeVotedBuilding(t.database.db, { callFirstQuarter: true });
      await setCreditor(t.database.db, b.coproId, {
        name: 'SDC Les Tilleuls',
        ics: 'FR72ZZZ123456',
        iban: 'FR7630006000011234567890189',
        bic: null,
      });
      const signed = await t.app.inject({
        method: 'POST',
        url: url(paymentEndpoints.saveSepaMandate, { coproId: b.coproId, id: b.owners.martin.id }),
        headers: b.martinHeaders,
        payload: { account_holder: 'Jeanne Martin', iban: 'FR1420041010050500013M02606', accept: true },
      });
      expect(signed.statusCode).toBe(200);
      const c = await generate(
        t.app,
        b.coproId,
        b.owners.martin.user_id as string,
        '2026-01-20',
        '2026-01-10',
      );
      const e2e = /<EndToEndId>([^<]+)</.exec(
        (await remise(t.database.db, b.coproId, c.id)).xml,
      )?.[1] as string;
      let model: CollectionItemStatus = 'submitted';
      let files = 0;
      let last: string | null = null;
      for (const op of ops) {
        if (op === 'settle') {
          await settle(t.app, b.coproId, c.id);
          if (model === 'submitted') model = 'settled';
        } else if (op === 'replay') {
          if (last) await importAnswers(t.app, b.coproId, last, '2026-02-20');
        } else {
          last = file(op, ++files, e2e);
          await importAnswers(t.app, b.coproId, last, '2026-02-20');
          model = answerEffect(model).next;
        }
        const [appel] = await t.database.db
          .select()
          .from(ledgerLines)
          .where(
            and(eq(ledgerLines.coproprietaire_id, b.owners.martin.id), eq(ledgerLines.amount_type, 'debit')),
          );
        const owed = model === 'settled' ? 0 : APPEL;
        expect(appel?.remaining_cents).toBe(owed);
        const account = (await journal.balances(t.database.db, b.coproId))
          .filter((x) => x.account === '4501' && x.coproprietaire_id === b.owners.martin.id)
          .reduce((s, x) => s + x.debit - x.credit, 0);
        expect(account).toBe(owed);
        expect((await heldDebitIds(t.database.db, b.owners.martin.id)).has(appel?.id as string)).toBe(
          model === 'submitted',
        );
      }
      const told = (
        await t.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.coproprietaire_id, b.owners.martin.id))
      ).filter((n) => n.title === 'Prélèvement SEPA retourné' || n.title === 'Prélèvement SEPA rejeté');
      expect(told.length).toBe(model === 'returned' || model === 'rejected' ? 1 : 0);
    });
});
