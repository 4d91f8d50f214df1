import { chatMessages, conversationMembers, conversations } from '../src/db/schema/index.js';
import { conversationKey } from '../src/modules/chat/chat.repo.js';
import { newId, type SeedContext } from './context.js';
import { chatMessageRow, conversationMemberRow, conversationRow } from './builders/inbox.js';
import type { InboxScene } from './inbox.scene.js';

/** Chat: Claire ↔ the syndic (Sophie Garnier answers), Claire ↔ Paul. */
export function seedChat(ctx: SeedContext, scene: InboxScene) {
  const { i, clock, claireT, paulT } = scene;
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
