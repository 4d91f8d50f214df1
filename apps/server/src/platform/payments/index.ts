import type { Config } from '../../config.js';
import { sandboxAdapter } from './sandbox.js';
import { stripeAdapter } from './stripe.js';
import type { PaymentsAdapter } from './types.js';

export type { PaymentsAdapter } from './types.js';

/**
 * Stripe when STRIPE_SECRET_KEY is set; otherwise the sandbox, except in production where
 * card payments are then simply unavailable (check-stripe-ready answers false).
 */
export function createPaymentsAdapter(config: Config): PaymentsAdapter | null {
  if (config.stripe) return stripeAdapter(config.stripe);
  if (config.env === 'production') return null;
  return sandboxAdapter(config.appSecret);
}
