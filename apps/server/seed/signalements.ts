import {
  notifications,
  signalementEvents,
  signalements,
  signalementSupporters,
} from '../src/db/schema/index.js';
import { SYSTEM_SENDER } from '../src/modules/notifications/notify.js';
import { councilNotice, linkTo } from '../src/modules/signalements/followers.js';
import { putImage, renderSizes } from '../src/platform/images.js';
import { addDays } from './clock.js';
import { newId, type SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';
import { PICTURES } from './signalements.pictures.js';
import {
  notificationRow,
  signalementEventRow,
  signalementRow,
  signalementSupporterRow,
} from './builders/inbox.js';

/** The reference of the carnet's works entry the broken lift's report is linked to. */
export const LIFT_WORKS_REF = (year: number) => `TRX-ASC-A-${year}`;
export const liftWorks = (year: number) => ({
  year,
  nature: "Remplacement de la carte de commande de l'ascenseur du bâtiment A",
  contractor: 'Otis – Agence Lyon Est',
  reference: LIFT_WORKS_REF(year),
});

/**
 * Signalements of Les Tilleuls in every state: the lift of building A (résolu, linked to the
 * carnet's works), a leak in the hall (planifié), the hall B door (nouveau, two 'moi aussi'), a
 * private one in Paul's cellar (pris en compte), and the parking lights (clos).
 */
export async function seedSignalements(ctx: SeedContext, copro: CoproInfo) {
  const { clock } = ctx;
  const syndicName = copro.syndic.name;
  const photos = async (id: string, kinds: (keyof typeof PICTURES)[]) => {
    const keys: string[] = [];
    for (const [i, kind] of kinds.entries()) {
      const key = `seed/signalements/${id}/original/${i + 1}.jpg`;
      const data = await PICTURES[kind]();
      ctx.writes.push(
        renderSizes(data, 'image/jpeg').then((s) => putImage(ctx.storage, key, 'image/jpeg', s)),
      );
      keys.push(key);
    }
    return keys;
  };
  const owner = (k: string) => copro.owner(k);
  type Ev = {
    days: number;
    time: string;
    kind: 'STATUS' | 'COMMENT';
    status?: string;
    planned_on?: string;
    text?: string;
    /** The syndic's note to itself: shown in the console only. */
    internal?: boolean;
  };
  const add = async (v: {
    title: string;
    place: string;
    lot?: string;
    description: string;
    visibility: 'IMMEUBLE' | 'PRIVE';
    author: string;
    filed: [number, string];
    status: string;
    planned_on?: string;
    pictures: (keyof typeof PICTURES)[];
    supporters: [string, number][];
    events: Ev[];
    works?: boolean;
    /** Given to the building's gestionnaire in the console, and the supplier who does the work. */
    assigned?: boolean;
    supplier?: string;
  }) => {
    const id = newId();
    const author = owner(v.author);
    const created = clock.daysAgo(v.filed[0], v.filed[1]);
    const last = v.events.at(-1);
    const updated = last ? clock.daysAgo(last.days, last.time) : created;
    ctx.rows.add(
      signalements,
      signalementRow({
        id,
        syndic_id: copro.syndic.id,
        copropriete_id: copro.id,
        author_id: author.id,
        title: v.title,
        place: v.place,
        lot_id: v.lot ? author.lots.find((l) => l.key === v.lot)?.id : null,
        description: v.description,
        visibility: v.visibility,
        status: v.status,
        planned_on: v.planned_on ?? null,
        photos: await photos(id, v.pictures),
        supporters: v.supporters.length,
        carnet_travaux_ref: v.works ? LIFT_WORKS_REF(clock.year) : null,
        carnet_travaux_label: v.works
          ? `${liftWorks(clock.year).nature} (${clock.year}, ${liftWorks(clock.year).contractor})`
          : null,
        assignee_id: v.assigned ? copro.syndic.gestionnaire.id : null,
        supplier: v.supplier ?? null,
        created_at: created,
        updated_at: updated,
      }),
    );
    for (const [k, days] of v.supporters)
      ctx.rows.add(
        signalementSupporters,
        signalementSupporterRow({
          signalement_id: id,
          coproprietaire_id: owner(k).id,
          created_at: clock.daysAgo(days, '19:30'),
        }),
      );
    for (const e of v.events)
      ctx.rows.add(
        signalementEvents,
        signalementEventRow({
          signalement_id: id,
          kind: e.kind,
          status: e.status ?? null,
          planned_on: e.planned_on ?? null,
          text: e.text ?? null,
          by: 'syndic',
          author_name: e.internal ? copro.syndic.gestionnaire.display_name : syndicName,
          internal: e.internal ?? false,
          created_at: clock.daysAgo(e.days, e.time),
        }),
      );
    return { id, author, created };
  };

  await add({
    title: "L'ascenseur du bâtiment A est bloqué au 3e étage",
    place: 'ASCENSEUR',
    description:
      "Depuis ce matin, l'ascenseur du bâtiment A reste bloqué au 3e étage, portes ouvertes. Le voyant rouge du tableau de commande clignote.",
    visibility: 'IMMEUBLE',
    author: 'lambert',
    filed: [41, '08:12'],
    status: 'RESOLU',
    pictures: ['lift'],
    supporters: [
      ['claire', 41],
      ['paul', 40],
    ],
    works: true,
    assigned: true,
    supplier: 'Otis – Agence Lyon Est',
    events: [
      {
        days: 41,
        time: '10:05',
        kind: 'STATUS',
        status: 'PRIS_EN_COMPTE',
        text: "Otis est prévenu, un technicien passe aujourd'hui.",
      },
      {
        days: 40,
        time: '16:40',
        kind: 'COMMENT',
        text: 'La carte de commande est hors service ; la pièce est commandée.',
      },
      {
        days: 39,
        time: '09:15',
        kind: 'STATUS',
        status: 'PLANIFIE',
        planned_on: addDays(clock.iso(clock.daysAgo(39)), 6),
      },
      {
        days: 33,
        time: '17:20',
        kind: 'STATUS',
        status: 'RESOLU',
        text: "Carte remplacée, l'ascenseur est remis en service.",
      },
    ],
  });
  const leakDay = addDays(clock.today, 6);
  await add({
    title: 'Fuite au plafond du hall',
    place: 'HALL',
    description:
      "Une tache d'eau s'étend au plafond du hall du bâtiment A, près des boîtes aux lettres ; des gouttes tombent quand il pleut.",
    visibility: 'IMMEUBLE',
    author: 'claire',
    filed: [9, '18:45'],
    status: 'PLANIFIE',
    planned_on: leakDay,
    pictures: ['ceiling', 'stain'],
    supporters: [['paul', 8]],
    assigned: true,
    supplier: 'Plomberie Bernard & Fils',
    events: [
      { days: 8, time: '09:30', kind: 'STATUS', status: 'PRIS_EN_COMPTE' },
      {
        days: 7,
        time: '11:45',
        kind: 'COMMENT',
        internal: true,
        text: 'Devis de 480,00\u202f€ TTC reçu de Plomberie Bernard & Fils\u202f; accord du président du conseil syndical par téléphone.',
      },
      {
        days: 6,
        time: '14:10',
        kind: 'COMMENT',
        text: "Le plombier a trouvé l'origine : un joint de la colonne d'eaux pluviales.",
      },
      {
        days: 5,
        time: '11:00',
        kind: 'STATUS',
        status: 'PLANIFIE',
        planned_on: leakDay,
        text: 'Réparation de la colonne et reprise du plafond.',
      },
    ],
  });
  const door = await add({
    title: 'La porte du hall B ne ferme plus',
    place: 'HALL',
    description:
      "La porte d'entrée du bâtiment B ne se referme plus seule : la ventouse ne retient plus la porte.",
    visibility: 'IMMEUBLE',
    author: 'fontaine',
    filed: [2, '07:50'],
    status: 'NOUVEAU',
    pictures: ['door'],
    supporters: [
      ['paul', 2],
      ['rousseau', 1],
    ],
    events: [],
  });
  // The council was told of it when it was filed (decision 152), and has read it.
  for (const member of copro.owners.filter((o) => o.def.council && o.def.user && o.id !== door.author.id))
    ctx.rows.add(
      notifications,
      notificationRow({
        user_id: member.def.user?.id,
        coproprietaire_id: member.id,
        type: 'SIGNALEMENT',
        ...councilNotice(
          { title: 'La porte du hall B ne ferme plus', place: 'HALL' },
          door.author.display_name,
        ),
        sender: SYSTEM_SENDER,
        data: { url: linkTo(door.id) },
        is_read: true,
        event_action_date: door.created,
        created_date: door.created,
      }),
    );
  await add({
    title: 'Infiltration dans ma cave',
    place: 'LOT',
    lot: 'C05',
    description:
      "Le mur du fond de ma cave est humide et le salpêtre apparaît depuis les fortes pluies d'octobre.",
    visibility: 'PRIVE',
    author: 'paul',
    filed: [15, '20:05'],
    status: 'PRIS_EN_COMPTE',
    pictures: ['stain'],
    supporters: [],
    events: [
      {
        days: 13,
        time: '10:20',
        kind: 'STATUS',
        status: 'PRIS_EN_COMPTE',
        text: "Un diagnostic d'humidité sera demandé à l'entreprise d'étanchéité.",
      },
    ],
  });
  await add({
    title: 'Éclairage du parking en panne',
    place: 'PARKING',
    description: "Les néons du niveau −1 du parking ne s'allument plus.",
    visibility: 'IMMEUBLE',
    author: 'claire',
    filed: [70, '21:10'],
    status: 'CLOS',
    pictures: [],
    supporters: [],
    events: [
      { days: 69, time: '09:00', kind: 'STATUS', status: 'PRIS_EN_COMPTE' },
      {
        days: 64,
        time: '15:30',
        kind: 'STATUS',
        status: 'RESOLU',
        text: 'Trois tubes et un ballast remplacés.',
      },
      { days: 50, time: '09:00', kind: 'STATUS', status: 'CLOS' },
    ],
  });
}
