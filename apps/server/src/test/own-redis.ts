import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/** Whether a Redis answers PING on the port (false on a refused, closed or silent connection). */
export function redisAnswers(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
    socket.once('connect', () => socket.write('PING\r\n'));
  });
}

export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A redis-server of the test's own (Debian's binary), on its own port, with nothing on disk:
 * a fault test stops and starts it without touching the machine's shared Redis.
 */
export function ownRedis(port = 27000 + Math.floor(Math.random() * 2000)) {
  let proc: ChildProcess | null = null;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      proc = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      await until(() => redisAnswers(port), `redis-server on :${port}`);
    },
    /** SIGKILL: gone at once, as a crashed or unplugged server. */
    async kill() {
      const p = proc;
      proc = null;
      if (!p || p.exitCode !== null) return;
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGKILL');
      await gone;
    },
    /** SIGSTOP / SIGCONT: the connection stays open and nothing answers (a hung server). */
    pause: () => proc?.kill('SIGSTOP'),
    resume: () => proc?.kill('SIGCONT'),
  };
}
