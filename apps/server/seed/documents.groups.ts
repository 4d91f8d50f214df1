import { documentGroups, documents } from '../src/db/schema/index.js';
import { isoOf } from './clock.js';
import { newId, type SeedContext, type StoredFile, storeFile } from './context.js';
import type { CoproInfo } from './copro.js';
import { frDate } from './format.js';
import type { Block } from '../src/lib/pdf.js';
import type { SyndicInfo } from './syndics.js';
import { documentGroupRow, documentRow } from './builders/documents.js';
import { textPdf } from './documents.pdf.js';
import { slug } from './documents.js';

/** The document groups of the demo's other building and of the syndic itself. */

export interface GroupDoc {
  name: string;
  date: string;
  blocks: Block[];
}

export async function seedGroup(
  ctx: SeedContext,
  o: {
    scope: 'copropriete' | 'syndic';
    coproId?: string;
    syndic: SyndicInfo;
    name: string;
    sort: number;
    number?: string;
    approve_date?: string;
    /** 'council': a building's shelf for its conseil syndical only (décret 2019-502 art. 3). */
    audience?: 'all' | 'council';
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
      audience: o.audience ?? 'all',
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
              p: `La Mutuelle des Professions Immobilières atteste que le ${syndic.name} est titulaire d'un contrat d'assurance responsabilité civile professionnelle couvrant ses activités de gestion immobilière et de syndic de copropriété, du 1er janvier au 31 décembre ${y}, à hauteur de 1 500 000 € par sinistre.`,
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
              p: `La Société de caution mutuelle du Rhône atteste accorder au ${syndic.name} une garantie financière de 2 400 000 € au titre de son activité de syndic de copropriété, pour l'année ${y}, en application de l'article 3 de la loi du 2 janvier 1970.`,
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
