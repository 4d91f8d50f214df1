import type { ScopedRecord } from '@tantieme/contract';
import type { Tx } from '../../db/client.js';
import { type NotificationInput, type NotifyDeps, type Staged, stageNotification } from './notify.js';
import { recordsWithScope, syndicName } from './syndic-notices.repo.js';

/** The syndic writing (the syndic API's caller): its notices are signed with its name. */
type Sender = { syndicId: string; syndicAlias: string };

/**
 * What a syndic's creation tells co-owners (decision 57), staged in the write's transaction
 * (notify.ts) and emitted once the PUT committed. One `Notices` per request: the routes build a
 * resource per request.
 */
export class Notices {
  private staged: Staged[] = [];
  constructor(private readonly deps: NotifyDeps | undefined) {}

  /** Records of `where` the §6 rule lets see it; nobody when no deps (the import's dry paths). */
  async stage(
    tx: Tx,
    api: Sender,
    who:
      | string[]
      | { where: { coproprieteId: string } | { syndicId: string }; rule: (r: ScopedRecord) => boolean },
    input: Omit<NotificationInput, 'sender'>,
  ) {
    if (!this.deps) return;
    const ids = Array.isArray(who)
      ? who
      : (await recordsWithScope(tx, who.where)).filter((r) => who.rule(r)).map((r) => r.id);
    if (ids.length === 0) return;
    const sender = {
      id: api.syndicId,
      name: (await syndicName(tx, api.syndicId)) ?? api.syndicAlias,
      avatar: null,
      type: 'syndic',
    };
    this.staged.push(
      await stageNotification(tx, this.deps, { coproprietaireIds: ids }, { ...input, sender }),
    );
  }

  /** After COMMIT: a realtime failure must not fail what is stored (clients re-fetch). */
  async emit() {
    const all = this.staged;
    this.staged = [];
    for (const s of all) await s.afterCommit().catch(() => {});
  }

  reset() {
    this.staged = [];
  }
}

/**
 * PUT and bulk with the notices of what they created, emitted after the commit; a rolled-back
 * write (or a dry run) emits nothing.
 */
export function withNotices<
  R extends {
    put: (...a: never[]) => Promise<unknown>;
    bulk: (...a: never[]) => Promise<{ dry_run: boolean }>;
  },
>(resource: R, notices: Notices): R {
  return {
    ...resource,
    put: async (...args: Parameters<R['put']>) => {
      notices.reset();
      const out = await resource.put(...args);
      await notices.emit();
      return out;
    },
    bulk: async (...args: Parameters<R['bulk']>) => {
      notices.reset();
      const out = await resource.bulk(...args);
      if (out.dry_run) notices.reset();
      else await notices.emit();
      return out;
    },
  };
}

/** A co-owner record with the inputs of the §6 scope rules (what they may read), or undefined. */
export async function scopedRecord(tx: Tx, coproprietaireId: string) {
  const [rec] = await recordsWithScope(tx, { coproprietaireId });
  return rec;
}
