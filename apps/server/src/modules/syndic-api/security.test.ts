import {
  type SyndicEndpoint,
  syndicAccessEndpoints,
  syndicAccountsEndpoints,
  syndicApiEndpoints,
  syndicImportEndpoints,
  syndicAssembleeEndpoints,
  syndicCarnetEndpoints,
  syndicChecklistEndpoints,
  syndicConvocationEndpoints,
  syndicDocumentEndpoints,
  syndicPortfolioEndpoints,
  syndicStaffEndpoints,
} from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRequests, paymentTransactions } from '../../db/schema/index.js';
import { makeCoproprietaire, makeCopropriete, makeSignedInUser } from '../../test/factories.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';
import { revokeApiKey } from './kit/keys.js';

/** Every syndic endpoint of the contract, flattened. */
function allEndpoints(): SyndicEndpoint[] {
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
    syndicCarnetEndpoints,
    syndicStaffEndpoints,
    syndicDocumentEndpoints,
    syndicChecklistEndpoints,
  ]);
  return out;
}

let t: TestApp;
let a: Awaited<ReturnType<typeof makeSyndicWithKey>>;
let b: Awaited<ReturnType<typeof makeSyndicWithKey>>;
let aRecordId: string;
let aConversationId: string;
let aPaymentId: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await makeSyndicWithKey(t.database.db);
  b = await makeSyndicWithKey(t.database.db);
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/syndic/v1${url}`, headers: a.headers, payload });
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
  const copro = await makeCopropriete(t.database.db, { syndic_id: a.syndic.id });
  const owner = await makeSignedInUser(t.database.db);
  aRecordId = (await makeCoproprietaire(t.database.db, { copropriete_id: copro.id, user_id: owner.user.id }))
    .id;
  await ok(put('/staff/X', { last_name: 'Garnier', email: `garnier.${Date.now()}@lefevre-immobilier.fr` }));
  // Y answers (the loop disables X before it reaches the answer).
  await ok(put('/staff/Y', { last_name: 'Roche', email: `roche.${Date.now()}@lefevre-immobilier.fr` }));
  const conv = await t.app.inject({
    method: 'POST',
    url: `/api/coproprietaires/${aRecordId}/chat/conversations`,
    headers: owner.headers,
    payload: { participant_id: a.syndic.id, participant_type: 'syndic' },
  });
  aConversationId = json(conv).data.id;
  // A card payment made in the product by A's co-owner, for the acknowledgement.
  const [request] = await t.database.db
    .insert(paymentRequests)
    .values({
      coproprietaire_id: aRecordId,
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
      coproprietaire_id: aRecordId,
      payment_request_id: request.id,
      amount_cents: 100,
      net_cents: 73,
      date: new Date(),
    })
    .returning();
  aPaymentId = payment.id;
});
afterAll(() => t.close());

const urlOf = (e: SyndicEndpoint, ids: { external_id: string; id: string }) =>
  `/api${e.path
    .replace(':external_id', ids.external_id)
    .replace(
      ':id',
      e.path.startsWith('/syndic/v1/conversations/')
        ? aConversationId
        : e.path.startsWith('/syndic/v1/payments/')
          ? aPaymentId
          : ids.id,
    )}`;

describe('a key reaches only its own syndic', () => {
  it("answers 404 to every endpoint that names one of the other syndic's resources", async () => {
    const targeted = allEndpoints().filter((e) => e.path.includes(':') && e.method !== 'PUT');
    expect(targeted.length).toBeGreaterThanOrEqual(12);
    for (const e of targeted) {
      const url = urlOf(e, { external_id: 'X', id: aRecordId });
      if (e.method === 'DELETE') continue; // checked below, after the others (it removes the record)
      const payload =
        e.method === 'PATCH'
          ? {}
          : e.method !== 'POST'
            ? undefined
            : e.path.endsWith('/signature-requests')
              ? { mode: 'ATTENDANCE', channel: 'email', coproprietaires: ['X'] }
              : e.path.startsWith('/syndic/v1/conversations/')
                ? { external_id: `R-${Date.now()}`, staff: 'Y', text: 'Réponse' }
                : e.path.endsWith('/session-votes')
                  ? { votes: [{ coproprietaire: 'X', attendance: 'present', choices: [] }] }
                  : e.path.startsWith('/syndic/v1/assemblees/') ||
                      e.path.startsWith('/syndic/v1/staff/') ||
                      e.path.endsWith('/submit')
                    ? undefined
                    : { channel: 'email', recipient: 'martin@example.fr' };
      const mine = await t.app.inject({ method: e.method, url, headers: a.headers, payload });
      expect(mine.statusCode, `${e.method} ${e.path} (own)`).toBe(200);
      const res = await t.app.inject({ method: e.method, url, headers: b.headers, payload });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(404);
      expect(json(res).code).toBe('NOT_FOUND');
    }
    for (const e of allEndpoints().filter((x) => x.method === 'DELETE')) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: urlOf(e, { external_id: 'X', id: aRecordId }),
        headers: b.headers,
      });
      expect(del.statusCode, `DELETE ${e.path}`).toBe(404);
    }
  });

  it("never writes into the other syndic's resources: a PUT with its ids creates one's own or names the unknown reference", async () => {
    const lot = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/lots/Y',
      headers: b.headers,
      payload: { copropriete: 'X', number: '9', name: 'Intrus' },
    });
    expect(lot.statusCode).toBe(400);
    expect(json(lot).errors).toEqual({ copropriete: 'Copropriété inconnu(e)\u202f: X' });
    const line = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/ledger-lines/Y',
      headers: b.headers,
      payload: {
        coproprietaire: 'X',
        date: '2026-01-01',
        name: 'Intrus',
        amount_type: 'credit',
        amount_cents: 1,
      },
    });
    expect(line.statusCode).toBe(400);
    expect(json(line).errors).toHaveProperty('coproprietaire');
    const ag = await t.app.inject({
      method: 'PUT',
      url: '/api/syndic/v1/assemblees/Y',
      headers: b.headers,
      payload: {
        copropriete: 'X',
        name: 'Intrus',
        year: 2030,
        date: '2030-06-15T18:00:00+02:00',
        general_repartition: 'X',
        participants: [{ coproprietaire: 'X' }],
      },
    });
    expect(ag.statusCode).toBe(400);
    expect(json(ag).errors).toEqual({
      copropriete: 'Copropriété inconnue\u202f: X',
      general_repartition: 'Clé de répartition inconnue\u202f: X',
      'participants.0.coproprietaire': 'Copropriétaire inconnu\u202f: X',
    });
    const lists = allEndpoints().filter(
      (e) => e.method === 'GET' && !e.path.includes(':') && e.path !== '/syndic/v1/profile',
    );
    for (const e of lists) {
      const res = await t.app.inject({ method: 'GET', url: `/api${e.path}`, headers: b.headers });
      expect(res.statusCode, e.path).toBe(200);
      const items = json(res).data.items;
      expect(items, e.path).toEqual([]);
    }
  });

  it('answers 403 to every write with a read-only key, and 401 to every call once the key is revoked', async () => {
    const ro = await makeSyndicWithKey(t.database.db, ['read'], a.syndic);
    const all = allEndpoints();
    for (const e of all.filter((x) => x.scope !== 'read')) {
      const res = await t.app.inject({
        method: e.method,
        url: urlOf(e, { external_id: 'X', id: aRecordId }),
        headers: ro.headers,
        payload: {},
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(403);
    }
    await revokeApiKey(t.database.db, a.syndic.id, ro.keyId);
    for (const e of all) {
      const res = await t.app.inject({
        method: e.method,
        url: urlOf(e, { external_id: 'X', id: aRecordId }),
        headers: ro.headers,
      });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });
});
