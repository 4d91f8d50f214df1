import type { Db } from '../src/db/client.js';
import { communicationNotices, communicationReads, communications } from '../src/db/schema/index.js';
import { addDays, type Clock } from './clock.js';
import type { CoproInfo } from './copro.js';
import { frLongDate, frWeekday } from './format.js';

const p = (...paras: string[]) => paras.map((x) => `<p>${x}</p>`).join('');

/**
 * Two notices (avis) the gestionnaire sent from the console to Les Tilleuls, partly read: one to
 * the whole building, one to the lots of the lift's key; Claire Martin has read both. The
 * console's Communications page shows « Lu par … sur … » at once.
 */
export async function seedNotices(db: Db, copro: CoproInfo, clock: Clock, claireId: string) {
  const g = copro.syndic.gestionnaire.display_name;
  const sign = `Cordialement,<br>${g}<br>${copro.syndic.name}`;
  const waterDay = addDays(clock.today, 4);
  const lift = copro.rep('ASC');
  const inLift = copro.owners.filter((o) => o.lots.some((l) => (lift.tantiemes.get(l.id) ?? 0) > 0));
  const defs = [
    {
      audience: 'immeuble',
      repartition_id: null,
      daysAgo: 3,
      subject: `Coupure d'eau froide le ${frWeekday(waterDay)} ${frLongDate(waterDay)}`,
      html: p(
        'Madame, Monsieur,',
        `L'alimentation en eau froide de la résidence sera coupée le ${frWeekday(waterDay)} ${frLongDate(waterDay)} de 8 h 30 à 12 h, bâtiments A et B, pour le remplacement d'une vanne d'arrêt en sous-sol par l'entreprise Plomberie Gerland.`,
        "Nous vous conseillons de prévoir une réserve d'eau et de fermer vos robinets avant la coupure. Merci de votre compréhension.",
        sign,
      ),
      recipients: copro.owners,
      // Claire first, then one co-owner in three.
      readers: (k: number, id: string) => id === claireId || k % 3 === 1,
    },
    {
      audience: 'cle',
      repartition_id: lift.id,
      daysAgo: 11,
      subject: "Visite annuelle de l'ascenseur",
      html: p(
        'Madame, Monsieur,',
        "La visite annuelle de l'ascenseur par la société Ascenseurs du Rhône aura lieu mardi prochain entre 9 h et 11 h. L'appareil sera à l'arrêt pendant l'intervention.",
        "Les personnes à mobilité réduite qui ont besoin d'aide peuvent nous prévenir\u202f: le gardien se tiendra à leur disposition.",
        sign,
      ),
      recipients: inLift,
      // Claire has read what reached her: the demo's pages open on nothing new to acknowledge
      // (the messages page's requests are counted by the e2e of its loading).
      readers: (k: number, id: string) => id === claireId || k % 2 === 0,
    },
  ] as const;
  for (const d of defs) {
    const at = clock.daysAgo(d.daysAgo, '09:15');
    const [notice] = await db
      .insert(communicationNotices)
      .values({
        syndic_id: copro.syndic.id,
        copropriete_id: copro.id,
        audience: d.audience,
        repartition_id: d.repartition_id,
        subject: d.subject,
        html_body: d.html,
        sent_by: g,
        created_date: at,
      })
      .returning({ id: communicationNotices.id });
    const rows = await db
      .insert(communications)
      .values(
        d.recipients.map((o) => ({
          syndic_id: copro.syndic.id,
          copropriete_id: copro.id,
          coproprietaire_id: o.id,
          sending_method: 'email',
          module: 'avis',
          recipient_info: { name: o.display_name, to_addresses: o.email ? [o.email] : [] },
          subject: d.subject,
          html_body: d.html,
          created_date: at,
          notice_id: notice!.id,
        })),
      )
      .returning({ id: communications.id, owner: communications.coproprietaire_id });
    const read = rows.filter((r, k) => d.readers(k, r.owner));
    if (read.length)
      await db.insert(communicationReads).values(
        read.map((r, k) => ({
          communication_id: r.id,
          read_at: clock.past(new Date(at.getTime() + (k + 1) * 47 * 60_000)),
        })),
      );
  }
}
