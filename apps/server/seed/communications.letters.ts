import type { RecipientInfoJson } from '../src/db/schema/index.js';
import { communicationAttachments, communications } from '../src/db/schema/index.js';
import { newId, type SeedContext, type StoredFile } from './context.js';
import type { CoproInfo, OwnerInfo } from './copro.js';
import { communicationAttachmentRow, communicationRow } from './builders/documents.js';

/** The syndic's letters as the Communication page lists them: postal, e-mail or SMS, with attachments. */

export type Method = 'postal' | 'email' | 'sms';

export interface CommDef {
  method: Method;
  module: string;
  daysAgo: number;
  subject?: string;
  html?: string;
  content?: string;
  files?: StoredFile[];
}

/** Queues each letter with its recipient's address, e-mail or phone as the method needs. */
export function queueLetters(
  ctx: SeedContext,
  copro: CoproInfo,
  owner: OwnerInfo,
  phone: string,
  email: string,
  defs: CommDef[],
) {
  for (const d of defs) {
    const id = newId();
    const at = ctx.clock.daysAgo(d.daysAgo, d.method === 'sms' ? '09:30' : '10:15');
    let recipient_info: RecipientInfoJson;
    if (d.method === 'postal')
      recipient_info = {
        name: owner.display_name,
        sending_address: {
          address_1: owner.postal.name,
          address_4: owner.postal.street,
          zip_code: owner.postal.zip,
          city: owner.postal.city,
          country: 'France',
        },
      };
    else if (d.method === 'email') recipient_info = { name: owner.display_name, to_addresses: [email] };
    else recipient_info = { name: owner.display_name, sending_phone: [phone] };
    ctx.rows.add(
      communications,
      communicationRow({
        id,
        syndic_id: copro.syndic.id,
        copropriete_id: copro.id,
        coproprietaire_id: owner.id,
        sending_method: d.method,
        module: d.module,
        recipient_info,
        subject: d.subject ?? null,
        html_body: d.html ?? null,
        content: d.content ?? null,
        internal_executed_date: new Date(at.getTime() + 4 * 60_000),
        created_date: at,
      }),
    );
    for (const f of d.files ?? [])
      ctx.rows.add(
        communicationAttachments,
        communicationAttachmentRow({ communication_id: id, file_id: f.id, name: f.name }),
      );
  }
}
