import { documentGroups, documents } from '../src/db/schema/index.js';
import { addDays, isoOf } from './clock.js';
import { newId, type SeedContext, storeFile } from './context.js';
import type { CoproInfo } from './copro.js';
import type { FinanceInfo } from './finances.js';
import { euros, frDate, monthName } from './format.js';
import { renderPdf } from '../src/lib/pdf.js';
import { documentGroupRow, documentRow } from './builders/documents.js';
import { seedGroup } from './documents.groups.js';
import { ibanOf } from './documents.pdf.js';

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
