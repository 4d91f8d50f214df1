import type Stripe from 'stripe';
import { MANDATE_REFERENCE_PREFIX, MANDATE_SETUP_PURPOSE, type MandateOperations } from './types.js';

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * The saved mandate on Stripe (decision 149): Checkout in setup mode collects the IBAN and shows
 * the mandate text on the syndic's connected account, then each debit is an off-session
 * PaymentIntent confirmed at once on that PaymentMethod and mandate.
 */
export function stripeMandates(stripe: Stripe): MandateOperations {
  return {
    async createMandateSetup(input) {
      const on = { stripeAccount: input.accountId };
      const customerId =
        input.customerId ??
        (
          await stripe.customers.create(
            {
              ...(input.email ? { email: input.email } : {}),
              metadata: { user_id: input.userId },
            },
            { ...on, idempotencyKey: `customer-${input.userId}-${input.accountId}` },
          )
        ).id;
      const metadata = {
        purpose: MANDATE_SETUP_PURPOSE,
        coproprietaire_id: input.coproprietaireId,
        user_id: input.userId,
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          locale: 'fr',
          currency: 'eur',
          customer: customerId,
          // The SDK's API version names the list allowed_payment_method_types.
          allowed_payment_method_types: ['sepa_debit'],
          payment_method_options: {
            sepa_debit: { mandate_options: { reference_prefix: MANDATE_REFERENCE_PREFIX } },
          },
          client_reference_id: input.coproprietaireId,
          metadata,
          setup_intent_data: { metadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        on,
      );
      if (!session.url) throw new Error('setup session without url');
      return { url: session.url, sessionId: session.id, customerId };
    },

    async mandateDetails(setupIntentId, accountId) {
      const si = await stripe.setupIntents.retrieve(
        setupIntentId,
        { expand: ['payment_method', 'mandate'] },
        { stripeAccount: accountId },
      );
      const pm = typeof si.payment_method === 'object' ? si.payment_method : null;
      const mandate = typeof si.mandate === 'object' ? si.mandate : null;
      const sepa = pm?.sepa_debit;
      return {
        paymentMethodId: idOf(si.payment_method) ?? '',
        mandateId: idOf(si.mandate),
        reference: mandate?.payment_method_details?.sepa_debit?.reference ?? null,
        accountHolder: pm?.billing_details?.name ?? '',
        country: sepa?.country ?? '',
        last4: sepa?.last4 ?? '',
      };
    },

    async chargeMandate(input) {
      const pi = await stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency,
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          mandate: input.mandateId,
          allowed_payment_method_types: ['sepa_debit'],
          confirm: true,
          off_session: true,
          description: input.description,
          metadata: {
            payment_request_id: input.paymentRequestId,
            coproprietaire_id: input.coproprietaireId,
          },
        },
        { stripeAccount: input.accountId, idempotencyKey: `mandate-debit-${input.paymentRequestId}` },
      );
      return { paymentIntentId: pi.id, status: pi.status };
    },

    async detachPaymentMethod(paymentMethodId, accountId) {
      await stripe.paymentMethods.detach(paymentMethodId, {}, { stripeAccount: accountId });
    },
  };
}
