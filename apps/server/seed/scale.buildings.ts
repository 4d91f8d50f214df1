import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { ATTACHED, FIRST_YEAR, id, int, type ScaleOptions, type Step, YEARS } from './scale.kit.js';

/**
 * The scale data's small tables, in one transaction: syndics and their people, copropriétés,
 * users, records, lots and shares, charges, years, budgets, supplier and charge invoices, calls.
 */
export async function seedScaleBuildings(db: Db, step: Step, o: ScaleOptions, coproOf: SQL) {
  const C = o.coproprietes;
  const O = o.coproprietaires;
  const S = Math.max(1, Math.ceil(C / 200));
  await db.transaction(async (tx) => {
    await step(
      tx,
      'syndics',
      sql`insert into syndics (id, name, alias, use_synple, address, email, phone)
      select ${id('syndic', sql`s`)}, 'Cabinet Gestion ' || s, 'scale-' || s, true,
        jsonb_build_object('street1', s || ' rue de la République', 'zip_code', '69002', 'city', 'Lyon'),
        'contact' || s || '@scale.tantieme.test', '+3347200' || lpad(s::text, 4, '0')
      from generate_series(1, ${int(S)}) s`,
    );
    await step(
      tx,
      'syndic_contacts',
      sql`insert into syndic_contacts (id, syndic_id, first_name, last_name, email, tel_fixed, sort)
      select ${id('syndic-contact', sql`s * 10 + k`)}, ${id('syndic', sql`s`)},
        (array['Claire','Julien','Sophie'])[k], (array['Martin','Bernard','Dubois'])[k],
        'gestion' || s || '-' || k || '@scale.tantieme.test', '+3347210' || lpad((s * 10 + k)::text, 4, '0'), k
      from generate_series(1, ${int(S)}) s, generate_series(1, 3) k`,
    );
    await step(
      tx,
      'administrators',
      sql`insert into administrators (id, syndic_id, first_name, last_name, display_name, role, phones, emails)
      select ${id('admin', sql`s * 100 + k`)}, ${id('syndic', sql`s`)}, 'Gestionnaire', 'N° ' || k,
        'Gestionnaire N° ' || k, 'gestionnaire',
        jsonb_build_array(jsonb_build_object('value', '+3347220' || lpad((s * 100 + k)::text, 4, '0'), 'type', 'fixed')),
        jsonb_build_array(jsonb_build_object('value', 'g' || s || '-' || k || '@scale.tantieme.test'))
      from generate_series(1, ${int(S)}) s, generate_series(1, 10) k`,
    );
    await step(
      tx,
      'coproprietes',
      // Every menu on, like a syndic that opened the whole extranet (the benchmark reads each list).
      sql`insert into coproprietes (id, syndic_id, name, address, alur_cents, avance_cents, settings)
      select ${id('copro', sql`c`)}, ${id('syndic', sql`((c - 1) % ${int(S)}) + 1`)},
        'Résidence ' || (array['Les Tilleuls','Le Clos Fleuri','Horizon','Les Platanes','Le Belvédère'])[1 + c % 5] || ' ' || c,
        jsonb_build_object('full_address', c || ' avenue Jean Jaurès, 69007 Lyon', 'city', 'Lyon', 'zip_code', '69007'),
        100000 + (c % 97) * 1000, 50000 + (c % 13) * 1000,
        jsonb_build_object('show_invoice', '1', 'show_invoice_scope', '1', 'show_invoice_status', '1',
          'show_invoice_status_scope', '1', 'show_copro_document', '1', 'show_copro_document_scope', '1',
          'show_syndic_document', '1', 'show_syndic_document_scope', '1', 'show_releves_bancaires', '1',
          'show_releves_bancaires_scope', '1', 'show_assemblee_function', true)
      from generate_series(1, ${int(C)}) c`,
    );
    await step(
      tx,
      'copropriete_administrators',
      sql`insert into copropriete_administrators (copropriete_id, administrator_id)
      select ${id('copro', sql`c`)}, ${id('admin', sql`(((c - 1) % ${int(S)}) + 1) * 100 + 1 + (c + k) % 10`)}
      from generate_series(1, ${int(C)}) c, generate_series(0, 1) k`,
    );
    await step(
      tx,
      'verification_status',
      sql`insert into verification_status (copropriete_id, syndic_submit, syndicat_finish)
      select ${id('copro', sql`c`)}, c % 2, 0 from generate_series(1, ${int(C)}) c`,
    );
    await step(
      tx,
      'users',
      sql`insert into users (id, email, phone, first_name, last_name)
      select ${id('user', sql`n`)}, 'coproprietaire' || n || '@scale.tantieme.test',
        '+3377' || lpad(n::text, 8, '0'),
        (array['Marie','Pierre','Nathalie','Jean','Isabelle','Paul','Catherine','Michel'])[1 + n % 8],
        (array['Durand','Lefebvre','Moreau','Laurent','Simon','Michel','Garcia','Roux'])[1 + (n / 8) % 8]
      from generate_series(1, ${int(O)}) n where ${ATTACHED}`,
    );
    await step(
      tx,
      'coproprietaires',
      sql`insert into coproprietaires (id, copropriete_id, user_id, name, display_name, unique_code,
        is_member_syndicat, is_president, init_settings_done, attached_at)
      select ${id('owner', sql`n`)}, ${id('copro', coproOf)},
        case when ${ATTACHED} then ${id('user', sql`n`)} end,
        'Copropriétaire ' || n, 'M. ou Mme Copropriétaire ' || n, 'S' || lpad(n::text, 8, '0'),
        n % 17 = 0, n % 50 = 1, true, case when ${ATTACHED} then timestamptz '2024-01-15' end
      from generate_series(1, ${int(O)}) n`,
    );
    // Lots: an apartment each, a cellar for one in two, a parking space for one in five.
    const lotKinds = sql`(values (1, 'Appartement', 'Appartement'), (2, 'Cave', 'Cave'), (3, 'Parking', 'Parking')) k(k, name, type)`;
    const hasLot = sql`(k = 1 or (k = 2 and n % 2 = 0) or (k = 3 and n % 5 = 0))`;
    await step(
      tx,
      'lots',
      sql`insert into lots (id, copropriete_id, lot_id, name, type_name)
      select ${id('lot', sql`n * 10 + k`)}, ${id('copro', coproOf)}, n || '-' || k, k.name || ' ' || n, k.type
      from generate_series(1, ${int(O)}) n, ${lotKinds} where ${hasLot}`,
    );
    await step(
      tx,
      'coproprietaire_lots',
      sql`insert into coproprietaire_lots (coproprietaire_id, lot_id)
      select ${id('owner', sql`n`)}, ${id('lot', sql`n * 10 + k`)}
      from generate_series(1, ${int(O)}) n, ${lotKinds} where ${hasLot}`,
    );
    const reps = sql`(values (1, '01', 'Charges générales'), (2, '02', 'Ascenseur'), (3, '03', 'Chauffage'), (4, '04', 'Eau froide')) r(r, code, name)`;
    await step(
      tx,
      'repartitions',
      sql`insert into repartitions (id, copropriete_id, code, name, total_tantieme)
      select ${id('rep', sql`c * 10 + r`)}, ${id('copro', sql`c`)}, r.code, r.name, 0
      from generate_series(1, ${int(C)}) c, ${reps}`,
    );
    // Apartments in every key, cellars and parking spaces in the general charges only.
    await step(
      tx,
      'lot_tantiemes',
      sql`insert into lot_tantiemes (lot_id, repartition_id, tantieme)
      select ${id('lot', sql`n * 10 + k`)}, ${id('rep', sql`${coproOf} * 10 + r`)},
        case when k = 1 then 80 + (n * 7 + r) % 120 else 5 + n % 11 end
      from generate_series(1, ${int(O)}) n, ${lotKinds}, generate_series(1, 4) r
      where ${hasLot} and (k = 1 or r = 1)`,
    );
    await step(
      tx,
      'repartitions (totaux)',
      sql`update repartitions r set total_tantieme = t.total
      from (select repartition_id, sum(tantieme)::int as total from lot_tantiemes group by repartition_id) t
      where t.repartition_id = r.id and r.id in (select ${id('rep', sql`c * 10 + r`)}
        from generate_series(1, ${int(C)}) c, generate_series(1, 4) r)`,
    );
    await step(
      tx,
      'charges',
      sql`insert into charges (id, copropriete_id, repartition_id, code, name, charge_type)
      select ${id('charge', sql`c * 100 + r * 10 + h`)}, ${id('copro', sql`c`)}, ${id('rep', sql`c * 10 + r`)},
        '6' || r || h, (array['Entretien','Électricité','Assurance'])[h] || ' – ' || (array['général','ascenseur','chauffage','eau'])[r],
        case when r = 1 and h = 3 then 2 else 1 end
      from generate_series(1, ${int(C)}) c, generate_series(1, 4) r, generate_series(1, 3) h`,
    );
    await step(
      tx,
      'financial_years',
      sql`insert into financial_years (id, copropriete_id, year, couple, start_date, end_date, closed)
      select ${id('fy', sql`c * 10 + y`)}, ${id('copro', sql`c`)}, ${int(FIRST_YEAR - 1)} + y, (${int(FIRST_YEAR - 1)} + y)::text,
        make_date(${int(FIRST_YEAR - 1)} + y, 1, 1), make_date(${int(FIRST_YEAR - 1)} + y, 12, 31), y < ${int(YEARS)}
      from generate_series(1, ${int(C)}) c, generate_series(1, ${int(YEARS)}) y`,
    );
    await step(
      tx,
      'budgets',
      sql`insert into budgets (id, financial_year_id, charge_id, amount_cents)
      select ${id('budget', sql`(c * 100 + r * 10 + h) * 10 + y`)}, ${id('fy', sql`c * 10 + y`)},
        ${id('charge', sql`c * 100 + r * 10 + h`)}, 200000 + ((c * 31 + r * 7 + h * 3 + y) % 50) * 10000
      from generate_series(1, ${int(C)}) c, generate_series(1, 4) r, generate_series(1, 3) h, generate_series(1, ${int(YEARS)}) y`,
    );
    const invoices = sql`generate_series(1, ${int(C)}) c, generate_series(1, ${int(YEARS)}) y, generate_series(1, ${int(o.invoicesPerYear)}) i`;
    const invoiceNo = sql`(c::bigint * 10 + y) * 1000 + i`;
    await step(
      tx,
      'supplier_invoices',
      sql`insert into supplier_invoices (id, syndic_id, copropriete_id, invoice_date, amount_cents, fournisseur_name, number, status)
      select ${id('sinv', invoiceNo)}, ${id('syndic', sql`((c - 1) % ${int(S)}) + 1`)}, ${id('copro', sql`c`)},
        make_date(${int(FIRST_YEAR - 1)} + y, 1 + (i - 1) % 12, 1 + (i * 3) % 28), 5000 + ((c + i * 13) % 200) * 500,
        (array['Otis','EDF','Veolia','Axa','Nettoyage Services'])[1 + i % 5], 'F' || ${invoiceNo}, 1 + i % 7
      from ${invoices}`,
    );
    await step(
      tx,
      'charge_invoices',
      sql`insert into charge_invoices (id, charge_id, financial_year_id, supplier_invoice_id, ecriture_description,
        description, amount_cents, date, verification_syndic, verification_syndicat, created_date)
      select ${id('cinv', invoiceNo)}, ${id('charge', sql`c * 100 + (1 + (i - 1) % 4) * 10 + 1 + (i - 1) / 4 % 3`)},
        ${id('fy', sql`c * 10 + y`)}, ${id('sinv', invoiceNo)}, 'Facture ' || (array['Otis','EDF','Veolia','Axa','Nettoyage Services'])[1 + i % 5],
        null, 5000 + ((c + i * 13) % 200) * 500, make_date(${int(FIRST_YEAR - 1)} + y, 1 + (i - 1) % 12, 1 + (i * 3) % 28),
        i % 2, 0, make_timestamptz(${int(FIRST_YEAR - 1)} + y, 1 + (i - 1) % 12, 1 + (i * 3) % 28, 9, 0, 0)
      from ${invoices}`,
    );
    // Quarterly fund calls: bill q (1…20) of copropriété c.
    await step(
      tx,
      'bills',
      sql`insert into bills (id, copropriete_id, financial_year_id, name, date, bill_type, total_cents)
      select ${id('bill', sql`c * 100 + q`)}, ${id('copro', sql`c`)}, ${id('fy', sql`c * 10 + (q - 1) / 4 + 1`)},
        'Appel de fonds T' || (1 + (q - 1) % 4) || ' ' || (${int(FIRST_YEAR)} + (q - 1) / 4),
        make_date(${int(FIRST_YEAR)} + (q - 1) / 4, 1 + ((q - 1) % 4) * 3, 1), 'fonctionnement', 2500000
      from generate_series(1, ${int(C)}) c, generate_series(1, ${int(YEARS * 4)}) q`,
    );
  });
}
