import { z } from 'zod';
import { TALLY_RULES } from '../rules/tally.js';
import { voteChoiceSchema } from './assemblees.js';

/**
 * What the syndic API reads from an assembly's register: the ballots as chained, the legal tally
 * of each resolution, the attendance sheet and the acts made from them (PV, feuille de présence).
 */

export const syndicBallotRow = z.object({
  seq: z.number().int(),
  digest: z.string(),
  prev_digest: z.string(),
  created_at: z.string(),
  current: z.boolean(),
  method: z.string(),
  coproprietaire: z.object({ id: z.string(), external_id: z.string().nullable(), name: z.string() }),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  choices: z.array(
    z.object({
      resolution: z.string().nullable(),
      number: z.number().int(),
      article: z.string(),
      repartition: z.string().nullable(),
      tantiemes: z.number().int(),
      vote_1: voteChoiceSchema.nullable(),
      vote_2: voteChoiceSchema.nullable(),
    }),
  ),
});

const choiceCount = z.object({ tantiemes: z.number().int(), count: z.number().int() });
const voteCount = z.object({
  agree: choiceCount,
  disagree: choiceCount,
  abstain: choiceCount,
  participants: choiceCount,
});
export const syndicTallyRow = z.object({
  resolution: z.string().nullable(),
  number: z.number().int(),
  title: z.string(),
  article: z.string(),
  repartition: z.string().nullable(),
  decision: z.enum(['adopted', 'rejected', 'no_vote']),
  rule: z.enum(TALLY_RULES).nullable(),
  total: choiceCount,
  first: voteCount.nullable(),
  second: voteCount.nullable(),
  amended_defaulting: z.number().int(),
  /** Co-owners whose votes were reduced under loi art. 22 (more than half of the votes). */
  reduced: z.array(z.object({ coproprietaire: z.string(), from: z.number().int(), to: z.number().int() })),
});

/** A line of the attendance sheet (feuille de présence), from the register. */
export const attendanceRow = z.object({
  coproprietaire: z.string(),
  name: z.string(),
  /** null: absent (défaillant). */
  attendance: z.enum(['present', 'represented', 'correspondence']).nullable(),
  /** Who represents them (loi art. 22 I), when represented. */
  mandataire: z.object({ name: z.string(), coproprietaire: z.string().nullable() }).nullable(),
  /** Their voix in the charges générales key. */
  tantiemes: z.number().int(),
});

const storedFile = z.object({
  file_id: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** Signed download URL, valid 10 minutes. */
  url: z.string(),
});
/**
 * A stored act of the assembly: its file, the SHA-256 of its bytes (what a signature carries), a
 * signed URL, and the sealed PDF (PAdES, with its signing certificate page) once every requested
 * signature of it is in, else null.
 */
const storedAct = storedFile.extend({ sealed: storedFile.nullable() });
export const assembleeDocumentsResult = z.object({
  result: z.enum(['created', 'unchanged']),
  proces_verbal: storedAct,
  feuille_de_presence: storedAct,
});
