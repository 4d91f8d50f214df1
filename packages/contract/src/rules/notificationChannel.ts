/**
 * The channel of notifications and mises en demeure (loi n° 65-557 du 10 juillet 1965, art. 42-1 as
 * rewritten by loi n° 2024-322 du 9 avril 2024; décret n° 67-223 art. 64 and 64-1 as rewritten by
 * décret n° 2025-1292 du 22 décembre 2025, in force 25 December 2025).
 *
 * Art. 42-1: "Les notifications et les mises en demeure sont valablement faites par voie
 * électronique. Les copropriétaires peuvent, à tout moment et par tout moyen, demander à recevoir
 * les notifications et les mises en demeure par voie postale. Le syndic informe les copropriétaires
 * des moyens qui s'offrent à eux pour conserver un mode d'information par voie postale."
 * Décret art. 64: electronically by lettre recommandée électronique or through a qualified trust
 * service provider; the delay runs from the day after the provider's electronic notice. Décret
 * art. 64-1: "par exception, … par lettre recommandée avec demande d'avis de réception, lorsqu'un
 * copropriétaire demande à les recevoir par voie postale"; the delay runs from the day after the
 * first presentation. The request is made "par tous moyens permettant d'établir avec certitude sa
 * date de réception" and holds from that receipt: no later effective date was found in the texts
 * the search tool holds, so a request takes effect on its date of receipt (`postEffectiveAt`).
 */

export interface PostalRequest {
  /** When the syndic received the request (a date certaine). */
  received_at: Date;
  /** When it was withdrawn, if it was. */
  withdrawn_at: Date | null;
}

export type NoticeChannel = 'lre' | 'postal';
export type ChannelReason = 'electronic' | 'postal_request' | 'no_email';

/** A request for the post holds from its date of receipt (décret art. 64-1). */
export const postEffectiveAt = (r: PostalRequest) => r.received_at;

/** The request in force at `at`, if any. */
export function requestInForce<R extends PostalRequest>(requests: R[], at: Date): R | null {
  return (
    requests.find(
      (r) =>
        postEffectiveAt(r).getTime() <= at.getTime() &&
        (!r.withdrawn_at || r.withdrawn_at.getTime() > at.getTime()),
    ) ?? null
  );
}

/**
 * The channel of a notification sent at `at`: electronic (lettre recommandée électronique) unless
 * a request for the post is in force; the post too when no e-mail address is known.
 */
export function notificationChannel(input: { email: string | null; requests: PostalRequest[]; at: Date }): {
  channel: NoticeChannel;
  reason: ChannelReason;
} {
  if (requestInForce(input.requests, input.at)) return { channel: 'postal', reason: 'postal_request' };
  if (!input.email) return { channel: 'postal', reason: 'no_email' };
  return { channel: 'lre', reason: 'electronic' };
}

/**
 * What the syndic tells co-owners in every convocation, appel de fonds and mise en demeure (loi art.
 * 42-1, 3e alinéa): how to keep the post.
 */
export const POSTAL_RIGHT_MENTION =
  'Les notifications et mises en demeure vous sont faites par voie électronique (loi du 10 juillet 1965, art. 42-1). Vous pouvez à tout moment demander à les recevoir par voie postale, par tout moyen qui donne une date certaine à votre demande\u202f: depuis la page Configuration de votre espace copropriétaire, ou par lettre recommandée adressée au syndic. Votre demande vaut dès sa réception et vous pouvez la retirer de la même façon.';
