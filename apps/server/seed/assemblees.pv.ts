import { estimatedPostalPresentation, pvRecipients } from '@tantieme/contract';
import { communicationAttachments, communications, pvNotifications } from '../src/db/schema/index.js';
import { pvNotificationText } from '../src/templates/index.js';
import type { CountedResolution } from './assemblees.register.js';
import { newId, type SeedContext, type StoredFile } from './context.js';
import type { CoproInfo, OwnerInfo } from './copro.js';

/**
 * The past meeting's PV notified, twelve days after the meeting, to each opposant and défaillant
 * (loi 1965 art. 42, 2e al.): a lettre recommandée électronique to who has an e-mail, the post to
 * the others, each presented the next day; the letter, the sealed PV attached, in their space.
 */
export function seedPastPvNotifications(
  ctx: SeedContext,
  copro: CoproInfo,
  o: {
    assembleeId: string;
    assembly: { name: string; date: Date };
    counted: CountedResolution[];
    present: OwnerInfo[];
    formVoters: OwnerInfo[];
    sealed: StoredFile;
    sentAt: Date;
  },
) {
  const who = (x: OwnerInfo) => ({ id: x.id, name: x.display_name });
  const tookPart = new Set([...o.present, ...o.formVoters].map((x) => x.id));
  const recipients = pvRecipients(
    o.counted.map((r) => ({
      number: r.number,
      no_vote: false,
      opposants: [...r.choices].filter(([, c]) => c === 'disagree').map(([x]) => who(x)),
      defaillants: copro.owners.filter((x) => !tookPart.has(x.id)).map(who),
    })),
  );
  const results = o.counted.map((r) => ({
    number: r.number,
    title: r.title ?? '',
    decision: r.result?.adopted ? ('adopted' as const) : ('rejected' as const),
    pour: r.result?.agree ?? 0,
    contre: r.result?.disagree ?? 0,
    abstentions: r.result?.abstain ?? 0,
  }));
  for (const r of recipients) {
    const owner = copro.owners.find((x) => x.id === r.id)!;
    const lre = !!owner.email;
    const { subject, text } = pvNotificationText({
      displayName: owner.display_name,
      assembly: o.assembly.name,
      copropriete: copro.name,
      date: o.assembly.date,
      results,
      opposant: r.opposant,
      defaillant: r.defaillant,
    });
    const communicationId = newId();
    ctx.rows.add(communications, {
      id: communicationId,
      syndic_id: copro.syndic.id,
      copropriete_id: copro.id,
      coproprietaire_id: owner.id,
      sending_method: lre ? 'email' : 'postal',
      module: 'proces_verbal',
      recipient_info: lre
        ? { name: owner.display_name, to_addresses: [owner.email!] }
        : {
            name: owner.display_name,
            sending_address: {
              address_1: owner.postal.street,
              zip_code: owner.postal.zip,
              city: owner.postal.city,
            },
          },
      subject,
      content: text,
      internal_executed_date: o.sentAt,
      created_date: o.sentAt,
    });
    ctx.rows.add(communicationAttachments, {
      id: newId(),
      communication_id: communicationId,
      file_id: o.sealed.id,
      name: o.sealed.name,
    });
    const presented = lre
      ? new Date(o.sentAt.getTime() + 26 * 3_600_000)
      : estimatedPostalPresentation(o.sentAt);
    ctx.rows.add(pvNotifications, {
      assemblee_id: o.assembleeId,
      coproprietaire_id: owner.id,
      channel: lre ? 'lre' : 'postal',
      demande_postale_id: null,
      recipient: lre ? owner.email! : null,
      grounds: { opposant: r.opposant, defaillant: r.defaillant },
      pv_file_id: o.sealed.id,
      communication_id: communicationId,
      provider: lre ? 'local' : null,
      sending_id: lre ? `local-${o.sentAt.getTime()}-${newId()}` : null,
      sent_at: o.sentAt,
      first_presented_at: presented,
      first_presentation_source: lre ? 'provider' : 'syndic',
      proof: lre ? { deposit: { deposited_at: o.sentAt.toISOString() } } : null,
      error: null,
      created_at: o.sentAt,
    });
  }
  return recipients.length;
}
