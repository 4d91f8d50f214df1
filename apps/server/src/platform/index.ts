import path from 'node:path';
import type { Config } from '../config.js';
import { type OutboundPolicy, outboundPolicy } from '../lib/outbound-address.js';
import { type LreAdapter, lreAdapterFromEnv } from './lre/index.js';
import { outboxOnlyMailAdapter, smtpMailAdapter, type MailAdapter } from './mail.js';
import { httpSmsAdapter, outboxOnlySmsAdapter, type SmsAdapter } from './sms.js';
import { createPaymentsAdapter, type PaymentsAdapter } from './payments/index.js';
import { type PushAdapter, webPushAdapter } from './push.js';
import { s3StorageAdapter } from './s3.js';
import { createSealer, type Sealer } from './sealing/index.js';
import { localStorageAdapter, type StorageAdapter } from './storage.js';

export interface Platform {
  mail: MailAdapter;
  sms: SmsAdapter;
  /** Lettre recommandée électronique: the convocations of co-owners who consented (loi art. 42-1). */
  lre: LreAdapter;
  storage: StorageAdapter;
  /** Card payments: Stripe, the sandbox, or null (production without Stripe keys). */
  payments: PaymentsAdapter | null;
  /** Web Push with the VAPID keys of the config; null when none are configured (tests). */
  push: PushAdapter | null;
  /** Where URLs given from outside (webhooks, push subscriptions) may lead, and how names resolve. */
  outbound: OutboundPolicy;
  /** Seals the signed minutes, attendance sheets and proxies as PDF (PAdES). */
  sealer: Sealer;
}

/** Chooses each adapter from the environment; every one has a working local default. */
export function createPlatform(config: Config, overrides: Partial<Platform> = {}): Platform {
  const smsUrl = process.env.SMS_API_URL;
  const outbound = overrides.outbound ?? outboundPolicy(config);
  return {
    mail:
      overrides.mail ??
      (config.smtpUrl ? smtpMailAdapter(config.smtpUrl, config.mailFrom) : outboxOnlyMailAdapter()),
    sms:
      overrides.sms ??
      (smsUrl ? httpSmsAdapter(smsUrl, process.env.SMS_API_KEY ?? '') : outboxOnlySmsAdapter()),
    lre: overrides.lre ?? lreAdapterFromEnv(),
    storage:
      overrides.storage ??
      (config.s3
        ? s3StorageAdapter(config.s3, config.appSecret)
        : localStorageAdapter(path.join(config.dataDir, 'files'), config.appSecret)),
    payments: overrides.payments !== undefined ? overrides.payments : createPaymentsAdapter(config),
    push:
      overrides.push !== undefined
        ? overrides.push
        : config.vapid
          ? webPushAdapter(config.vapid, { outbound })
          : null,
    outbound,
    sealer: overrides.sealer ?? createSealer(config),
  };
}
