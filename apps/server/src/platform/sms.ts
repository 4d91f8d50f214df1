export interface SmsAdapter {
  readonly kind: 'http' | 'outbox-only';
  send(to: string, text: string): Promise<void>;
}

/**
 * A generic HTTP SMS provider: POST JSON {to, text, sender} with a bearer key to SMS_API_URL.
 * Most French providers (OVH, Brevo, Twilio-compatible gateways) take a call of this shape
 * behind a small proxy; the URL and key come from SMS_API_URL / SMS_API_KEY.
 */
export function httpSmsAdapter(url: string, apiKey: string, sender = 'Tantieme'): SmsAdapter {
  return {
    kind: 'http',
    async send(to, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({ to, text, sender }),
      });
      if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
    },
  };
}

export function outboxOnlySmsAdapter(): SmsAdapter {
  return { kind: 'outbox-only', async send() {} };
}
