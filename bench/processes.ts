/** Processes of a benchmark run: the servers it starts and stops, and autocannon driving them. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
/** The server runs with the Node flags of its own start script (decision 67), as `npm start` runs it. */
export const SERVER_FLAGS = (
  JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start
  .split(/\s+/)
  .filter((a) => a.startsWith('--'));

/** Starts `tsx args` in `cwd` (default the repository) and resolves once it answers. */
export function start(
  args: string[],
  env: Record<string, string>,
  port: number,
  cwd = root,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, args, {
      cwd,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code})`)));
    const deadline = Date.now() + 180_000;
    const poll = async () => {
      try {
        const r = await fetch(
          `http://127.0.0.1:${port}${args[0].includes('bare') ? '/bare/10' : args[0].includes('floor') ? '/floor/none' : '/api/health'}`,
        );
        if (r.ok || (args[0].includes('floor') && r.status === 404)) return resolve(child);
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) reject(new Error('server did not start'));
      else setTimeout(poll, 300);
    };
    void poll();
  });
}

export const stop = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    c.removeAllListeners('exit');
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
    setTimeout(() => c.kill('SIGKILL'), 5000).unref();
  });

export async function drive(
  url: string,
  connections: number,
  pick: (i: number) => { path: string; headers: Record<string, string>; method?: string; body?: string },
) {
  let i = 0;
  const r = await autocannon({
    url,
    connections,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req) => {
          const p = pick(i++);
          return {
            ...req,
            path: p.path,
            method: (p.method ?? 'GET') as 'GET',
            headers: p.headers,
            body: p.body,
          };
        },
      },
    ],
  });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
  };
}
