import { notifications } from '../src/db/schema/index.js';
import { SYSTEM_SENDER } from '../src/modules/notifications/notify.js';
import { councilNotice, linkTo } from '../src/modules/signalements/followers.js';
import { addDays } from './clock.js';
import type { SeedContext } from './context.js';
import type { CoproInfo } from './copro.js';
import { signalementAdder } from './signalements.add.js';
import { notificationRow } from './builders/inbox.js';

/**
 * Signalements of Les Tilleuls in every state: the lift of building A (résolu, linked to the
 * carnet's works), a leak in the hall (planifié), the hall B door (nouveau, two 'moi aussi'), a
 * private one in Paul's cellar (pris en compte), and the parking lights (clos).
 */
export async function seedSignalements(ctx: SeedContext, copro: CoproInfo) {
  const { clock } = ctx;
  const _syndicName = copro.syndic.name;
  const _owner = (k: string) => copro.owner(k);
  const add = signalementAdder(ctx, copro);
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
