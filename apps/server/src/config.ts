import path from 'node:path';
import { PRIVATE_NETWORKS } from './http/metrics-server.js';

/** Runtime configuration from the environment (README "Production" lists each variable). */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections per instance to PostgreSQL (DATABASE_POOL_MAX, 10). */
  databasePoolMax: number;
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
    /** Each call's limit (STRIPE_TIMEOUT_MS, default 10 s), retried once. */
    timeoutMs?: number;
  };
  s3?: { endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  addressApiUrl?: string;
  maintenanceAppUrl?: string;
  seedDemo: boolean;
  /** Key prefix of rate-limit counters in Redis (tests use a random one). */
  rateLimitNamespace: string;
  logLevel: string;
  /** Multiplies every identity rate limit (RATE_LIMIT_FACTOR; the e2e run raises it, one IP for all specs). */
  rateLimitFactor: number;
  /** Proxy hops whose X-Forwarded-For is trusted (TRUST_PROXY); 0 = the socket address only. */
  trustProxy: number;
  /** Where OpenTelemetry spans go (OTLP/HTTP); none, no tracing code loaded. */
  otlpTracesUrl: string | undefined;
  /** Requests per minute per syndic API key (SYNDIC_API_PER_MINUTE). */
  syndicApiPerMinute: number;
  /** SQL_STATS=1: every answer carries `x-sql-statements` (the benchmark reads it). */
  sqlStats: boolean;
  /** SQL_STATS_FILE, with SQL_STATS=1: each answer appends its statements there (the benchmark's floor). */
  sqlStatsFile: string | null;
  /**
   * RESPONSE_CHECK: every answer is also validated by zod and compared with the compiled
   * serializer's output (on by default outside production; decision 63).
   */
  responseCheck: boolean;
  /**
   * OUTBOUND_ALLOW_LOOPBACK=1: webhooks and Web Push may reach 127.0.0.0/8 and ::1 (a local
   * receiver in tests and development). Always false in production.
   */
  outboundAllowLoopback: boolean;
  /** Web Push VAPID keys (VAPID_*); main.ts generates them into DATA_DIR outside production. */
  vapid?: { publicKey: string; privateKey: string; subject: string };
  /** Ed25519 key signing the assemblies' chain heads (ASSEMBLY_SIGNING_KEY; generated into DATA_DIR outside production). */
  assembleeSigningKey?: string;
  /** Keys retired by a rotation, comma-separated (ASSEMBLY_SIGNING_KEYS_RETIRED): earlier heads verify under them. */
  assembleeSigningKeysRetired?: string;
  /**
   * The certificate that seals the signed PDFs (PAdES): SEAL_CERT_FILE (PEM, its chain may follow),
   * SEAL_KEY_FILE (PEM private key, RSA or ECDSA) and SEAL_KEY_PASSPHRASE if the key is encrypted.
   * Without them, a self-signed one generated once into DATA_DIR/sealing.
   */
  seal?: { certFile: string; keyFile: string; passphrase?: string };
  /**
   * Prometheus metrics on their own port (METRICS_PORT; off when unset), bound to METRICS_HOST
   * (127.0.0.1) and answered to the networks of METRICS_ALLOW only (the private ones by default).
   */
  metrics?: { port: number; host: string; allow: string };
  /** LOG_SQL=1: every SQL statement is logged (its text, never its values) with its request's id. */
  logSql: boolean;
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
        timeoutMs: Number(env.STRIPE_TIMEOUT_MS) > 0 ? Number(env.STRIPE_TIMEOUT_MS) : undefined,
      }
    : undefined;
  return {
    env: mode,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: Math.max(1, Math.trunc(Number(env.DATABASE_POOL_MAX) || 10)),
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
    rateLimitFactor: Math.max(1, Number(env.RATE_LIMIT_FACTOR) || 1),
    trustProxy: Math.max(0, Math.trunc(Number(env.TRUST_PROXY) || 0)),
    otlpTracesUrl:
      env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ||
      (env.OTEL_EXPORTER_OTLP_ENDPOINT
        ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`
        : undefined),
    syndicApiPerMinute: Math.max(1, Math.trunc(Number(env.SYNDIC_API_PER_MINUTE) || 600)),
    sqlStats: env.SQL_STATS === '1',
    sqlStatsFile: env.SQL_STATS_FILE || null,
    responseCheck: env.RESPONSE_CHECK ? env.RESPONSE_CHECK === '1' : mode !== 'production',
    outboundAllowLoopback: mode !== 'production' && env.OUTBOUND_ALLOW_LOOPBACK === '1',
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? {
            publicKey: env.VAPID_PUBLIC_KEY,
            privateKey: env.VAPID_PRIVATE_KEY,
            subject:
              env.VAPID_SUBJECT ||
              `mailto:${/<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1] ?? 'no-reply@tantieme.fr'}`,
          }
        : undefined,
    assembleeSigningKey: env.ASSEMBLY_SIGNING_KEY || undefined,
    assembleeSigningKeysRetired: env.ASSEMBLY_SIGNING_KEYS_RETIRED || undefined,
    seal:
      env.SEAL_CERT_FILE && env.SEAL_KEY_FILE
        ? {
            certFile: env.SEAL_CERT_FILE,
            keyFile: env.SEAL_KEY_FILE,
            passphrase: env.SEAL_KEY_PASSPHRASE || undefined,
          }
        : undefined,
    metrics: env.METRICS_PORT
      ? {
          port: Number(env.METRICS_PORT),
          host: env.METRICS_HOST || '127.0.0.1',
          allow: env.METRICS_ALLOW || PRIVATE_NETWORKS,
        }
      : undefined,
    logSql: env.LOG_SQL === '1',
  };
}
