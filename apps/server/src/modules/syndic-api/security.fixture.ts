import {
  type SyndicEndpoint,
  syndicAccessEndpoints,
  syndicAccountsEndpoints,
  syndicApiEndpoints,
  syndicImportEndpoints,
  syndicAssembleeEndpoints,
  syndicCarnetEndpoints,
  syndicBenevoleEndpoints,
  syndicChecklistEndpoints,
  syndicConvocationEndpoints,
  syndicDocumentEndpoints,
  syndicNoticeEndpoints,
  syndicFactureEndpoints,
  syndicPostalRequestEndpoints,
  syndicPortfolioEndpoints,
  syndicStaffEndpoints,
} from '@tantieme/contract';
import { expect } from 'vitest';
import { paymentRequests, paymentTransactions } from '../../db/schema/index.js';
import { makeCoproprietaire, makeCopropriete, makeSignedInUser } from '../../test/factories.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { json, type TestApp } from '../../test/harness.js';

/** Every syndic endpoint of the contract, flattened. */
export function allEndpoints(): SyndicEndpoint[] {
  const out: SyndicEndpoint[] = [];
  const walk = (o: unknown) => {
    if (o && typeof o === 'object' && 'path' in o && 'scope' in o) out.push(o as SyndicEndpoint);
    else if (o && typeof o === 'object') for (const v of Object.values(o)) walk(v);
  };
  walk([
    syndicApiEndpoints,
    syndicPortfolioEndpoints,
    syndicAccountsEndpoints,
    syndicAccessEndpoints,
    syndicImportEndpoints,
    syndicAssembleeEndpoints,
    syndicConvocationEndpoints,
    syndicPostalRequestEndpoints,
    syndicCarnetEndpoints,
    syndicStaffEndpoints,
    syndicDocumentEndpoints,
    syndicNoticeEndpoints,
    syndicChecklistEndpoints,
    syndicBenevoleEndpoints,
    syndicFactureEndpoints,
  ]);
  return out;
}

/**
 * Two syndics, each with its key: syndic A has one of every resource under the external_id 'X'
 * (and 'Y' where a second is needed), a record with a signed-in owner, a conversation and a
 * product payment; syndic B has nothing.
 */
export async function twoSyndics(t: TestApp) {
  const w = {
    a: await makeSyndicWithKey(t.database.db),
    b: await makeSyndicWithKey(t.database.db),
    aRecordId: '',
    aConversationId: '',
    aPaymentId: '',
  };
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/syndic/v1${url}`, headers: w.a.headers, payload });
  const ok = async (p: ReturnType<typeof put>) => expect((await p).statusCode).toBe(200);
  await ok(put('/administrators/X', { last_name: 'Garnier' }));
  await ok(
    put('/coproprietes/X', {
      name: 'A',
      address: { full_address: '1 rue A 69001 Lyon' },
      administrators: ['X'],
    }),
  );
  await ok(put('/lots/X', { copropriete: 'X', number: '1', name: 'Lot 1' }));
  await ok(
    put('/repartitions/X', {
      copropriete: 'X',
      code: '1',
      name: 'Générales',
      total_tantieme: 100,
      tantiemes: [{ lot: 'X', tantieme: 100 }],
    }),
  );
  await ok(
    put('/coproprietaires/X', {
      copropriete: 'X',
      last_name: 'Martin',
      lots: ['X'],
      contacts: [{ last_name: 'Martin', emails: [{ value: 'martin@example.fr' }] }],
    }),
  );
  await ok(put('/charges/X', { copropriete: 'X', repartition: 'X', code: '601', name: 'Eau' }));
  await ok(
    put('/financial-years/X', {
      copropriete: 'X',
      year: 2026,
      couple: '2026',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
    }),
  );
  await ok(
    put('/bills/X', {
      copropriete: 'X',
      name: 'Appel',
      date: '2026-01-01',
      bill_type: 'fonctionnement',
      total_cents: 100,
    }),
  );
  await ok(
    put('/ledger-lines/X', {
      coproprietaire: 'X',
      date: '2026-01-01',
      name: 'Appel',
      amount_type: 'debit',
      amount_cents: 100,
    }),
  );
  await ok(
    put('/assemblees/X', {
      copropriete: 'X',
      name: 'Assemblée générale ordinaire',
      year: 2030,
      date: '2030-06-15T18:00:00+02:00',
      general_repartition: 'X',
      convocation: {
        name: 'Convocation.pdf',
        content_type: 'application/pdf',
        content_base64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
      },
      resolutions: [{ external_id: 'X', number: 1, title: 'Comptes', article: 'ART-24', repartition: 'X' }],
      participants: [{ coproprietaire: 'X' }],
    }),
  );
  await ok(
    put('/carnets-entretien/X', {
      copropriete: 'X',
      major_works: [{ year: 2016, nature: 'Toiture', contractor: 'Étanchéité du Rhône' }],
    }),
  );
  const pdf = {
    name: 'x.pdf',
    content_type: 'application/pdf',
    content_base64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
  };
  await ok(put('/document-groups/X', { scope: 'copropriete', copropriete: 'X', name: 'Contrats' }));
  await ok(
    put('/documents/X', { place: 'group', group: 'X', name: 'Contrat', date: '2026-01-01', file: pdf }),
  );
  await ok(
    put('/invoices/X', {
      copropriete: 'X',
      invoice_date: '2026-01-01',
      amount_cents: 100,
      fournisseur_name: 'Otis',
      ecritures: [
        {
          date: '2026-01-01',
          description: 'Otis',
          amount_cents: 100,
          lots: [{ lot: 'X', amount_cents: 10 }],
        },
      ],
    }),
  );
  await ok(
    put('/communications/X', {
      coproprietaire: 'X',
      sending_method: 'postal',
      module: 'courrier',
      recipient_info: { sending_address: { address_1: '1 rue A', zip_code: '69001', city: 'Lyon' } },
      created_date: '2026-01-01T10:00:00Z',
      attachments: [pdf],
    }),
  );
  await ok(
    put('/notices/X', { copropriete: 'X', subject: 'Avis', html_body: '<p>Avis</p>', audience: 'immeuble' }),
  );
  const copro = await makeCopropriete(t.database.db, { syndic_id: w.a.syndic.id });
  const owner = await makeSignedInUser(t.database.db);
  w.aRecordId = (
    await makeCoproprietaire(t.database.db, { copropriete_id: copro.id, user_id: owner.user.id })
  ).id;
  await ok(put('/staff/X', { last_name: 'Garnier', email: `garnier.${Date.now()}@lefevre-immobilier.fr` }));
  // Y answers (the loop disables X before it reaches the answer).
  await ok(put('/staff/Y', { last_name: 'Roche', email: `roche.${Date.now()}@lefevre-immobilier.fr` }));
  const conv = await t.app.inject({
    method: 'POST',
    url: `/api/coproprietaires/${w.aRecordId}/chat/conversations`,
    headers: owner.headers,
    payload: { participant_id: w.a.syndic.id, participant_type: 'syndic' },
  });
  w.aConversationId = json(conv).data.id;
  // A card payment made in the product by A's co-owner, for the acknowledgement.
  const [request] = await t.database.db
    .insert(paymentRequests)
    .values({
      coproprietaire_id: w.aRecordId,
      debits: [],
      credits: [],
      pay_amount_cents: 100,
      provider: 'sandbox',
      status: 'paid',
    })
    .returning();
  const [payment] = await t.database.db
    .insert(paymentTransactions)
    .values({
      coproprietaire_id: w.aRecordId,
      payment_request_id: request.id,
      amount_cents: 100,
      net_cents: 73,
      date: new Date(),
    })
    .returning();
  w.aPaymentId = payment.id;
  return w;
}

/** The URL of an endpoint with A's ids in it. */
export const urlOf =
  (w: Awaited<ReturnType<typeof twoSyndics>>) =>
  (e: SyndicEndpoint, ids: { external_id: string; id: string }) =>
    `/api${e.path
      .replace(':external_id', ids.external_id)
      .replace(
        ':id',
        e.path.startsWith('/syndic/v1/conversations/')
          ? w.aConversationId
          : e.path.startsWith('/syndic/v1/payments/')
            ? w.aPaymentId
            : ids.id,
      )}`;
