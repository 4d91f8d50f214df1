import { messages } from '../src/db/schema/index.js';
import { addDays } from './clock.js';
import type { SeedContext, StoredFile } from './context.js';
import type { OwnerInfo } from './copro.js';
import { frDate, frLongDate, frWeekday } from './format.js';
import { messageRow } from './builders/inbox.js';
import { daysAgoOf, type InboxScene } from './inbox.scene.js';

interface MsgDef {
  d: number;
  t: string;
  title: string;
  body: string;
  read: boolean;
  files?: StoredFile[];
}

/** The syndic's messages to Claire and Paul, with their attachments. */
export function seedMessages(ctx: SeedContext, scene: InboxScene) {
  const { i, clock, garnier, claireT, paulT, ag, scaffold, closed } = scene;
  const sign = '\n\nCordialement,\nSophie Garnier\nGestionnaire de copropriété – Cabinet Lefèvre Immobilier';
  const works: MsgDef = {
    d: 0,
    t: '08:11',
    title: 'Échafaudages – accès au local poubelles',
    body: `Madame, Monsieur,\n\nÀ la suite de plusieurs signalements, l'entreprise Façades Lyonnaises dégagera dès demain un passage d'un mètre devant le local poubelles. Merci de ne pas déposer de sacs au pied de l'échafaudage.${sign}`,
    read: false,
  };
  const convoc: MsgDef = {
    d: 3,
    t: '10:20',
    title: `Convocation à l'assemblée générale du ${frDate(i.nextAg.date)}`,
    body: `Madame, Monsieur,\n\nVous trouverez ci-joint la convocation à l'assemblée générale ordinaire du ${ag} à 18 h 30. Le vote par correspondance en ligne est ouvert jusqu'au ${frDate(i.nextAg.voteUntil)}.${sign}`,
    read: false,
    files: [i.nextAg.convocation],
  };
  const claireMsgs: MsgDef[] = [
    works,
    {
      d: 2,
      t: '06:31',
      title: 'Relevé bancaire disponible',
      body: 'Le relevé du compte bancaire séparé du syndicat pour le mois écoulé est disponible dans « Ceux de la copropriété ».',
      read: false,
    },
    convoc,
    {
      d: 5,
      t: '15:40',
      title: `Vérification des comptes ${clock.year} : pièces disponibles`,
      body: `Madame la Présidente,\n\nLes comptes de l'exercice ${clock.year} et les pièces justificatives sont en ligne dans la rubrique « Vérification des comptes ». Je reste à la disposition du conseil syndical pour un point au cabinet.${sign}`,
      read: false,
    },
    {
      d: 9,
      t: '11:00',
      title: 'Passage du ramoneur',
      body: `Madame, Monsieur,\n\nLe ramonage annuel aura lieu la semaine prochaine. Merci de laisser un accès à votre logement ou de confier vos clés à un voisin.${sign}`,
      read: true,
    },
    {
      d: 13,
      t: '17:10',
      title: 'Compte rendu de la réunion du conseil syndical',
      body: `Madame la Présidente,\n\nVeuillez trouver le compte rendu de la réunion du conseil syndical : suivi du chantier de ravalement, préparation de l'assemblée générale, renouvellement du contrat de nettoyage.${sign}`,
      read: true,
    },
    {
      d: 20,
      t: '10:16',
      title: 'Relance amiable – appels de fonds impayés',
      body: `Madame,\n\nSauf erreur de notre part, votre compte présente des appels de fonds impayés. Vous pouvez les régler par carte bancaire depuis votre extranet, rubrique « Situation de compte ».${sign}`,
      read: true,
    },
    {
      d: 24,
      t: '10:15',
      title: 'Début des travaux de ravalement',
      body: `Madame, Monsieur,\n\nLes échafaudages seront installés sur la façade côté rue à partir du ${frDate(scaffold)}. La note d'information est jointe.${sign}`,
      read: true,
      files: i.worksNote ? [i.worksNote] : [],
    },
    {
      d: 36,
      t: '18:45',
      title: 'Mise en route du chauffage collectif',
      body: `Madame, Monsieur,\n\nLe chauffage collectif a été remis en service. Si un radiateur reste froid, pensez à le purger ou signalez-le au cabinet.${sign}`,
      read: true,
    },
    {
      d: 39,
      t: '09:05',
      title: 'Contrôle des extincteurs',
      body: `Madame, Monsieur,\n\nLe contrôle annuel des extincteurs et des blocs de secours a été effectué sans remarque.${sign}`,
      read: true,
    },
    {
      d: 47,
      t: '08:15',
      title: 'Enlèvement des encombrants des caves',
      body: `Madame, Monsieur,\n\nUne benne sera à disposition samedi prochain de 9 h à 12 h dans la cour. Les objets laissés dans les couloirs des caves seront évacués.${sign}`,
      read: true,
    },
    {
      d: 60,
      t: '14:00',
      title: 'Fermeture exceptionnelle du cabinet',
      body: `Madame, Monsieur,\n\nLe cabinet sera fermé le ${frWeekday(closed)} ${frLongDate(closed)} pour inventaire. En cas d'urgence, contactez l'astreinte au 04 78 42 17 39.${sign}`,
      read: true,
    },
    {
      d: 95,
      t: '09:30',
      title: 'Interphone du bâtiment B',
      body: `Madame, Monsieur,\n\nL'interphone du bâtiment B a été réparé. Merci de signaler tout dysfonctionnement persistant.${sign}`,
      read: true,
    },
    {
      d: 150,
      t: '16:20',
      title: "Rappel : attestation d'assurance habitation",
      body: `Madame, Monsieur,\n\nNous vous rappelons que chaque copropriétaire doit être assuré au titre de sa responsabilité civile (article 9-1 de la loi du 10 juillet 1965). Vous pouvez nous transmettre votre attestation par retour.${sign}`,
      read: true,
    },
    {
      d: daysAgoOf(clock.today, addDays(i.pastAg.date, 12)),
      t: '10:00',
      title: `Procès-verbal de l'assemblée générale du ${frDate(i.pastAg.date)}`,
      body: `Madame, Monsieur,\n\nLe procès-verbal de l'assemblée générale ordinaire est joint à ce message.${sign}`,
      read: true,
      files: [i.pastAg.pv],
    },
  ];
  if (i.lastCall)
    claireMsgs.push({
      d: daysAgoOf(clock.today, addDays(i.lastCall.date, -15)),
      t: '09:00',
      title: i.lastCall.name,
      body: `Madame,\n\nVotre ${i.lastCall.name.charAt(0).toLowerCase()}${i.lastCall.name.slice(1)} est disponible, exigible le ${frLongDate(i.lastCall.date)}.${sign}`,
      read: true,
      files: [i.lastCall.file],
    });
  if (i.travauxCall)
    claireMsgs.push({
      d: daysAgoOf(clock.today, addDays(i.travauxCall.date, -15)),
      t: '09:00',
      title: 'Ravalement : premier appel de fonds travaux',
      body: `Madame,\n\nConformément à la décision de l'assemblée générale, le premier appel de fonds des travaux de ravalement est exigible le ${frLongDate(i.travauxCall.date)}.${sign}`,
      read: true,
      files: [i.travauxCall.file],
    });
  const paulMsgs: MsgDef[] = [
    works,
    convoc,
    {
      d: 37,
      t: '09:12',
      title: 'Bienvenue dans la Résidence Les Tilleuls',
      body: `Monsieur,\n\nBienvenue dans la copropriété. Vous trouverez dans vos documents le règlement de copropriété et les derniers procès-verbaux d'assemblée générale. Pensez à compléter vos coordonnées.${sign}`,
      read: true,
    },
  ];
  const msg = (owner: OwnerInfo, m: MsgDef) => {
    const at = clock.daysAgo(m.d, m.t);
    return messageRow({
      coproprietaire_id: owner.id,
      category: 'all',
      title: m.title,
      body: m.body,
      sender: garnier,
      attachments: (m.files ?? []).map((f) => ({
        id: f.id,
        name: f.name,
        content_type: f.content_type,
        size: f.size,
      })),
      sub_type: 'CREATE',
      status: 'active',
      is_read: m.read,
      event_action_date: at,
      created_date: at,
    });
  };
  ctx.rows.add(messages, ...claireMsgs.map((m) => msg(claireT, m)), ...paulMsgs.map((m) => msg(paulT, m)));
}
