/**
 * Lettre recommandée électronique (code des postes et des communications électroniques art.
 * L100, décret 1967 art. 64-1 s.): the electronic notice of a convocation. The adapter sends one
 * letter and reports its proof: the deposit (sending id, date) and the first presentation to the
 * recipient, the day the 21 days of décret 1967 art. 64 run from.
 */
export interface LreLetter {
  /** Our reference (assembly and co-owner), repeated in the provider's proof. */
  reference: string;
  to: { email: string; first_name: string | null; last_name: string; company: string | null };
  subject: string;
  content: string;
  attachment: { name: string; content_type: string; data: Buffer } | null;
}

export interface LreDeposit {
  provider: string;
  sending_id: string;
  sent_at: Date;
  /** The provider's answer as received, kept as proof. */
  proof: Record<string, unknown>;
}

export interface LreState {
  sending_id: string;
  /** null while the letter has not been presented to the recipient yet. */
  first_presented_at: Date | null;
  /**
   * waiting · presented · accepted · refused · negligence (not claimed within 15 days) · bounced
   * (the notice did not reach the address) · failed (the provider could not send it)
   */
  status: 'waiting' | 'presented' | 'accepted' | 'refused' | 'negligence' | 'bounced' | 'failed';
  proof: Record<string, unknown>;
}

export interface LreAdapter {
  readonly kind: 'local' | 'ar24';
  send(letter: LreLetter): Promise<LreDeposit>;
  state(sendingId: string): Promise<LreState>;
}

/**
 * The provider did not answer (refused, timed out): every other letter would wait as long, so a
 * sender stops there and leaves the rest undeposited for the next attempt.
 */
export class LreUnavailableError extends Error {}
