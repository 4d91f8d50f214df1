import { randomUUID } from 'node:crypto';
import type { LreAdapter, LreState } from './types.js';

export interface LocalLreAdapter extends LreAdapter {
  readonly kind: 'local';
  /** Marks a letter first presented at `at` (now by default), as a provider's event would. */
  present(sendingId: string, at?: Date): void;
}

/**
 * The local default: no letter leaves the machine. It records the deposit (an id carrying the
 * sending time) and reports the first presentation `delaySeconds` after it, or at the date given
 * by an explicit `present` call. Stateless but for those calls, so a restart keeps the dates.
 */
export function localLreAdapter(opts: { delaySeconds?: number; now?: () => Date } = {}): LocalLreAdapter {
  const delayMs = Math.max(0, opts.delaySeconds ?? 3600) * 1000;
  const now = opts.now ?? (() => new Date());
  const presented = new Map<string, Date>();
  const sentAtOf = (id: string) => {
    const m = /^local-(\d+)-/.exec(id);
    return m ? new Date(Number(m[1])) : null;
  };
  return {
    kind: 'local',
    async send(letter) {
      const sent = now();
      const id = `local-${sent.getTime()}-${randomUUID()}`;
      return {
        provider: 'local',
        sending_id: id,
        sent_at: sent,
        proof: { id, reference: letter.reference, to: letter.to.email, deposited_at: sent.toISOString() },
      };
    },
    async state(id): Promise<LreState> {
      const sent = sentAtOf(id);
      if (!sent) throw new Error(`Envoi LRE inconnu : ${id}`);
      const explicit = presented.get(id);
      const simulated = new Date(sent.getTime() + delayMs);
      const at = explicit ?? (simulated <= now() ? simulated : null);
      return {
        sending_id: id,
        first_presented_at: at,
        status: at ? 'presented' : 'waiting',
        proof: { id, deposited_at: sent.toISOString(), presented_at: at?.toISOString() ?? null },
      };
    },
    present(id, at = now()) {
      presented.set(id, at);
    },
  };
}
