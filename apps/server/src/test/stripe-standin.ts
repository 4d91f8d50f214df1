import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

/** One request the Stripe SDK sent to the stand-in. */
export interface StripeCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The connected account it acted for (Stripe-Account). */
  account: string | undefined;
  idempotency: string | undefined;
  body: URLSearchParams;
}

export interface StripeStandIn {
  port: number;
  /** What the SDK sent since the last `reset()`, in order. */
  seen: StripeCall[];
  /** The id of the last Checkout Session created. */
  lastSession: string;
  /** When set, every new Checkout Session in payment mode answers this (a Stripe error). */
  sessionReply: { status: number; body: object } | null;
  /** Forgets what was seen and the session reply (before each test). */
  reset(): void;
  close(): Promise<void>;
}

/** The amount of a PaymentIntent the stand-in did not create (one of a Checkout Session). */
const CHECKOUT_INTENT_AMOUNT = 81_125;

/**
 * A local HTTP server speaking Stripe's protocol (form-encoded requests, JSON answers, the
 * connected account in Stripe-Account) for the routes Tantième calls, checking what Stripe checks:
 * an account takes charges only as acct_test_ready; Checkout in payment mode offers SEPA with its
 * mandate's reference prefix, in setup mode only SEPA and for a customer; an off-session
 * PaymentIntent is confirmed at once. A PaymentIntent it created, or one named '…sepa…', was paid
 * by SEPA debit, any other by card; its charge's fee is `fee`.
 */
export function startStripeStandIn(opts: { fee: number }): Promise<StripeStandIn> {
  let n = 0;
  const intents = new Map<string, number>();
  const state: Omit<StripeStandIn, 'port' | 'close'> = {
    seen: [],
    lastSession: '',
    sessionReply: null,
    reset() {
      state.seen.length = 0;
      state.sessionReply = null;
    },
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = new URLSearchParams(raw);
      state.seen.push({
        method: req.method ?? '',
        path: url.pathname,
        headers: req.headers,
        account: req.headers['stripe-account'] as string | undefined,
        idempotency: req.headers['idempotency-key'] as string | undefined,
        body,
      });
      const send = (status: number, payload: object) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
        res.end(JSON.stringify(payload));
      };
      const bad = (message: string) => send(400, { error: { type: 'invalid_request_error', message } });
      const p = url.pathname;
      const get = req.method === 'GET';
      const post = req.method === 'POST';

      const account = /^\/v1\/accounts\/([^/]+)$/.exec(p);
      if (get && account)
        return send(200, {
          id: account[1],
          object: 'account',
          charges_enabled: account[1] === 'acct_test_ready',
        });
      if (post && p === '/v1/customers') {
        n += 1;
        return send(200, { id: `cus_standin_${n}`, object: 'customer', email: body.get('email') });
      }
      if (post && p === '/v1/checkout/sessions') {
        n += 1;
        if (body.get('mode') === 'setup') {
          // As Stripe: setup mode needs a customer here and SEPA with its mandate options.
          if (body.get('allowed_payment_method_types[0]') !== 'sepa_debit') return bad('sepa_debit expected');
          if (!body.get('customer')?.startsWith('cus_')) return bad('customer expected');
          if (!body.get('payment_method_options[sepa_debit][mandate_options][reference_prefix]'))
            return bad('mandate_options expected');
          state.lastSession = `cs_test_setup_${n}`;
          return send(200, {
            id: state.lastSession,
            object: 'checkout.session',
            mode: 'setup',
            url: `https://checkout.stripe.com/c/pay/${state.lastSession}`,
            customer: body.get('customer'),
          });
        }
        if (state.sessionReply) return send(state.sessionReply.status, state.sessionReply.body);
        // As Stripe: a SEPA debit is offered with its mandate options, a reference prefix of 12 at most.
        const types = [...body.entries()]
          .filter(([k]) => k.startsWith('allowed_payment_method_types['))
          .map(([, v]) => v);
        const prefix = body.get('payment_method_options[sepa_debit][mandate_options][reference_prefix]');
        if (types.includes('sepa_debit') && !(prefix && /^[A-Z0-9./&_ -]{1,12}$/.test(prefix)))
          return bad('sepa_debit needs mandate_options');
        state.lastSession = `cs_test_standin_${n}`;
        return send(200, {
          id: state.lastSession,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${state.lastSession}`,
          amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
          currency: 'eur',
          payment_status: 'unpaid',
        });
      }
      const si = /^\/v1\/setup_intents\/([^/]+)$/.exec(p);
      if (get && si)
        return send(200, {
          id: si[1],
          object: 'setup_intent',
          status: 'succeeded',
          payment_method: {
            id: `pm_${si[1]}`,
            object: 'payment_method',
            type: 'sepa_debit',
            billing_details: { name: 'Paul Durand' },
            sepa_debit: { country: 'FR', last4: '0189', bank_code: '30006' },
          },
          mandate: {
            id: 'mandate_standin',
            object: 'mandate',
            payment_method_details: {
              type: 'sepa_debit',
              sepa_debit: { reference: `TANTIEME-${si[1].slice(-8).toUpperCase()}` },
            },
          },
        });
      if (post && p === '/v1/payment_intents') {
        for (const k of ['payment_method', 'mandate', 'customer', 'metadata[payment_request_id]'])
          if (!body.get(k)) return bad(`${k} expected`);
        if (body.get('confirm') !== 'true' || body.get('off_session') !== 'true')
          return bad('an off-session debit is confirmed at once');
        const id = `pi_standin_${body.get('metadata[payment_request_id]')?.slice(0, 8)}`;
        intents.set(id, Number(body.get('amount')));
        return send(200, {
          id,
          object: 'payment_intent',
          amount: Number(body.get('amount')),
          currency: body.get('currency'),
          status: 'processing',
          metadata: { payment_request_id: body.get('metadata[payment_request_id]') },
        });
      }
      const pi = /^\/v1\/payment_intents\/([^/]+)$/.exec(p);
      if (get && pi) {
        const amount = intents.get(pi[1]) ?? CHECKOUT_INTENT_AMOUNT;
        const sepa = intents.has(pi[1]) || pi[1].includes('sepa');
        return send(200, {
          id: pi[1],
          object: 'payment_intent',
          amount,
          currency: 'eur',
          latest_charge: {
            id: 'ch_standin',
            object: 'charge',
            payment_method_details: sepa
              ? { type: 'sepa_debit', sepa_debit: { last4: '0189', mandate: 'mandate_standin' } }
              : { type: 'card' },
            balance_transaction: {
              id: 'txn_standin',
              object: 'balance_transaction',
              amount,
              fee: opts.fee,
              net: amount - opts.fee,
              currency: 'eur',
            },
          },
        });
      }
      const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(p);
      if (post && detach) return send(200, { id: detach[1], object: 'payment_method', customer: null });
      return send(404, {
        error: { type: 'invalid_request_error', message: `stand-in: unknown route ${req.method} ${p}` },
      });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(
        Object.assign(state, {
          port: (server.address() as AddressInfo).port,
          close: () => new Promise<void>((r) => server.close(() => r())),
        }),
      ),
    ),
  );
}

/** The server's environment for the Stripe adapter against the stand-in. */
export const stripeEnv = (stand: StripeStandIn, webhookSecret: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: String(stand.port),
  STRIPE_API_PROTOCOL: 'http',
  PUBLIC_URL: 'https://extranet.example.fr',
});

/** A Stripe event posted to the webhook, signed as Stripe signs its deliveries (with `secret`). */
export function postStripeEvent(app: FastifyInstance, event: object, secret: string) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/finances/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}
