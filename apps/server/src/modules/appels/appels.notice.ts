import { isEmail, notificationChannel } from '@tantieme/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { coproprietaires, coproprietes, users } from '../../db/schema/index.js';
import { appelDeFondsNotice } from '../../templates/index.js';
import { recordCommunication } from '../communications/communications.service.js';
import { postalRequestsOf } from '../settings/postal.service.js';

/**
 * Each co-owner's notice of an appel de fonds, recorded among their letters ('Courriers') in the
 * appels' transaction, by the channel loi art. 42-1 gives them (electronic unless they asked for
 * the post), its text carrying how to keep the post.
 */
export async function recordAppelNotices(
  tx: Tx,
  v: { coproprieteId: string; appel: string; dueDate: string; perOwner: [string, number][] },
) {
  if (!v.perOwner.length) return;
  const [copro] = await tx
    .select({ name: coproprietes.name, syndic_id: coproprietes.syndic_id })
    .from(coproprietes)
    .where(eq(coproprietes.id, v.coproprieteId));
  if (!copro) return;
  const ids = v.perOwner.map(([id]) => id);
  const rows = await tx
    .select({ owner: coproprietaires, user_email: users.email })
    .from(coproprietaires)
    .leftJoin(users, eq(users.id, coproprietaires.user_id))
    .where(inArray(coproprietaires.id, ids));
  const byId = new Map(rows.map((r) => [r.owner.id, r]));
  const requests = await postalRequestsOf(tx, ids);
  const now = new Date();
  for (const [id, amount] of v.perOwner) {
    const r = byId.get(id);
    if (!r) continue;
    const email =
      (r.user_email && isEmail(r.user_email) ? r.user_email : null) ??
      r.owner.contacts.flatMap((c) => c.emails ?? []).find((e) => isEmail(e.value))?.value ??
      null;
    const { channel } = notificationChannel({ email, requests: requests.get(id) ?? [], at: now });
    const { subject, text } = appelDeFondsNotice({
      displayName: r.owner.display_name,
      copropriete: copro.name,
      appel: v.appel,
      amountCents: amount,
      dueDate: v.dueDate,
    });
    const address = r.owner.address?.full_address?.trim() ?? '';
    await recordCommunication(
      tx,
      {
        syndic_id: copro.syndic_id,
        copropriete_id: v.coproprieteId,
        coproprietaire_id: id,
        sending_method: channel === 'lre' ? 'email' : 'postal',
        module: 'adf',
        recipient_info:
          channel === 'lre'
            ? { name: r.owner.display_name, to_addresses: [email!] }
            : { name: r.owner.display_name, sending_address: { address_1: address } },
        subject,
        content: text,
        internal_executed_date: channel === 'lre' ? now : null,
      },
      null,
    );
  }
}
