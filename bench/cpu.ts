/**
 * CPU time per request, split by process: the server (its process tree: tsx starts
 * Node as a child), every PostgreSQL backend, and this process (autocannon, the load generator).
 * On this 2-core machine the three share the cores, so a call's req/s is about the machine's
 * busy cores over the sum of the three: these columns say which one a call's cost sits in.
 * Linux only (/proc); elsewhere the columns print '–'.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: /proc/<pid>/stat counts utime and stime in ticks of 1/100 s on Linux. */
const TICK_S = 0.01;

export interface Proc {
  ppid: number;
  comm: string;
  seconds: number;
}

export function processes(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid …": comm may hold spaces, so split after its closing bracket.
    const close = stat.lastIndexOf(')');
    const f = stat.slice(close + 2).split(' ');
    out.set(Number(name), {
      ppid: Number(f[1]),
      comm: stat.slice(stat.indexOf('(') + 1, close),
      seconds: (Number(f[11]) + Number(f[12])) * TICK_S,
    });
  }
  return out;
}

export function treeOf(rootPid: number, all: Map<number, Proc>): Set<number> {
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, p] of all)
      if (!tree.has(pid) && tree.has(p.ppid)) {
        tree.add(pid);
        grew = true;
      }
  }
  return tree;
}

export interface CpuSnapshot {
  server: Map<number, number>;
  postgres: Map<number, number>;
  client: number;
}

export const CPU_ACCOUNTING = existsSync('/proc/self/stat');

export function cpuSnapshot(serverPid: number): CpuSnapshot | null {
  if (!CPU_ACCOUNTING) return null;
  const all = processes();
  const tree = treeOf(serverPid, all);
  const server = new Map<number, number>();
  const postgres = new Map<number, number>();
  for (const [pid, p] of all) {
    if (tree.has(pid)) server.set(pid, p.seconds);
    else if (p.comm === 'postgres') postgres.set(pid, p.seconds);
  }
  const c = process.cpuUsage();
  return { server, postgres, client: (c.user + c.system) / 1e6 };
}

/** Seconds each group spent between two snapshots (a process born meanwhile counts from zero). */
function spent(before: Map<number, number>, after: Map<number, number>) {
  let s = 0;
  for (const [pid, t] of after) s += t - (before.get(pid) ?? 0);
  return s;
}

export interface CpuPerRequest {
  server: number;
  postgres: number;
  client: number;
}

/** Microseconds of CPU per request in each group, or null without /proc. */
export function cpuPerRequest(
  before: CpuSnapshot | null,
  after: CpuSnapshot | null,
  requests: number,
): CpuPerRequest | null {
  if (!before || !after || requests <= 0) return null;
  const us = (s: number) => (1e6 * s) / requests;
  return {
    server: us(spent(before.server, after.server)),
    postgres: us(spent(before.postgres, after.postgres)),
    client: us(after.client - before.client),
  };
}

export const formatCpu = (c: CpuPerRequest | null | undefined) =>
  c ? `${c.server.toFixed(0)} · ${c.postgres.toFixed(0)} · ${c.client.toFixed(0)}` : '–';
