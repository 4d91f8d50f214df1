import { documentGroups, documents, documentTypes } from '../src/db/schema/index.js';
import { addDays, isoOf } from './clock.js';
import { newId, type SeedContext, type StoredFile, storeFile } from './context.js';
import { type CoproInfo, type OwnerInfo, ownerTantiemes } from './copro.js';
import type { BillInfo, FinanceInfo, LedgerEntry } from './finances.js';
import { euros, frDate, frLongDate, monthName } from './format.js';
import type { InvoicesResult } from './invoices.js';
import { type Block, renderPdf } from '../src/lib/pdf.js';
import type { SyndicInfo } from './syndics.js';
import { documentGroupRow, documentRow, documentTypeRow } from './builders/documents.js';

export const DOCUMENT_TYPES: [string, string][] = [
  ['APPEL_FONDS', 'Appels de fonds'],
  ['RELEVE_COMPTE', 'Relevés de compte'],
  ['DECOMPTE_CHARGES', 'Décomptes de charges'],
  ['CONVOCATION_AG', 'Convocations AG'],
  ['PV_AG', 'Procès-verbaux AG'],
  ['AUTRE', 'Autres'],
];

export function seedDocumentTypes(ctx: SeedContext) {
  ctx.rows.add(
    documentTypes,
    ...DOCUMENT_TYPES.map(([code, name], i) => documentTypeRow({ code, name, sort: i + 1 })),
  );
}

/** ascii slug for storage keys */
export const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Bank account of each demo syndicat des copropriétaires. */
const IBAN: Record<string, string> = {
  'Résidence Les Tilleuls': 'FR76 1027 8073 0000 0204 5670 145',
  'Le Clos Fleuri': 'FR76 1910 6000 1243 5187 6520 094',
};
const ibanOf = (copro: CoproInfo) => IBAN[copro.name] ?? IBAN['Résidence Les Tilleuls'];

const recipientOf = (o: OwnerInfo) => [o.postal.name, o.postal.street, `${o.postal.zip} ${o.postal.city}`];

/** The calls of funds of one date for an owner (fonctionnement + fonds de travaux, or works). */
interface OwnerCall {
  date: string;
  bills: BillInfo[];
  amount: number;
  name: string;
}

export function ownerCalls(fin: FinanceInfo, owner: OwnerInfo): OwnerCall[] {
  const byDate = new Map<string, BillInfo[]>();
  for (const b of fin.bills) byDate.set(b.date, [...(byDate.get(b.date) ?? []), b]);
  return [...byDate].map(([date, bs]) => {
    const f = bs.find((b) => b.type === 'fonctionnement');
    return {
      date,
      bills: bs,
      amount: bs.reduce((s, b) => s + fin.share(owner, b), 0),
      name: f ? f.name : `Appel de fonds travaux – ${bs[0].name}`,
    };
  });
}

function callPdf(ctx: SeedContext, copro: CoproInfo, owner: OwnerInfo, call: OwnerCall) {
  const lotIds = new Set(owner.lots.map((l) => l.id));
  const rows: string[][] = [];
  for (const b of call.bills) {
    for (const rep of copro.reps) {
      for (const lot of owner.lots) {
        const amount = b.lines
          .filter((l) => l.repId === rep.id && l.lotId === lot.id && lotIds.has(l.lotId))
          .reduce((s, l) => s + l.amount, 0);
        if (!amount) continue;
        rows.push([
          lot.name,
          b.type === 'fond_travaux' ? 'Fonds de travaux' : b.type === 'travaux' ? 'Travaux' : rep.name,
          `${rep.tantiemes.get(lot.id) ?? 0} / ${rep.total}`,
          euros(amount),
        ]);
      }
    }
  }
  const issued = addDays(call.date, -15);
  return renderPdf({
    issuer: copro.syndic.issuer,
    title: call.name,
    subtitle: `${copro.name} – ${copro.address.full_address} – compte copropriétaire ${owner.compte}`,
    recipient: recipientOf(owner),
    place: `${copro.syndic.city}, le ${frLongDate(issued)}`,
    blocks: [
      {
        p: `Madame, Monsieur, conformément au budget prévisionnel voté en assemblée générale, nous vous prions de bien vouloir régler la somme de ${euros(call.amount)}, exigible le ${frLongDate(call.date)}.`,
      },
      {
        table: {
          head: ['Lot', 'Clé de répartition', 'Tantièmes', 'Quote-part'],
          widths: [2.4, 2.6, 1.6, 1.6],
          align: ['l', 'l', 'r', 'r'],
          rows,
          total: ['Total à régler', '', '', euros(call.amount)],
        },
      },
      { h: 'Modes de règlement' },
      {
        p: `Par virement sur le compte du syndicat des copropriétaires (IBAN ${ibanOf(copro)}), en indiquant la référence ${owner.compte} ; par carte bancaire depuis votre extranet Tantième (bouton « \u00a0Payez\u00a0maintenant\u00a0 ») ; ou par chèque à l'ordre du « Syndicat des copropriétaires ${copro.name} ».`,
      },
      {
        p: call.bills.some((b) => b.type === 'fonctionnement')
          ? `Calcul : un quart du budget prévisionnel de chaque charge${call.bills.some((b) => b.type === 'fond_travaux') ? ' et de la cotisation au fonds de travaux' : ''}, réparti selon vos tantièmes.`
          : 'Calcul : montant voté en assemblée générale, réparti selon vos tantièmes de charges générales.',
      },
    ],
    footer: `${copro.syndic.name} – document émis pour le compte du syndicat des copropriétaires`,
    createdAt: ctx.clock.paris(issued, '09:00'),
  });
}

function statementPdf(
  ctx: SeedContext,
  copro: CoproInfo,
  owner: OwnerInfo,
  entries: LedgerEntry[],
  at: string,
) {
  let balance = 0;
  const rows = entries
    .filter((e) => e.date <= at)
    .map((e) => {
      balance += e.type === 'debit' ? e.amount : -e.amount;
      return [
        frDate(e.date),
        e.name,
        e.type === 'debit' ? euros(e.amount) : '',
        e.type === 'credit' ? euros(e.amount) : '',
        euros(balance),
      ];
    });
  const label =
    balance > 0
      ? `Solde débiteur de ${euros(balance)}`
      : balance < 0
        ? `Solde créditeur de ${euros(-balance)}`
        : 'Compte soldé';
  return {
    balance,
    pdf: renderPdf({
      issuer: copro.syndic.issuer,
      title: `Relevé de compte au ${frDate(at)}`,
      subtitle: `${copro.name} – compte copropriétaire ${owner.compte}`,
      recipient: recipientOf(owner),
      place: `${copro.syndic.city}, le ${frLongDate(addDays(at, 2))}`,
      blocks: [
        {
          table: {
            head: ['Date', 'Libellé', 'Débit', 'Crédit', 'Solde'],
            widths: [1.3, 4.4, 1.5, 1.5, 1.5],
            align: ['l', 'l', 'r', 'r', 'r'],
            rows,
            total: ['', label, '', '', euros(balance)],
          },
        },
        {
          p:
            balance > 0
              ? 'Nous vous remercions de bien vouloir régulariser votre situation dans les meilleurs délais. Si votre règlement a été effectué entre-temps, nous vous prions de ne pas tenir compte de ce relevé.'
              : 'Votre compte est à jour. Nous vous remercions de votre ponctualité.',
        },
      ],
      footer: `${copro.syndic.name} – relevé établi à partir de la comptabilité du syndicat`,
      createdAt: ctx.clock.paris(addDays(at, 2), '09:00'),
    }),
  };
}

function decomptePdf(
  ctx: SeedContext,
  copro: CoproInfo,
  fin: FinanceInfo,
  inv: InvoicesResult,
  owner: OwnerInfo,
  year: number,
) {
  let real = 0;
  let budgetShare = 0;
  const rows = fin.charges
    .filter((c) => c.def.type === 1 && ownerTantiemes(owner, c.rep) > 0)
    .map((c) => {
      const t = ownerTantiemes(owner, c.rep);
      const spent = inv.realised(c.id, year);
      const share = Math.round((spent * t) / c.rep.total);
      real += share;
      budgetShare += Math.round(((c.budgets.get(year) ?? 0) * t) / c.rep.total);
      return [`${c.def.code} ${c.def.name}`, c.rep.name, euros(spent), `${t} / ${c.rep.total}`, euros(share)];
    });
  // Provisions actually called that year, or the voted budget share for a year without calls here.
  const calls = fin.bills.filter((b) => b.type === 'fonctionnement' && b.year === year);
  const provisions = calls.length ? calls.reduce((sum, b) => sum + fin.share(owner, b), 0) : budgetShare;
  const diff = real - provisions;
  const date = isoOf(year + 1, 5, 20);
  return {
    date,
    amount: diff,
    pdf: renderPdf({
      issuer: copro.syndic.issuer,
      title: `Décompte individuel de charges – exercice ${year}`,
      subtitle: `${copro.name} – du 01/01/${year} au 31/12/${year} – compte ${owner.compte}`,
      recipient: recipientOf(owner),
      place: `${copro.syndic.city}, le ${frLongDate(date)}`,
      blocks: [
        {
          table: {
            head: ['Charge', 'Clé', 'Dépense totale', 'Tantièmes', 'Votre part'],
            widths: [3.6, 2.2, 1.8, 1.5, 1.6],
            align: ['l', 'l', 'r', 'r', 'r'],
            rows,
            total: ['Total de vos charges réelles', '', '', '', euros(real)],
          },
        },
        {
          kv: [
            ['Charges réelles', euros(real)],
            ['Provisions appelées', euros(provisions)],
            [
              diff >= 0 ? 'Régularisation à votre débit' : 'Régularisation à votre crédit',
              euros(Math.abs(diff)),
            ],
          ],
        },
        {
          p: `Les comptes de l'exercice ${year} sont soumis à l'approbation de l'assemblée générale. La régularisation sera portée sur votre compte après cette approbation. Les charges récupérables sur le locataire sont identifiées dans l'annexe comptable.`,
        },
      ],
      footer: `${copro.syndic.name} – décompte établi selon les clés de répartition du règlement de copropriété`,
      createdAt: ctx.clock.paris(date, '09:00'),
    }),
  };
}

function textPdf(
  ctx: SeedContext,
  issuer: SyndicInfo['issuer'],
  title: string,
  subtitle: string,
  date: string,
  blocks: Block[],
  footer?: string,
) {
  return renderPdf({
    issuer,
    title,
    subtitle,
    place: `${frLongDate(date)}`,
    blocks,
    footer: footer ?? `${issuer.name} – document de la copropriété`,
    createdAt: ctx.clock.paris(date, '09:00'),
  });
}

export interface OwnDocsOptions {
  /** Only calls from this date. */
  callsFrom?: string;
  statements: string[];
  decomptes: number[];
  ag?: { convocations: [StoredFile, string, string][]; pvs: [StoredFile, string, string][] };
  extras?: { name: string; date: string; blocks: Block[] }[];
}

/** "Mes documents" of a co-owner record, by document type. */
export async function seedOwnDocuments(
  ctx: SeedContext,
  copro: CoproInfo,
  fin: FinanceInfo,
  inv: InvoicesResult | null,
  ledger: LedgerEntry[],
  owner: OwnerInfo,
  opt: OwnDocsOptions,
): Promise<Map<string, StoredFile>> {
  const byName = new Map<string, StoredFile>();
  const base = `coproprietaires/${owner.id}`;
  const add = (type: string, name: string, date: string, file: StoredFile, amount?: number) => {
    byName.set(name, file);
    ctx.rows.add(
      documents,
      documentRow({
        coproprietaire_id: owner.id,
        type_code: type,
        file_id: file.id,
        name,
        date,
        year: Number(date.slice(0, 4)),
        month: Number(date.slice(5, 7)),
        amount_cents: amount === undefined ? null : Math.abs(amount),
        amount_type: amount === undefined ? null : amount >= 0 ? 'debit' : 'credit',
      }),
    );
  };
  const jobs: Promise<void>[] = [];
  for (const call of ownerCalls(fin, owner)) {
    if (opt.callsFrom && call.date < opt.callsFrom) continue;
    if (call.amount <= 0) continue;
    jobs.push(
      callPdf(ctx, copro, owner, call).then((pdf) => {
        const file = storeFile(
          ctx,
          `${base}/appels/${call.date}.pdf`,
          `${call.name}.pdf`,
          pdf,
          'application/pdf',
        );
        add('APPEL_FONDS', call.name, addDays(call.date, -15), file, call.amount);
      }),
    );
  }
  for (const at of opt.statements) {
    const s = statementPdf(ctx, copro, owner, ledger, at);
    jobs.push(
      s.pdf.then((pdf) => {
        const name = `Relevé de compte au ${frDate(at)}`;
        const file = storeFile(ctx, `${base}/releves/${at}.pdf`, `${name}.pdf`, pdf, 'application/pdf');
        add('RELEVE_COMPTE', name, addDays(at, 2), file, s.balance);
      }),
    );
  }
  if (inv)
    for (const year of opt.decomptes) {
      // The individual statement of a year is sent in May of the next year.
      if (isoOf(year + 1, 5, 20) > ctx.clock.today) continue;
      const d = decomptePdf(ctx, copro, fin, inv, owner, year);
      jobs.push(
        d.pdf.then((pdf) => {
          const name = `Décompte individuel de charges – exercice ${year}`;
          const file = storeFile(ctx, `${base}/decomptes/${year}.pdf`, `${name}.pdf`, pdf, 'application/pdf');
          add('DECOMPTE_CHARGES', name, d.date, file, d.amount);
        }),
      );
    }
  for (const [file, name, date] of opt.ag?.convocations ?? []) add('CONVOCATION_AG', name, date, file);
  for (const [file, name, date] of opt.ag?.pvs ?? []) add('PV_AG', name, date, file);
  for (const e of opt.extras ?? []) {
    const extra = { ...e, date: [e.date, ctx.clock.today].sort()[0] };
    jobs.push(
      textPdf(ctx, copro.syndic.issuer, extra.name, copro.name, extra.date, [
        { p: `${owner.postal.name},` },
        ...extra.blocks,
      ]).then((pdf) => {
        const file = storeFile(
          ctx,
          `${base}/autres/${slug(extra.name)}.pdf`,
          `${extra.name}.pdf`,
          pdf,
          'application/pdf',
        );
        add('AUTRE', extra.name, extra.date, file);
      }),
    );
  }
  await Promise.all(jobs);
  return byName;
}

interface GroupDoc {
  name: string;
  date: string;
  blocks: Block[];
}

async function seedGroup(
  ctx: SeedContext,
  o: {
    scope: 'copropriete' | 'syndic';
    coproId?: string;
    syndic: SyndicInfo;
    name: string;
    sort: number;
    number?: string;
    approve_date?: string;
    docs: GroupDoc[];
  },
): Promise<StoredFile[]> {
  const groupId = newId();
  ctx.rows.add(
    documentGroups,
    documentGroupRow({
      id: groupId,
      scope: o.scope,
      copropriete_id: o.coproId ?? null,
      syndic_id: o.scope === 'syndic' ? o.syndic.id : null,
      name: o.name,
      kind: 'default',
      number: o.number ?? null,
      approve_date: o.approve_date ?? null,
      sort: o.sort,
    }),
  );
  const base =
    o.scope === 'syndic' ? `syndics/${o.syndic.alias}/documents` : `coproprietes/${o.coproId}/documents`;
  return Promise.all(
    o.docs.map(async (doc) => {
      const d = { ...doc, date: [doc.date, ctx.clock.today].sort()[0] };
      const pdf = await textPdf(ctx, o.syndic.issuer, d.name, o.name, d.date, d.blocks);
      const file = storeFile(ctx, `${base}/${slug(d.name)}.pdf`, `${d.name}.pdf`, pdf, 'application/pdf');
      ctx.rows.add(
        documents,
        documentRow({
          group_id: groupId,
          file_id: file.id,
          name: d.name,
          date: d.date,
          year: Number(d.date.slice(0, 4)),
        }),
      );
      return file;
    }),
  );
}

/** Copropriété documents of Les Tilleuls: règlement, contracts, maintenance log, bank statements. */
export async function seedTilleulsGroups(ctx: SeedContext, copro: CoproInfo, fin: FinanceInfo) {
  const y = ctx.clock.year;
  const s = copro.syndic;
  const common = { scope: 'copropriete' as const, coproId: copro.id, syndic: s };
  const budget = (key: string) => euros(fin.charge(key).budgets.get(y) ?? 0);
  await Promise.all([
    seedGroup(ctx, {
      ...common,
      name: 'Règlement de copropriété',
      sort: 1,
      docs: [
        {
          name: 'Règlement de copropriété et état descriptif de division',
          date: '1974-03-18',
          blocks: [
            {
              p: 'Règlement de copropriété établi suivant acte reçu par Maître Henri Delorme, notaire à Lyon, le 18 mars 1974, publié au service de la publicité foncière de Lyon.',
            },
            { h: "Chapitre I – Désignation et division de l'immeuble" },
            {
              p: "L'ensemble immobilier situé 12 rue des Tilleuls à Lyon (3e arrondissement) comprend deux bâtiments A et B élevés sur sous-sol de quatre étages, une cour intérieure, des caves et des emplacements de stationnement. Il est divisé en 28 lots.",
            },
            { h: 'Chapitre II – Parties communes et parties privatives' },
            {
              p: 'Sont parties communes le sol, les gros murs, les façades, la toiture, les escaliers, les ascenseurs, la chaufferie et les canalisations collectives. Chaque lot comprend une partie privative et une quote-part des parties communes exprimée en dix-millièmes.',
            },
            { h: 'Chapitre III – Répartition des charges' },
            {
              p: "Les charges générales sont réparties en dix-millièmes. Les charges d'ascenseur sont réparties entre les seuls lots desservis, en millièmes, selon un coefficient d'étage. Les charges de chauffage collectif sont réparties en millièmes entre les appartements.",
            },
          ],
        },
        {
          name: 'Acte modificatif du règlement de copropriété (2011)',
          date: '2011-10-07',
          blocks: [
            {
              p: "Acte modificatif reçu le 7 octobre 2011 à la suite de la décision de l'assemblée générale du 14 juin 2011 : création des lots de stationnement P01 à P06 dans l'ancienne cour de service et mise à jour des tantièmes de charges générales.",
            },
          ],
        },
      ],
    }),
    seedGroup(ctx, {
      ...common,
      name: "Contrats d'entretien",
      sort: 2,
      docs: [
        {
          name: 'Contrat de maintenance des ascenseurs – Otis',
          date: isoOf(y - 3, 1, 1),
          blocks: [
            {
              p: `Contrat de maintenance des deux ascenseurs (appareils n° 69L1042 et 69L1043) : visites d'entretien toutes les six semaines, dépannage 7 jours sur 7, astreinte 24 h / 24. Budget annuel ${y} : ${budget('ascenseur')}.`,
            },
            {
              p: "Durée : cinq ans à compter du 1er janvier, résiliable par lettre recommandée trois mois avant l'échéance annuelle.",
            },
          ],
        },
        {
          name: "Contrat d'exploitation de chauffage P2 – Dalkia",
          date: isoOf(y - 2, 9, 1),
          blocks: [
            {
              p: `Conduite et entretien de la chaufferie collective au gaz naturel : réglages, contrôle de la combustion, ramonage annuel, relevés mensuels. Budget annuel ${y} : ${budget('chaudiere')}.`,
            },
          ],
        },
        {
          name: "Contrat d'entretien des parties communes – Nettoyage Rhône Services",
          date: isoOf(y - 1, 1, 1),
          blocks: [
            {
              p: `Nettoyage des halls, escaliers et paliers deux fois par semaine, vitrerie des parties communes une fois par mois, sortie et rentrée des conteneurs. Budget annuel ${y} : ${budget('nettoyage')}.`,
            },
          ],
        },
        {
          name: `Contrat d'assurance multirisque immeuble – attestation ${y}`,
          date: isoOf(y, 1, 5),
          blocks: [
            {
              p: `La Mutuelle Rhodanienne d'Assurances atteste que le syndicat des copropriétaires de la ${copro.name} est assuré au titre du contrat multirisque immeuble n° MRI 2019 08 4471 pour la période du 1er janvier au 31 décembre ${y} : incendie, dégâts des eaux, bris de glace, responsabilité civile du syndicat.`,
            },
          ],
        },
      ],
    }),
    // Not updated since: the décret 2019-502 checklist shows it 'à mettre à jour' (decision 55).
    seedGroup(ctx, {
      ...common,
      name: 'Fiche synthétique',
      sort: 3,
      docs: [
        {
          name: `Fiche synthétique de la copropriété – ${y - 2}`,
          date: isoOf(y - 2, 3, 1),
          blocks: [
            {
              p: "Établie par le syndic en application de l'article 8-2 de la loi du 10 juillet 1965, à partir des données transmises au registre national des copropriétés.",
            },
            {
              kv: [
                ['Immatriculation', 'AB1-234-567'],
                ['Période de construction', '1961 à 1974'],
                ['Lots principaux', 'Appartements et commerces'],
              ],
            },
          ],
        },
      ],
    }),
    seedGroup(ctx, {
      ...common,
      name: "Carnet d'entretien",
      sort: 3,
      docs: [
        {
          name: `Carnet d'entretien de l'immeuble – mise à jour ${y}`,
          date: isoOf(y, 7, 15),
          blocks: [
            {
              p: "Établi en application de l'article 18 de la loi du 10 juillet 1965 et du décret n° 2001-477 du 30 mai 2001.",
            },
            {
              kv: [
                ['Année de construction', '1974'],
                ['Toiture', "Réfection de l'étanchéité en 2016"],
                ['Chaufferie', 'Chaudière gaz à condensation remplacée en 2025'],
                ['Ascenseurs', 'Mise aux normes en 2018 (Otis)'],
                ['Façade sur rue', `Ravalement voté en ${y}`],
              ],
            },
          ],
        },
        {
          name: 'Diagnostic technique global (DTG)',
          date: isoOf(y - 3, 11, 8),
          blocks: [
            {
              p: "Le diagnostic technique global recommande, sur dix ans, le ravalement des façades, l'isolation des combles et le remplacement des colonnes d'eau. Le plan pluriannuel de travaux en découle.",
            },
          ],
        },
        {
          name: 'Dossier technique amiante des parties communes',
          date: '2013-04-22',
          blocks: [
            {
              p: "Repérage des matériaux et produits contenant de l'amiante : présence de dalles de sol vinyle-amiante dans le local poubelles du bâtiment B, en bon état de conservation. Contrôle visuel recommandé tous les trois ans.",
            },
          ],
        },
      ],
    }),
  ]);

  // Bank statements of the last twelve months.
  const groupId = newId();
  ctx.rows.add(
    documentGroups,
    documentGroupRow({
      id: groupId,
      scope: 'copropriete',
      copropriete_id: copro.id,
      name: 'Relevés bancaires',
      kind: 'BANK_STATEMENT',
      sort: 5,
    }),
  );
  const { rng } = ctx;
  let balance = 2_845_620;
  const [cy, cm, cd] = ctx.clock.today.split('-').map(Number);
  // A month's statement arrives two days after it ends.
  const lag = cd <= 2 ? 1 : 0;
  const months: { year: number; month: number }[] = [];
  for (let i = 12 + lag; i >= 1 + lag; i--) {
    const index = cy * 12 + (cm - 1) - i;
    months.push({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  }
  const payers = copro.owners.map((o) => o.name);
  await Promise.all(
    months.map(async ({ year, month }) => {
      const opening = balance;
      const ops: [string, string, number][] = [];
      const quarterMonth = month % 3 === 1;
      const n = quarterMonth ? 9 : 3;
      for (let k = 0; k < n; k++)
        ops.push([
          isoOf(year, month, Math.min(28, 3 + k * 3)),
          `VIR SEPA ${rng.pick(payers)}`,
          rng.int(15_000, 140_000),
        ]);
      ops.push([isoOf(year, month, 10), 'PRLV SEPA EDF ENTREPRISES', -rng.int(15_000, 24_000)]);
      ops.push([isoOf(year, month, 14), 'PRLV SEPA NETTOYAGE RHONE SERVICES', -rng.int(70_000, 85_000)]);
      if (month % 3 === 0)
        ops.push([isoOf(year, month, 27), 'VIR OTIS MAINTENANCE', -rng.int(95_000, 110_000)]);
      if ([1, 2, 3, 11, 12].includes(month))
        ops.push([isoOf(year, month, 22), 'PRLV SEPA ENGIE GAZ NATUREL', -rng.int(180_000, 260_000)]);
      ops.push([isoOf(year, month, 28), 'FRAIS TENUE DE COMPTE', -1_250]);
      ops.sort((a, b) => a[0].localeCompare(b[0]));
      const closing = opening + ops.reduce((s, o) => s + o[2], 0);
      balance = closing;
      const last = addDays(isoOf(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1), -1);
      const title = `Relevé bancaire – ${monthName(month)} ${year}`;
      const pdf = await renderPdf({
        issuer: {
          name: 'Banque Rhône-Alpes Coopérative',
          lines: ['Agence Lyon Part-Dieu – 45 rue de la Villette – 69003 Lyon'],
        },
        title,
        subtitle: `Syndicat des copropriétaires ${copro.name} – compte séparé n° 00020456701 – IBAN ${ibanOf(copro)}`,
        blocks: [
          {
            table: {
              head: ['Date', 'Opération', 'Débit', 'Crédit'],
              widths: [1.3, 5, 1.6, 1.6],
              align: ['l', 'l', 'r', 'r'],
              rows: [
                ['', `Solde au ${frDate(isoOf(year, month, 1))}`, '', euros(opening)],
                ...ops.map(([d, label, a]) => [
                  frDate(d),
                  label,
                  a < 0 ? euros(-a) : '',
                  a > 0 ? euros(a) : '',
                ]),
              ],
              total: ['', `Nouveau solde au ${frDate(last)}`, '', euros(closing)],
            },
          },
        ],
        footer: 'Banque Rhône-Alpes Coopérative – société coopérative de banque – ORIAS 07 012 345',
        createdAt: ctx.clock.paris(addDays(last, 2), '06:00'),
      });
      const file = storeFile(
        ctx,
        `coproprietes/${copro.id}/releves-bancaires/${year}-${String(month).padStart(2, '0')}.pdf`,
        `${title}.pdf`,
        pdf,
        'application/pdf',
      );
      ctx.rows.add(
        documents,
        documentRow({
          group_id: groupId,
          file_id: file.id,
          name: title,
          date: addDays(last, 2),
          year,
          month,
          amount_cents: Math.abs(closing),
          amount_type: closing >= 0 ? 'credit' : 'debit',
        }),
      );
    }),
  );
}

export async function seedClosFleuriGroups(ctx: SeedContext, copro: CoproInfo) {
  await seedGroup(ctx, {
    scope: 'copropriete',
    coproId: copro.id,
    syndic: copro.syndic,
    name: 'Règlement de copropriété',
    sort: 1,
    docs: [
      {
        name: 'Règlement de copropriété – Le Clos Fleuri',
        date: '1988-06-02',
        blocks: [
          {
            p: "Règlement de copropriété de l'immeuble situé 5 avenue des Mimosas à Nice, comprenant six appartements et deux garages, soit huit lots. Les charges générales sont réparties en millièmes.",
          },
          {
            p: "Le jardin d'agrément est une partie commune à jouissance collective ; son entretien est une charge générale.",
          },
        ],
      },
    ],
  });
}

/** Documents of the syndic itself (carte professionnelle, assurance, garantie, contrat type). */
export async function seedSyndicGroups(ctx: SeedContext, syndic: SyndicInfo) {
  const y = ctx.clock.year;
  const common = { scope: 'syndic' as const, syndic };
  await Promise.all([
    seedGroup(ctx, {
      ...common,
      name: 'Carte professionnelle',
      sort: 1,
      number: 'CPI 6901 2018 000 012 345',
      approve_date: isoOf(y - 2, 3, 15),
      docs: [
        {
          name: 'Carte professionnelle « Gestion immobilière » et « Syndic de copropriété »',
          date: isoOf(y - 2, 3, 15),
          blocks: [
            {
              p: `Carte professionnelle n° CPI 6901 2018 000 012 345 délivrée par la CCI Lyon Métropole Saint-Étienne Roanne au ${syndic.name}, renouvelée le ${frDate(isoOf(y - 2, 3, 15))} pour trois ans, mentions « Gestion immobilière » et « Syndic de copropriété » (loi n° 70-9 du 2 janvier 1970, dite loi Hoguet).`,
            },
          ],
        },
      ],
    }),
    seedGroup(ctx, {
      ...common,
      name: "Attestation d'assurance RCP",
      sort: 2,
      number: 'RCP-LEF-2026-0417',
      approve_date: isoOf(y, 1, 5),
      docs: [
        {
          name: `Attestation d'assurance responsabilité civile professionnelle ${y}`,
          date: isoOf(y, 1, 5),
          blocks: [
            {
              p: `La Mutuelle des Professions Immobilières atteste que le ${syndic.name} est titulaire d'un contrat d'assurance responsabilité civile professionnelle couvrant ses activités de gestion immobilière et de syndic de copropriété, du 1er janvier au 31 décembre ${y}, à hauteur de 1 500 000 € par sinistre.`,
            },
          ],
        },
      ],
    }),
    seedGroup(ctx, {
      ...common,
      name: 'Garantie financière',
      sort: 3,
      number: 'GF-69-004512',
      approve_date: isoOf(y, 1, 2),
      docs: [
        {
          name: `Attestation de garantie financière ${y}`,
          date: isoOf(y, 1, 2),
          blocks: [
            {
              p: `La Société de caution mutuelle du Rhône atteste accorder au ${syndic.name} une garantie financière de 2 400 000 € au titre de son activité de syndic de copropriété, pour l'année ${y}, en application de l'article 3 de la loi du 2 janvier 1970.`,
            },
          ],
        },
      ],
    }),
    seedGroup(ctx, {
      ...common,
      name: 'Contrat type de syndic',
      sort: 4,
      docs: [
        {
          name: 'Contrat type de syndic',
          date: isoOf(y - 1, 6, 1),
          blocks: [
            {
              p: 'Contrat de syndic conforme au contrat type défini par le décret n° 2015-342 du 26 mars 2015 modifié : prestations de gestion courante incluses dans le forfait, prestations particulières et leur tarification, modalités de rémunération.',
            },
            {
              p: "Fiche d'information sur le prix et les prestations proposées par le syndic, établie conformément à l'arrêté du 30 juillet 2021.",
            },
          ],
        },
      ],
    }),
  ]);
}
