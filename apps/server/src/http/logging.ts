import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/** Masks the identifier or code segment of identity paths and every query string. */
export function redactUrl(url: string): string {
  const [p] = url.split('?');
  const masked = p
    .replace(
      /\/accounts\/[^/]+\/(check-account-exists|check-phone-exists|check-forgot-password|reset-password)/,
      '/accounts/[redacted]/$1',
    )
    .replace(/\/(auth-qrcode\/code|extranets\/[a-z-]+|qr-login)\/[^/]+/, '/$1/[redacted]');
  return url.includes('?') ? `${masked}?[redacted]` : masked;
}

/**
 * Personal data and secrets a log line must never carry, whatever wrote it: e-mails, phones
 * (E.164 and French national), argon2 hashes, long random tokens or hex digests, 6-digit codes.
 */
const SCRUB: [RegExp, string][] = [
  [/\$argon2(?:id|i|d)\$[^\s"',]*/g, '[hash]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[email]'],
  [/(?<![\w+-])\+\d{7,15}(?![\w-])/g, '[phone]'],
  [/(?<![\w-])0[1-9](?:[ .]?\d{2}){4}(?![\w-])/g, '[phone]'],
  [
    /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g,
    '[token]',
  ],
  [/(?<![\w.:-])\d{6}(?![\w.:-])/g, '[code]'],
];

export function scrubText(s: string): string {
  let out = s;
  for (const [re, by] of SCRUB) out = out.replace(re, by);
  return out;
}

function scrubValue(v: unknown): unknown {
  if (typeof v === 'string') return scrubText(v);
  if (Array.isArray(v)) return v.map(scrubValue);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrubValue(x)]));
  }
  return v;
}

/** Rewrites every JSON line with its strings scrubbed before it reaches the destination. */
export function scrubbingStream(dest: DestinationStream): DestinationStream {
  return {
    write(line: string) {
      let out: string;
      try {
        out = `${JSON.stringify(scrubValue(JSON.parse(line)))}\n`;
      } catch {
        out = scrubText(line);
      }
      dest.write(out);
    },
  };
}

/** Values quoted in a database message (`invalid input syntax for type uuid: "a@b.fr"`). */
const quoted = (s: string) => s.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/'(?:[^'\\]|\\.)*'/g, "'…'");

/**
 * An error as it may be logged: its type, codes and stack frames, the message without the
 * query parameters (Drizzle appends them), without quoted values and without the `detail`
 * (`Key (email)=(…) already exists`), `params` or `where` of a database error.
 */
export function safeError(err: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!err || typeof err !== 'object') return err === undefined ? undefined : { message: '[non-error]' };
  const e = err as Error & { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };
  const message = quoted(String(e.message ?? '').split(/\nparams:/)[0]);
  const frames = String(e.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 12)
    .join('\n');
  return {
    type: e.constructor?.name ?? 'Error',
    message,
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(typeof e.table === 'string' ? { table: e.table } : {}),
    ...(typeof e.column === 'string' ? { column: e.column } : {}),
    stack: `${e.constructor?.name ?? 'Error'}: ${message}\n${frames}`,
    ...(e.cause && depth < 3 ? { cause: safeError(e.cause, depth + 1) } : {}),
  };
}

/** The server's logger: secrets redacted by path, errors made safe, then every line scrubbed. */
export function createLogger(
  level: string,
  dest: DestinationStream = pino.destination(1),
): FastifyBaseLogger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["x-preview-token"]',
          'req.headers.cookie',
          '*.password',
          '*.new_password',
          '*.old_password',
          '*.code',
          '*.token',
        ],
        censor: '[redacted]',
      },
      serializers: {
        err: (e: unknown) => safeError(e),
        error: (e: unknown) => safeError(e),
        // E-mails, phones and codes sit in a few identity paths: they never reach the logs.
        req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
    },
    scrubbingStream(dest),
  );
}
