import type * as repo from './access.repo.js';

/** A co-owner record with its copropriété and syndic, as the guards return it. */
export type OwnedRecord = NonNullable<Awaited<ReturnType<typeof repo.findCoproprietaireWithCopro>>>;

type Record_ = OwnedRecord['coproprietaire'];
type Copro_ = OwnedRecord['copropriete'];

/** A record's §6 scope inputs (`scopeOf`): its council roles, permissions and the copropriété's settings. */
export interface ScopeRow {
  coproprietaire: Pick<Record_, 'is_member_syndicat' | 'is_president' | 'permissions'>;
  copropriete: Pick<Copro_, 'settings'>;
}

/** What the guards decide on (a record's holder, its copropriété's syndic) with its scope inputs. */
export interface GuardRow extends ScopeRow {
  coproprietaire: Pick<
    Record_,
    'id' | 'user_id' | 'copropriete_id' | 'is_member_syndicat' | 'is_president' | 'permissions'
  >;
  /** The versions the building caches are checked against (decisions 72, 74, 75). */
  copropriete: Pick<Copro_, 'id' | 'syndic_id' | 'settings' | 'finance_version' | 'documents_version'>;
}
