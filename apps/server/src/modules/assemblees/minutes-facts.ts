import type { RegisterRecord } from '@tantieme/contract';

/**
 * What the procès-verbal and the attendance sheet are made from: the assembly, its resolutions as
 * convened, every co-owner of the syndicat with their tantièmes, and the chained records. Nothing
 * else is read, so the documents say what the register says.
 */
export interface MinutesFacts {
  assemblee: {
    id: string;
    name: string;
    type: string;
    date: Date;
    /** When the meeting ended (close); the documents are dated by it. */
    ended_at: Date | null;
  };
  coprName: string;
  /** The charges générales key: the voix of the attendance sheet and the art. 22 reduction. */
  generalRepartition: { id: string; name: string };
  resolutions: {
    id: string;
    number: number;
    title: string;
    article: string;
    no_vote: boolean;
    repartition: { id: string; name: string } | null;
    amended: boolean;
    /** What it decides, from the catalogue (a bureau resolution: décret 1967 art. 15). */
    nature?: string | null;
  }[];
  /** Every co-owner of the syndicat, listed or not (loi art. 25, 26), by name. */
  owners: { id: string; name: string; address: string | null; tantiemes: Record<string, number> }[];
  records: RegisterRecord[];
}

/** A co-owner's name by id: the documents name people, never ids. */
export const nameOf = (facts: MinutesFacts) => {
  const names = new Map(facts.owners.map((o) => [o.id, o.name]));
  return (id: string) => names.get(id) ?? '';
};
