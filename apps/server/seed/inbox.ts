import type { SenderJson } from '../src/db/schema/index.js';
import {
  chatMessages,
  conversationMembers,
  conversations,
  messages,
  notifications,
} from '../src/db/schema/index.js';
import { conversationKey } from '../src/modules/chat/chat.repo.js';
import { SYSTEM_SENDER } from '../src/modules/notifications/notify.js';
import { addDays, daysBetween } from './clock.js';
import { newId, type SeedContext, type StoredFile } from './context.js';
import type { CoproInfo, OwnerInfo } from './copro.js';
import { euros, frDate, frLongDate, frWeekday } from './format.js';
import type { AdminInfo } from './syndics.js';
import {
  chatMessageRow,
  conversationMemberRow,
  conversationRow,
  messageRow,
  notificationRow,
} from './builders/inbox.js';

interface NotifDef {
  d: number;
  t: string;
  type: string;
  title: string;
  body: string;
  read: boolean;
  owner: OwnerInfo;
  sender: SenderJson;
}

interface MsgDef {
  d: number;
  t: string;
  title: string;
  body: string;
  read: boolean;
  files?: StoredFile[];
}

export const adminSender = (a: AdminInfo): SenderJson => ({
  id: a.id,
  name: a.display_name,
  avatar: null,
  type: 'administrator',
});

export interface InboxInput {
  tilleuls: CoproInfo;
  claire: { userId: string; tilleuls: OwnerInfo; closFleuri: OwnerInfo };
  paul: { userId: string; tilleuls: OwnerInfo };
  azurAdmin: AdminInfo;
  balanceCents: number;
  nextAg: { date: string; voteUntil: string; convocation: StoredFile };
  pastAg: { date: string; pv: StoredFile };
  lastCall?: { name: string; date: string; file: StoredFile };
  travauxCall?: { name: string; date: string; file: StoredFile };
  worksNote?: StoredFile;
  recentInvoice: { supplier: string; date: string };
}

/** Notifications, syndic messages and chat conversations of the demo accounts. */
export function seedInbox(ctx: SeedContext, i: InboxInput) {
  const { clock } = ctx;
  const garnier = adminSender(i.tilleuls.syndic.gestionnaire);
  const bianchi = adminSender(i.azurAdmin);
  const claireT = i.claire.tilleuls;
  const paulT = i.paul.tilleuls;
  const paulSender: SenderJson = { id: paulT.id, name: 'Paul Durand', avatar: null, type: 'coproprietaire' };
  const ag = `${frWeekday(i.nextAg.date)} ${frLongDate(i.nextAg.date)}`;
  const scaffold = addDays(clock.today, -17);
  const closed = addDays(clock.today, -52);

  const claireNotifs: NotifDef[] = [
    {
      d: 0,
      t: '08:11',
      type: 'MESSAGE',
      title: 'Nouveau message de votre syndic',
      body: 'Sophie Garnier vous a envoyé un message : « Échafaudages – accès au local poubelles ».',
      read: false,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 0,
      t: '08:10',
      type: 'CHAT',
      title: 'Nouveau message dans la messagerie',
      body: "Sophie Garnier : « C'est noté pour jeudi 18 h. »",
      read: false,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 0,
      t: '07:46',
      type: 'CHAT',
      title: 'Nouveau message dans la messagerie',
      body: 'Paul Durand vous a écrit.',
      read: false,
      owner: claireT,
      sender: paulSender,
    },
    {
      d: 1,
      t: '18:05',
      type: 'ASSEMBLEE',
      title: 'Vote par correspondance ouvert',
      body: `Vous pouvez voter en ligne pour l'assemblée générale du ${frDate(i.nextAg.date)} jusqu'au ${frDate(i.nextAg.voteUntil)}.`,
      read: false,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 1,
      t: '10:19',
      type: 'CHAT',
      title: 'Nouveau message dans la messagerie',
      body: 'Paul Durand vous a écrit : « Le conseil syndical recrute-t-il ? »',
      read: true,
      owner: claireT,
      sender: paulSender,
    },
    {
      d: 2,
      t: '06:30',
      type: 'DOCUMENT',
      title: 'Nouveau document disponible',
      body: 'Le relevé bancaire du mois dernier est disponible dans les documents de la copropriété.',
      read: false,
      owner: claireT,
      sender: SYSTEM_SENDER,
    },
    {
      d: 3,
      t: '10:20',
      type: 'ASSEMBLEE',
      title: "Convocation à l'assemblée générale",
      body: `Votre convocation à l'assemblée générale ordinaire du ${ag} est disponible.`,
      read: true,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 5,
      t: '15:42',
      type: 'VERIFICATION',
      title: 'Vérification des comptes',
      body: `Le syndic a soumis les comptes de l'exercice ${clock.year} à la vérification du conseil syndical.`,
      read: false,
      owner: claireT,
      sender: garnier,
    },
    {
      d: daysAgoOf(clock.today, i.recentInvoice.date),
      t: '11:03',
      type: 'INVOICE',
      title: 'Nouvelle facture fournisseur',
      body: `Une facture de ${i.recentInvoice.supplier} du ${frDate(i.recentInvoice.date)} a été ajoutée.`,
      read: true,
      owner: claireT,
      sender: SYSTEM_SENDER,
    },
    {
      d: 8,
      t: '09:00',
      type: 'FINANCE',
      title: 'Appel de fonds en attente de règlement',
      body: `Votre solde débiteur est de ${euros(i.balanceCents)}. Vous pouvez le régler par carte bancaire depuis « Situation de compte ».`,
      read: true,
      owner: claireT,
      sender: SYSTEM_SENDER,
    },
    {
      d: 10,
      t: '14:30',
      type: 'INFO',
      title: 'Visite de maintenance des ascenseurs',
      body: 'Otis effectuera la visite périodique des deux ascenseurs jeudi matin ; ils seront arrêtés successivement pendant une heure.',
      read: true,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 13,
      t: '17:12',
      type: 'MESSAGE',
      title: 'Nouveau message de votre syndic',
      body: 'Compte rendu de la réunion du conseil syndical.',
      read: true,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 16,
      t: '09:25',
      type: 'INFO',
      title: 'Début du chantier de ravalement',
      body: `Les échafaudages sont installés depuis le ${frDate(scaffold)} sur la façade côté rue.`,
      read: true,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 20,
      t: '10:16',
      type: 'FINANCE',
      title: 'Relance amiable',
      body: 'Un courrier de relance concernant vos appels de fonds impayés vous a été adressé.',
      read: true,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 24,
      t: '10:15',
      type: 'DOCUMENT',
      title: 'Nouveau courrier',
      body: 'Information – installation des échafaudages.',
      read: true,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 27,
      t: '08:40',
      type: 'INFO',
      title: 'Entretien du jardin',
      body: "Les Jardins de la Riviera interviendront mardi matin au Clos Fleuri pour la taille des haies et l'élagage.",
      read: true,
      owner: i.claire.closFleuri,
      sender: bianchi,
    },
    {
      d: 30,
      t: '16:05',
      type: 'INVOICE',
      title: 'Nouvelle facture fournisseur',
      body: 'Une facture de Dalkia (entretien de la chaufferie) a été ajoutée.',
      read: true,
      owner: claireT,
      sender: SYSTEM_SENDER,
    },
    {
      d: 33,
      t: '12:20',
      type: 'FINANCE',
      title: 'Paiement enregistré',
      body: 'Votre dernier virement au syndicat des copropriétaires du Clos Fleuri a été enregistré.',
      read: true,
      owner: i.claire.closFleuri,
      sender: bianchi,
    },
    {
      d: 36,
      t: '18:45',
      type: 'MESSAGE',
      title: 'Nouveau message de votre syndic',
      body: 'Mise en route du chauffage collectif.',
      read: true,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 39,
      t: '09:10',
      type: 'INFO',
      title: 'Contrôle des extincteurs',
      body: 'Le contrôle annuel des extincteurs des parties communes a été effectué.',
      read: true,
      owner: claireT,
      sender: garnier,
    },
    {
      d: 41,
      t: '11:30',
      type: 'DOCUMENT',
      title: 'Nouveau document disponible',
      body: "Le carnet d'entretien de l'immeuble a été mis à jour.",
      read: true,
      owner: claireT,
      sender: SYSTEM_SENDER,
    },
    {
      d: 44,
      t: '10:00',
      type: 'INFO',
      title: 'Assemblée générale du Clos Fleuri',
      body: "Gestion Azur prépare la prochaine assemblée générale : vous pouvez transmettre vos questions jusqu'à la fin du mois.",
      read: true,
      owner: i.claire.closFleuri,
      sender: bianchi,
    },
    {
      d: 47,
      t: '08:15',
      type: 'INFO',
      title: 'Nettoyage des caves',
      body: "Une journée d'enlèvement des encombrants des caves est organisée samedi prochain.",
      read: true,
      owner: claireT,
      sender: garnier,
    },
  ];
  if (i.lastCall)
    claireNotifs.push({
      d: daysAgoOf(clock.today, addDays(i.lastCall.date, -15)),
      t: '08:00',
      type: 'FINANCE',
      title: 'Nouvel appel de fonds',
      body: `${i.lastCall.name} : le document est disponible dans « Mes documents ».`,
      read: true,
      owner: claireT,
      sender: SYSTEM_SENDER,
    });
  const paulNotifs: NotifDef[] = [
    {
      d: 0,
      t: '08:11',
      type: 'MESSAGE',
      title: 'Nouveau message de votre syndic',
      body: 'Sophie Garnier vous a envoyé un message : « Échafaudages – accès au local poubelles ».',
      read: false,
      owner: paulT,
      sender: garnier,
    },
    {
      d: 1,
      t: '21:03',
      type: 'CHAT',
      title: 'Nouveau message dans la messagerie',
      body: 'Claire Martin vous a répondu.',
      read: false,
      owner: paulT,
      sender: { id: claireT.id, name: 'Claire Martin', avatar: null, type: 'coproprietaire' },
    },
    {
      d: 3,
      t: '10:20',
      type: 'ASSEMBLEE',
      title: "Convocation à l'assemblée générale",
      body: `Votre convocation à l'assemblée générale ordinaire du ${ag} est disponible.`,
      read: false,
      owner: paulT,
      sender: garnier,
    },
    {
      d: 38,
      t: '19:45',
      type: 'INFO',
      title: 'Bienvenue sur Tantième',
      body: 'Votre compte est rattaché à la Résidence Les Tilleuls. Complétez vos coordonnées pour finaliser votre inscription.',
      read: true,
      owner: paulT,
      sender: SYSTEM_SENDER,
    },
  ];
  const notif = (userId: string, n: NotifDef) => {
    const at = clock.daysAgo(n.d, n.t);
    return notificationRow({
      user_id: userId,
      coproprietaire_id: n.owner.id,
      category: 'all',
      type: n.type,
      sub_type: 'CREATE',
      title: n.title,
      body: n.body,
      sender: n.sender,
      data: { is_event_sending: false, coproprietaire_id: n.owner.id },
      status: 'active',
      is_read: n.read,
      event_action_date: at,
      created_date: at,
    });
  };
  ctx.rows.add(
    notifications,
    ...claireNotifs.map((n) => notif(i.claire.userId, n)),
    ...paulNotifs.map((n) => notif(i.paul.userId, n)),
  );

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

  // Chat: Claire ↔ the syndic (Sophie Garnier answers), Claire ↔ Paul.
  const conversation = (
    a: { id: string; type: string },
    b: { id: string; type: string },
    lines: { from: string; d: number; t: string; text: string }[],
    unseen: Record<string, number>,
  ) => {
    const id = newId();
    const last = lines[lines.length - 1];
    ctx.rows.add(
      conversations,
      conversationRow({
        id,
        copropriete_id: i.tilleuls.id,
        key: conversationKey(a.id, b.id),
        last_message_at: clock.daysAgo(last.d, last.t),
        created_at: clock.daysAgo(lines[0].d, lines[0].t),
      }),
    );
    // A member last opened the conversation just before the messages they have not seen.
    const seenAt = (m: { id: string }) => {
      const n = unseen[m.id] ?? 0;
      const l = lines[lines.length - 1 - n];
      return l ? clock.daysAgo(l.d, l.t) : null;
    };
    ctx.rows.add(
      conversationMembers,
      conversationMemberRow({
        conversation_id: id,
        participant_id: a.id,
        participant_type: a.type,
        un_seen: unseen[a.id] ?? 0,
        last_seen_at: seenAt(a),
      }),
      conversationMemberRow({
        conversation_id: id,
        participant_id: b.id,
        participant_type: b.type,
        un_seen: unseen[b.id] ?? 0,
        last_seen_at: seenAt(b),
      }),
    );
    ctx.rows.add(
      chatMessages,
      ...lines.map((l) =>
        chatMessageRow({
          conversation_id: id,
          created_by: l.from,
          text: l.text,
          files: [],
          status: 1,
          created_date: clock.daysAgo(l.d, l.t),
        }),
      ),
    );
  };
  const sophieId = i.tilleuls.syndic.gestionnaire.id;
  conversation(
    { id: claireT.id, type: 'coproprietaire' },
    { id: i.tilleuls.syndic.id, type: 'syndic' },
    [
      {
        from: claireT.id,
        d: 3,
        t: '19:02',
        text: "Bonjour Madame Garnier, les échafaudages côté rue bloquent l'accès au local poubelles. Est-il possible de prévoir un passage ?",
      },
      {
        from: sophieId,
        d: 2,
        t: '09:14',
        text: "Bonjour Madame Martin, j'ai demandé à Façades Lyonnaises de dégager un passage d'un mètre devant le local poubelles. Ce sera fait dès demain matin.",
      },
      {
        from: claireT.id,
        d: 2,
        t: '09:40',
        text: 'Merci beaucoup. Autre point : pourriez-vous mettre en ligne les factures Dalkia pour la vérification des comptes ?',
      },
      {
        from: sophieId,
        d: 2,
        t: '11:05',
        text: 'Elles sont disponibles dans « Vérification des comptes », avec les pièces justificatives. Je peux aussi vous recevoir avec le conseil syndical.',
      },
      {
        from: claireT.id,
        d: 1,
        t: '18:30',
        text: 'Parfait. Je vous propose jeudi prochain à 18 h au cabinet, avec M. Rousseau et Mme Mercier.',
      },
      {
        from: sophieId,
        d: 0,
        t: '08:10',
        text: "C'est noté pour jeudi 18 h. Je vous envoie une confirmation par e-mail.",
      },
    ],
    { [claireT.id]: 1 },
  );
  conversation(
    { id: claireT.id, type: 'coproprietaire' },
    { id: paulT.id, type: 'coproprietaire' },
    [
      {
        from: paulT.id,
        d: 1,
        t: '10:18',
        text: 'Bonjour Claire, je suis le nouveau propriétaire du B21. Le conseil syndical recrute-t-il ?',
      },
      {
        from: claireT.id,
        d: 1,
        t: '21:02',
        text: "Bonjour Paul, bienvenue ! Oui, avec plaisir. L'élection du conseil aura lieu à l'assemblée générale : il suffit d'adresser votre candidature au syndic avant la réunion.",
      },
      {
        from: paulT.id,
        d: 0,
        t: '07:45',
        text: "Merci, j'envoie ma candidature à Mme Garnier cette semaine.",
      },
    ],
    { [claireT.id]: 1 },
  );
}

const daysAgoOf = (today: string, iso: string) => daysBetween(iso, today);
