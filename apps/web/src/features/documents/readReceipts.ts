import {
  type Communication,
  type CoproprietaireSummary,
  communicationEndpoints as ce,
} from '@tantieme/contract';
import { useEffect, useRef } from 'react';
import { api } from '../../api';

/**
 * A notice shown to its recipient is opened: its first showing is sent once (the syndic's read
 * receipt; the server keeps the first). A syndic's preview is refused by the server: nothing is
 * kept, nothing is said.
 */
export function useReadReceipts(record: CoproprietaireSummary | null, list: Communication[]) {
  const sent = useRef(new Set<string>());
  useEffect(() => {
    if (!record) return;
    for (const c of list) {
      if (c.read_at !== null || sent.current.has(c.id)) continue;
      sent.current.add(c.id);
      api
        .call(ce.read, { params: { id: c.id }, body: { coproprietaire_id: record.id } })
        .catch(() => sent.current.delete(c.id));
    }
  }, [record, list]);
}
