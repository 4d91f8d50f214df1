import type { FastifyInstance } from 'fastify';
import {
  communicationAttachments,
  communications,
  coproprietaireLots,
  documentGroups,
  documents,
  documentTypes,
  lots,
} from '../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser, makeSyndic } from './factories.js';
import { makePreviewToken } from './factories.synthese.js';
import {
  communicationAttachmentRow,
  communicationRow,
  documentGroupRow,
  documentRow,
  documentTypeRow,
} from '../../seed/builders/documents.js';
import { lotRow } from '../../seed/builders/rows.js';
import { coproprietaireLotRow } from '../../seed/builders/copro.js';

import { makeFile, PDF } from './factories.files.js';
import { makeSupplierInvoices } from './factories.invoices.js';

export { makeFile, PDF } from './factories.files.js';

/**
 * A copropriété with council-only invoices (scope '2'), documents for everyone, bank statements
 * for everyone, and three records: an ordinary owner, a council member, and an owner of another
 * building of another syndic. The owner and the member hold a lot each; one invoice splits
 * 120 € over both lots.
 */
export async function makeDocumentsWorld(app: FastifyInstance) {
  const db = app.db;
  const syndic = await makeSyndic(db, { name: 'Cabinet Lefèvre' });
  const copro = await makeCopropriete(db, {
    syndic_id: syndic.id,
    name: 'Résidence Les Tilleuls',
    settings: {
      show_invoice: '1',
      show_invoice_scope: '2',
      show_invoice_status: '1',
      show_invoice_status_scope: '1',
      show_copro_document: '1',
      show_copro_document_scope: '1',
      show_syndic_document: '1',
      show_syndic_document_scope: '2',
      show_releves_bancaires: '1',
      show_releves_bancaires_scope: '1',
    },
  });
  const ownerUser = await makeSignedInUser(db);
  const memberUser = await makeSignedInUser(db);
  const strangerUser = await makeSignedInUser(db);
  const owner = await makeCoproprietaire(db, {
    copropriete_id: copro.id,
    user_id: ownerUser.user.id,
    name: 'M. Paul Durand',
    permissions: { view_releves_bancaires: false },
  });
  const member = await makeCoproprietaire(db, {
    copropriete_id: copro.id,
    user_id: memberUser.user.id,
    name: 'Mme Claire Martin',
    is_member_syndicat: true,
  });
  const otherCopro = await makeCopropriete(db, { settings: { show_invoice: '1', show_invoice_scope: '1' } });
  const stranger = await makeCoproprietaire(db, {
    copropriete_id: otherCopro.id,
    user_id: strangerUser.user.id,
    is_member_syndicat: true,
  });

  const [lotA, lotB] = await db
    .insert(lots)
    .values([
      lotRow({ copropriete_id: copro.id, lot_id: '12', name: 'Lot 12', type_name: 'Appartement' }),
      lotRow({ copropriete_id: copro.id, lot_id: '30', name: 'Lot 30', type_name: 'Cave' }),
    ])
    .returning();
  await db
    .insert(coproprietaireLots)
    .values([
      coproprietaireLotRow({ coproprietaire_id: owner.id, lot_id: lotA.id }),
      coproprietaireLotRow({ coproprietaire_id: member.id, lot_id: lotB.id }),
    ]);

  await db
    .insert(documentTypes)
    .values([
      documentTypeRow({ code: 'APPEL_FONDS', name: 'Appels de fonds', sort: 1 }),
      documentTypeRow({ code: 'RELEVE_COMPTE', name: 'Relevés de compte', sort: 2 }),
    ])
    .onConflictDoNothing();
  const ownFiles = [];
  for (let i = 0; i < 3; i++)
    ownFiles.push(await makeFile(app, `appel-${i + 1}.pdf`, 'application/pdf', PDF));
  await db.insert(documents).values(
    ownFiles.map((f, i) =>
      documentRow({
        coproprietaire_id: owner.id,
        type_code: 'APPEL_FONDS',
        file_id: f.id,
        name: `Appel de fonds T${i + 1}`,
        date: `2026-0${i + 1}-01`,
        amount_cents: 45_000 + i,
        amount_type: 'debit',
      }),
    ),
  );

  const [plain, ag, bank] = await db
    .insert(documentGroups)
    .values([
      documentGroupRow({
        scope: 'copropriete',
        copropriete_id: copro.id,
        name: 'Règlement de copropriété',
        sort: 1,
      }),
      documentGroupRow({
        scope: 'copropriete',
        copropriete_id: copro.id,
        name: 'Assemblées générales',
        kind: 'AG',
        sort: 2,
      }),
      documentGroupRow({
        scope: 'copropriete',
        copropriete_id: copro.id,
        name: 'Relevés bancaires',
        kind: 'BANK_STATEMENT',
        sort: 3,
      }),
    ])
    .returning();
  const [syndicGroup] = await db
    .insert(documentGroups)
    .values(
      documentGroupRow({
        scope: 'syndic',
        syndic_id: syndic.id,
        name: 'Carte professionnelle',
        number: 'CPI 6901 2018 000 012 345',
        approve_date: '2024-03-15',
      }),
    )
    .returning();
  const f = async (name: string) => makeFile(app, name, 'application/pdf', PDF);
  await db.insert(documents).values([
    documentRow({
      group_id: plain.id,
      file_id: (await f('rcp.pdf')).id,
      name: 'Règlement',
      date: '2020-01-01',
    }),
    documentRow({
      group_id: ag.id,
      file_id: (await f('conv.pdf')).id,
      name: 'Convocation AG 2025',
      date: '2025-05-01',
      year: 2025,
      ag_kind: 'quote',
    }),
    documentRow({
      group_id: ag.id,
      file_id: (await f('pv.pdf')).id,
      name: 'PV AG 2025',
      date: '2025-06-20',
      year: 2025,
      ag_kind: 'record',
    }),
    documentRow({
      group_id: bank.id,
      file_id: (await f('rb-01.pdf')).id,
      name: 'Relevé janvier',
      date: '2026-01-31',
      year: 2026,
      month: 1,
    }),
    documentRow({
      group_id: bank.id,
      file_id: (await f('rb-02.pdf')).id,
      name: 'Relevé février',
      date: '2026-02-28',
      year: 2026,
      month: 2,
    }),
    documentRow({
      group_id: syndicGroup.id,
      file_id: (await f('carte.pdf')).id,
      name: 'Carte professionnelle',
      date: '2024-03-15',
    }),
  ]);

  const { invoice, ecriture } = await makeSupplierInvoices(app, { syndic, copro, lotA, lotB });

  const attachment = await makeFile(app, 'relance.pdf', 'application/pdf', PDF);
  const [postal, email, sms] = await db
    .insert(communications)
    .values([
      communicationRow({
        syndic_id: syndic.id,
        copropriete_id: copro.id,
        coproprietaire_id: owner.id,
        sending_method: 'postal',
        module: 'relance',
        recipient_info: {
          name: 'M. Paul Durand',
          sending_address: { address_1: '12 rue des Tilleuls', zip_code: '69003', city: 'Lyon' },
        },
        created_date: new Date('2026-03-01T09:00:00Z'),
      }),
      communicationRow({
        syndic_id: syndic.id,
        copropriete_id: copro.id,
        coproprietaire_id: owner.id,
        sending_method: 'email',
        module: 'convocation',
        recipient_info: { to_addresses: ['paul.durand@example.fr'] },
        subject: 'Convocation AG',
        html_body:
          '<p>Bonjour <b>Paul</b></p><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">lien</a>',
        created_date: new Date('2026-03-02T09:00:00Z'),
      }),
      communicationRow({
        syndic_id: syndic.id,
        copropriete_id: copro.id,
        coproprietaire_id: owner.id,
        sending_method: 'sms',
        module: 'courrier',
        recipient_info: { sending_phone: ['+33698765432'] },
        subject: 'Coupure d’eau',
        content: 'Coupure d’eau jeudi de 9h à 12h.',
        internal_executed_date: new Date('2026-03-03T09:04:00Z'),
        created_date: new Date('2026-03-03T09:00:00Z'),
      }),
    ])
    .returning();
  await db.insert(communicationAttachments).values(
    communicationAttachmentRow({
      communication_id: postal.id,
      file_id: attachment.id,
      name: 'Relance.pdf',
    }),
  );

  const previewToken = await makePreviewToken(db, syndic.id, owner.id);
  return {
    syndic,
    copro,
    otherCopro,
    owner,
    member,
    stranger,
    ownerUser,
    memberUser,
    strangerUser,
    lots: { lotA, lotB },
    invoice,
    ecriture,
    comms: { postal, email, sms },
    previewToken,
  };
}
