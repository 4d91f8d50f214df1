import path from 'node:path';

/** Runtime configuration from the environment (README "Production" lists each variable). */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  publicUrl: string;
  /** Secret for HMAC-signed file URLs and other server-side signatures. */
  appSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  payments: 'sandbox' | 'stripe';
  stripe?: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    host?: string;
    port?: number;
    protocol?: 'http' | 'https';
  };
  s3?: { endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  addressApiUrl?: string;
  maintenanceAppUrl?: string;
  seedDemo: boolean;
  /** Key prefix of rate-limit counters in Redis (tests use a random one). */
  rateLimitNamespace: string;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  const port = Number(env.PORT ?? 3000);
  const stripe = env.STRIPE_SECRET_KEY
    ? {
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
        host: env.STRIPE_API_HOST,
        port: env.STRIPE_API_PORT ? Number(env.STRIPE_API_PORT) : undefined,
        protocol: (env.STRIPE_API_PROTOCOL as 'http' | 'https' | undefined) ?? undefined,
      }
    : undefined;
  return {
    env: mode,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    appSecret: env.APP_SECRET ?? '',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Tantième <no-reply@tantieme.fr>',
    payments: stripe ? 'stripe' : 'sandbox',
    stripe,
    s3: env.S3_BUCKET
      ? {
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'fr-par',
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
        }
      : undefined,
    addressApiUrl: env.ADDRESS_API_URL ?? 'https://api-adresse.data.gouv.fr',
    maintenanceAppUrl: env.MAINTENANCE_APP_URL || undefined,
    // Demo data only on the embedded default, or when explicitly asked for.
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' : mode !== 'production' && !env.DATABASE_URL,
    rateLimitNamespace: env.RATE_LIMIT_NAMESPACE ?? 'tantieme-rl-',
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
  };
}
