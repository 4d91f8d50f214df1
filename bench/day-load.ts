/**
 * The open-loop driver of `npm run bench:day`: journeys start at a fixed arrival rate whatever the
 * server answers (a slow server meets more journeys in flight, as it would from real co-owners,
 * not fewer as in a closed loop of connections). Each journey is one co-owner's requests in turn,
 * as a browser sends them. HTTP/2 over TLS to nginx, on node:http2 (no dependency; a pool of
 * sessions, as many browsers would hold). The server's time of each request is nginx's
 * $upstream_response_time, found in its access log by the request id nginx answered.
 */
import { readFileSync, statSync } from 'node:fs';
import http2 from 'node:http2';

export interface Req {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  token?: string;
  ip: string;
  json?: unknown;
  form?: string;
}
export interface Res {
  status: number;
  body: string;
  ms: number;
}
interface Sample {
  name: string;
  status: number;
  id: string;
  ms: number;
}

/** Sessions to nginx, one per `slot` modulo the pool's size, reopened when one closes. */
export class H2Pool {
  private sessions: http2.ClientHttp2Session[] = [];
  samples: Sample[] = [];
  constructor(
    private origin: string,
    private size = 32,
  ) {}

  private session(slot: number) {
    const i = slot % this.size;
    let s = this.sessions[i];
    if (!s || s.closed || s.destroyed) {
      s = http2.connect(this.origin, { rejectUnauthorized: false });
      s.on('error', () => {}); // each stream reports its own failure
      this.sessions[i] = s;
    }
    return s;
  }

  /** One request; a transport failure answers status 0 (an error of the step). */
  request(slot: number, r: Req): Promise<Res> {
    const t0 = performance.now();
    return new Promise((resolve) => {
      let status = 0;
      let id = '';
      let body = '';
      const done = () => {
        const ms = performance.now() - t0;
        this.samples.push({ name: r.name, status, id, ms });
        resolve({ status, body, ms });
      };
      const payload = r.json !== undefined ? JSON.stringify(r.json) : r.form;
      let st: http2.ClientHttp2Stream;
      try {
        st = this.session(slot).request({
          ':method': r.method ?? 'GET',
          ':path': r.path,
          'x-forwarded-for': r.ip,
          'user-agent': 'tantieme-bench-day',
          ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
          ...(r.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(r.form !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        });
      } catch (e) {
        body = String(e);
        return done();
      }
      st.setEncoding('utf8');
      st.on('response', (h) => {
        status = Number(h[':status']);
        // nginx's header and the instance's echo of it: the same id twice.
        id = String(h['x-request-id'] ?? '').split(',')[0]!;
      });
      st.on('data', (c: string) => {
        body += c;
      });
      st.on('end', done);
      st.on('error', (e) => {
        status = 0;
        body = String(e);
        done();
      });
      st.setTimeout(30_000, () => st.close(http2.constants.NGHTTP2_CANCEL));
      st.end(payload);
    });
  }

  close() {
    for (const s of this.sessions) s?.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface StepResult {
  rate: number;
  journeys: number;
  requests: number;
  errors: Record<string, number>;
  /** The server's time (nginx's upstream time), ms. */
  p50: number;
  p99: number;
  /** The client's time through nginx and TLS, ms. */
  clientP99: number;
  /** How late the driver started its last journeys: it must stay small for the rate to be the rate. */
  lateMs: number;
  byName: Record<string, { n: number; p99: number }>;
}

const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]! : 0;

/** nginx's access log since `from` (bytes): request id → upstream seconds (summed over retries). */
function upstreamTimes(log: string, from: number): Map<string, number> {
  const out = new Map<string, number>();
  const text = readFileSync(log).subarray(from).toString('utf8');
  for (const line of text.split('\n')) {
    // … $request_time $upstream_addr $upstream_response_time $request_id
    const m = / (\S+(?:, \S+)*) ((?:[\d.]+|-)(?:, (?:[\d.]+|-))*) ([0-9a-f]{32})$/.exec(line);
    if (!m) continue;
    const secs = m[2]!.split(', ').reduce((s, x) => s + (x === '-' ? 0 : Number(x)), 0);
    out.set(m[3]!, secs * 1000);
  }
  return out;
}

/** `rate` journeys a second for `seconds`, then waits for the last ones to finish. */
export async function step(
  pool: H2Pool,
  accessLog: string,
  rate: number,
  seconds: number,
  journey: (n: number) => Promise<void>,
): Promise<StepResult> {
  pool.samples = [];
  const from = statSync(accessLog).size;
  const total = Math.max(1, Math.round(rate * seconds));
  const t0 = performance.now();
  const running: Promise<void>[] = [];
  const failures: string[] = [];
  let lateMs = 0;
  for (let n = 0; n < total; n++) {
    const at = t0 + (n * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 1) await sleep(wait);
    else lateMs = Math.max(lateMs, -wait);
    running.push(journey(n).catch((e: Error) => void failures.push(e.message)));
  }
  await Promise.all(running);
  await sleep(200); // nginx writes its log line after the response
  const server = upstreamTimes(accessLog, from);
  const errors: Record<string, number> = {};
  for (const f of failures) errors[f] = (errors[f] ?? 0) + 1;
  const times: number[] = [];
  const byName: Record<string, number[]> = {};
  for (const s of pool.samples) {
    if (s.status === 0 || s.status >= 400) {
      const k = `${s.name}: ${s.status}`;
      errors[k] = (errors[k] ?? 0) + 1;
    }
    const t = server.get(s.id);
    if (t === undefined) continue;
    times.push(t);
    const list = byName[s.name] ?? [];
    list.push(t);
    byName[s.name] = list;
  }
  return {
    rate,
    journeys: total,
    requests: pool.samples.length,
    errors,
    p50: pct(times, 50),
    p99: pct(times, 99),
    clientP99: pct(
      pool.samples.map((s) => s.ms),
      99,
    ),
    lateMs,
    byName: Object.fromEntries(Object.entries(byName).map(([k, v]) => [k, { n: v.length, p99: pct(v, 99) }])),
  };
}
