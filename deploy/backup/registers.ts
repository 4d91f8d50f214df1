import { verifyRegister } from '@tantieme/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import type { OwnedRecord } from '../../apps/server/src/modules/access/access.service.js';
import { getRegister } from '../../apps/server/src/modules/assemblees/register.service.js';
import type { AssembleeSigner } from '../../apps/server/src/platform/signing.js';

/**
 * Every assembly's register: its chain recomputed, checked against the head signed now and
 * against each head signed before (vote closed, assembly ended) that it must contain, each
 * head's signature under the key its fingerprint names.
 */
export async function verifyRegisters(db: Db, signer: AssembleeSigner) {
  const ags = (await db.execute(sql`
    select a.id, a.copropriete_id from assemblees a
    where exists (select 1 from assemblee_records r where r.assemblee_id = a.id)
       or exists (select 1 from assemblee_heads h where h.assemblee_id = a.id)
    order by a.id`)) as unknown as { rows: { id: string; copropriete_id: string }[] };
  const failures: string[] = [];
  let heads = 0;
  let records = 0;
  for (const ag of ags.rows) {
    const record = { copropriete: { id: ag.copropriete_id } } as OwnedRecord;
    const register = await getRegister(db, signer, record, ag.id);
    records += register.records.length;
    for (const held of [null, ...register.heads]) {
      const v = await verifyRegister(register, { held, expectedFingerprint: signer.key.fingerprint });
      if (held) heads++;
      if (!v.ok)
        failures.push(
          `register ${ag.id}: ${held ? `head ${held.event} ${held.count}` : 'chain'} does not verify`,
        );
    }
  }
  return { registers: ags.rows.length, records, heads, failures };
}
