import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import {
  administrators,
  coproprieteAdministrators,
  coproprietaireLots,
  lots,
  lotTantiemes,
  previewTokens,
  repartitions,
  syndicContacts,
  verificationStatus,
} from '../db/schema/index.js';
import { sha256 } from '../lib/crypto.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser, makeSyndic } from './factories.js';
import { makeDashboardAccounts } from './factories.synthese.accounts.js';
import {
  administratorRow,
  coproprieteAdministratorRow,
  previewTokenRow,
  syndicContactRow,
} from '../../seed/builders/identity.js';
import { verificationStatusRow } from '../../seed/builders/finances.js';
import { coproprietaireLotRow, lotTantiemeRow, repartitionRow } from '../../seed/builders/copro.js';
import { lotRow } from '../../seed/builders/rows.js';

/** A read-only syndic preview token for one record (returns the clear token). */
export async function makePreviewToken(db: Db, syndicId: string, coproprietaireId: string) {
  const token = `PREVIEW-${randomBytes(6).toString('hex')}`;
  await db.insert(previewTokens).values(
    previewTokenRow({
      token_hash: sha256(token),
      syndic_id: syndicId,
      coproprietaire_id: coproprietaireId,
      expires_at: new Date(Date.now() + 3600_000),
    }),
  );
  return token;
}

/**
 * A copropriété with a complete dashboard: syndic with logo key and contacts, an administrator,
 * two repartitions, a member holding lots 'Lot 10', 'Lot 2' and 'Cave 3' (no type), two financial
 * years with budgets, invoices and ledger lines.
 *
 * Charges générales total 10 000 tantièmes, the member holds 300 + 200 + 0 = 500 (5 %).
 * Ascenseur total 1 000, the member holds 100 (10 %) through 'Lot 10' only.
 */
export async function makeDashboard(db: Db, opts: { member?: boolean; submit?: number } = {}) {
  const syndic = await makeSyndic(db, {
    name: 'Cabinet Lefèvre',
    logo_url: 'syndics/lefevre/logo.png',
    address: { street1: '12 rue Nationale', zip_code: '37000', city: 'Tours' },
    email: 'contact@lefevre.example.fr',
    phone: '02 47 00 00 00',
  });
  const copro = await makeCopropriete(db, {
    syndic_id: syndic.id,
    alur_cents: 1_234_500,
    avance_cents: 250_000,
  });
  await db.insert(syndicContacts).values([
    syndicContactRow({
      syndic_id: syndic.id,
      first_name: 'Zoé',
      last_name: 'Accueil',
      email: 'z@l.fr',
      tel_fixed: '0247',
      sort: 2,
    }),
    syndicContactRow({
      syndic_id: syndic.id,
      first_name: 'Marc',
      last_name: 'Lefèvre',
      tel_mobile: '0612',
      sort: 1,
    }),
  ]);
  const [admin] = await db
    .insert(administrators)
    .values(
      administratorRow({
        syndic_id: syndic.id,
        first_name: 'Julie',
        last_name: 'Bernard',
        display_name: '',
        phones: [
          { value: '06 11 22 33 44', type: 'mobile' },
          { value: '02 47 11 22 33', type: 'fixed' },
        ],
        emails: [{ value: 'julie.bernard@lefevre.example.fr' }],
      }),
    )
    .returning();
  // An administrator of the syndic who does not manage this copropriété.
  await db
    .insert(administrators)
    .values(administratorRow({ syndic_id: syndic.id, first_name: 'Autre', last_name: 'Gestionnaire' }));
  await db
    .insert(coproprieteAdministrators)
    .values(coproprieteAdministratorRow({ copropriete_id: copro.id, administrator_id: admin.id }));

  const owner = await makeSignedInUser(db);
  const record = await makeCoproprietaire(db, {
    copropriete_id: copro.id,
    user_id: owner.user.id,
    is_member_syndicat: opts.member ?? true,
    attached_at: new Date(),
  });
  if (opts.submit !== undefined)
    await db
      .insert(verificationStatus)
      .values(verificationStatusRow({ copropriete_id: copro.id, syndic_submit: opts.submit }));

  const [gen, asc] = await db
    .insert(repartitions)
    .values([
      repartitionRow({
        copropriete_id: copro.id,
        code: '01',
        name: 'Charges générales',
        total_tantieme: 10_000,
      }),
      repartitionRow({ copropriete_id: copro.id, code: '02', name: 'Ascenseur', total_tantieme: 1_000 }),
    ])
    .returning();
  // A repartition the member has no tantièmes in.
  const [parking] = await db
    .insert(repartitions)
    .values(repartitionRow({ copropriete_id: copro.id, code: '03', name: 'Parking', total_tantieme: 100 }))
    .returning();
  const lotRows = await db
    .insert(lots)
    .values([
      lotRow({ copropriete_id: copro.id, lot_id: '10', name: 'Lot 10', type_name: 'Appartement' }),
      lotRow({ copropriete_id: copro.id, lot_id: '2', name: 'Lot 2', type_name: 'Appartement' }),
      lotRow({ copropriete_id: copro.id, lot_id: '3', name: 'Cave 3', type_name: '' }),
    ])
    .returning();
  const [lot10, lot2, cave3] = lotRows;
  await db
    .insert(coproprietaireLots)
    .values(lotRows.map((l) => coproprietaireLotRow({ coproprietaire_id: record.id, lot_id: l.id })));
  await db
    .insert(lotTantiemes)
    .values([
      lotTantiemeRow({ lot_id: lot10.id, repartition_id: gen.id, tantieme: 300 }),
      lotTantiemeRow({ lot_id: lot10.id, repartition_id: asc.id, tantieme: 100 }),
      lotTantiemeRow({ lot_id: lot2.id, repartition_id: gen.id, tantieme: 200 }),
    ]);
  // A lot of someone else in the same building.
  const [otherLot] = await db
    .insert(lots)
    .values(lotRow({ copropriete_id: copro.id, lot_id: '99', name: 'Lot 99' }))
    .returning();
  await db
    .insert(lotTantiemes)
    .values(lotTantiemeRow({ lot_id: otherLot.id, repartition_id: parking.id, tantieme: 10 }));

  const { y2024, y2025 } = await makeDashboardAccounts(db, { copro, record, gen, asc });
  return {
    syndic,
    copro,
    owner,
    record,
    lots: { lot10, lot2, cave3, otherLot },
    years: { y2024, y2025 },
    admin,
  };
}
