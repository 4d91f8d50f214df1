/**
 * Fault: an instance killed mid-request (kill -9), through nginx, on a deployment deploy/up.sh
 * started with the demo data and DEPLOY_DEBUG_HEADERS=1. Claire sends a burst of chat messages
 * while the instance holding her socket is killed; then:
 * - every message answered 2xx is in the conversation (nothing acknowledged lost);
 * - the writes after the kill are all answered by the other instance;
 * - her socket reconnects (to the other instance) and hears Paul's next message live.
 * Exit 0 when all hold, 1 otherwise. Run: node_modules/.bin/tsx deploy/faults/kill-instance.ts
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { CHAT_EVENTS } from '@tantieme/contract';
import { io, type Socket } from 'socket.io-client';

const run = process.env.DEPLOY_DIR ?? path.resolve('.deploy');
const BASE = `https://127.0.0.1:${process.env.HTTPS_PORT ?? 3150}`;
const APP_PORTS = (process.env.APP_PORTS ?? '3152 3153').split(/\s+/).filter(Boolean);
const BURST = Number(process.env.FAULT_BURST ?? 40);
const KILL_AFTER = Math.floor(BURST / 3);
const PASSWORD = 'Tilleuls2024';
// The deployment's certificate is self-signed: this agent trusts it, for 127.0.0.1 only.
const agent = new https.Agent({ rejectUnauthorized: false, keepAlive: true, maxSockets: 4 });

type Answer = { status: number; body: { data?: unknown; code?: string }; upstream: string };
function call(method: string, url: string, token?: string, data?: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = data === undefined ? undefined : Buffer.from(JSON.stringify(data));
    const req = https.request(
      `${BASE}${url}`,
      {
        method,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let body = {};
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {}
          resolve({ status: res.statusCode ?? 0, body, upstream: String(res.headers['x-upstream'] ?? '') });
        });
      },
    );
    // A connection nginx could not answer on counts as not acknowledged.
    req.on('error', () => resolve({ status: 0, body: {}, upstream: '' }));
    req.end(payload);
  });
}
const data = <T>(a: Answer) => a.body.data as T;

async function signIn(email: string) {
  const r = await call('POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  if (r.status !== 200) throw new Error(`sign-in ${email}: ${r.status}`);
  const token = data<{ token: string }>(r).token;
  const all = data<{ id: string; coproprietes: { name: string }[] }[]>(
    await call('GET', '/api/coproprietaires/all', token),
  );
  const rec = all.find((x) => x.coproprietes[0].name.includes('Tilleuls'));
  if (!rec) throw new Error(`${email}: no record in Les Tilleuls`);
  return { token, id: rec.id };
}

/** The instance nginx hands a client address's sockets to. */
function socketInstance(localAddress: string): Promise<string> {
  return new Promise((resolve, reject) => {
    https
      .get(
        `${BASE}/socket.io/?EIO=4&transport=polling`,
        { rejectUnauthorized: false, localAddress },
        (res) => {
          res.resume();
          resolve(String(res.headers['x-upstream'] ?? ''));
        },
      )
      .on('error', reject);
  });
}

function connect(token: string, localAddress: string): Socket {
  return io(BASE, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    rejectUnauthorized: false,
    localAddress,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
  } as Parameters<typeof io>[1]);
}
const once = <T>(s: Socket, event: string, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    s.once(event, (v: T) => {
      clearTimeout(timer);
      resolve(v);
    });
  });

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const claire = await signIn('claire.martin@example.fr');
const paul = await signIn('paul.durand@example.fr');
const candidates = data<{ id: string; type: string; name: string }[]>(
  await call('GET', `/api/coproprietaires/${claire.id}/chat/candidates`, claire.token),
);
const contact = candidates.find((x) => x.name.includes('Durand'));
if (!contact) throw new Error('Paul is not among the candidates');
const conv = data<{ id: string }>(
  await call('POST', `/api/coproprietaires/${claire.id}/chat/conversations`, claire.token, {
    participant_id: contact.id,
    participant_type: contact.type,
  }),
).id;

// Claire's socket, and the instance it is on: the one to kill.
const at = '127.0.0.9';
const victim = await socketInstance(at);
const victimIndex = APP_PORTS.findIndex((p) => victim.endsWith(`:${p}`));
if (victimIndex < 0) throw new Error(`which instance holds the socket? X-Upstream '${victim}'`);
// The pid file names tsx, which runs the server in a child process: the child is what dies.
const wrapper = readFileSync(path.join(run, 'pids', `app${victimIndex + 1}.pid`), 'utf8').trim();
const child = execFileSync('pgrep', ['-P', wrapper], { encoding: 'utf8' }).trim().split('\n')[0];
const victimPid = Number(child || wrapper);
const s = connect(claire.token, at);
await once(s, 'connect', 10_000);
await s.emitWithAck(CHAT_EVENTS.joinConversation, conv);

// The burst: three at a time; the victim is killed (no SIGTERM, no drain) after a third.
const acked: string[] = [];
const after: Answer[] = [];
let killedAt = -1;
let next = 0;
async function sender() {
  while (next < BURST) {
    const n = next++;
    if (n === KILL_AFTER && killedAt < 0) {
      killedAt = n;
      process.kill(victimPid, 'SIGKILL');
      console.log(`killed instance ${victim} (pid ${victimPid}) at write ${n}`);
    }
    const r = await call(
      'POST',
      `/api/coproprietaires/${claire.id}/chat/conversations/${conv}/messages`,
      claire.token,
      {
        text: `Message de charge n° ${n + 1}`,
      },
    );
    if (r.status >= 200 && r.status < 300) acked.push(data<{ id: string }>(r).id);
    if (killedAt >= 0 && n >= killedAt + 3) after.push(r);
  }
}
const disconnected = once(s, 'disconnect', 15_000);
disconnected.catch(() => undefined);
await Promise.all([sender(), sender(), sender()]);
console.log(`${acked.length} of ${BURST} writes acknowledged`);
check(
  acked.length >= BURST - 3,
  `at most the 3 writes in flight at the kill went unacknowledged (${BURST - acked.length})`,
);
check(
  // nginx lists each instance it tried, the dead one first: the last one answered.
  after.every((r) => r.status === 200 && r.upstream.split(', ').at(-1) !== victim),
  `every later write answered 200 by the other instance (${after.length})`,
);

// Every acknowledged message is in the conversation (pages of 25, older ones with `before`).
const seen = new Set<string>();
let before: string | undefined;
for (let page = 0; page < 20; page++) {
  const q = before ? `?before=${before}` : '';
  const r = await call(
    'GET',
    `/api/coproprietaires/${claire.id}/chat/conversations/${conv}/messages${q}`,
    claire.token,
  );
  const { messages: items, has_more } = data<{ messages: { id: string }[]; has_more: boolean }>(r);
  for (const m of items) seen.add(m.id);
  if (!has_more || acked.every((id) => seen.has(id))) break;
  before = items[0].id;
}
const lost = acked.filter((id) => !seen.has(id));
check(lost.length === 0, `every acknowledged write is stored (${lost.length} missing)`);

// The socket went down with its instance, reconnects to the other, and hears Paul live again.
check(
  await disconnected.then(
    () => true,
    () => false,
  ),
  'the socket on the killed instance went down',
);
if (!s.connected) await once(s, 'connect', 20_000).catch(() => undefined);
check(s.connected, 'the socket reconnected');
if (s.connected) {
  await s.emitWithAck(CHAT_EVENTS.joinConversation, conv);
  const hears = once<{ id?: string }>(s, CHAT_EVENTS.message, 10_000).then(
    () => true,
    () => false,
  );
  const reply = await call(
    'POST',
    `/api/coproprietaires/${paul.id}/chat/conversations/${conv}/messages`,
    paul.token,
    {
      text: 'Bien reçu, malgré la panne.',
    },
  );
  check(reply.status === 200, 'Paul writes after the kill');
  check(await hears, 'Claire hears it live on her reconnected socket');
}
s.close();
agent.destroy();
console.log(failures.length ? `fault kill-instance: ${failures.length} failed` : 'fault kill-instance: ok');
process.exit(failures.length ? 1 : 0);
