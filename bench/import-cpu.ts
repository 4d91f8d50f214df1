/**
 * CPU seconds of a phase of `bench:import`: this process (the import's Node side) and the
 * PostgreSQL backends serving the bench database (read from /proc, Linux only). On a shared
 * machine the wall time of a phase moves with the other processes; its CPU seconds hardly do,
 * so the ratios to the floor are given on both.
 */
import { existsSync, readFileSync } from 'node:fs';
import type pg from 'pg';

const TICK_S = 0.01;

function procSeconds(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_S;
  } catch {
    return 0;
  }
}

export interface Cpu {
  node: number;
  pg: number;
}

/** A snapshot function: CPU seconds so far of this process and of `database`'s backends. */
export function cpuMeter(admin: pg.Client, database: string) {
  const onLinux = existsSync('/proc/self/stat');
  return async (): Promise<Cpu | null> => {
    if (!onLinux) return null;
    const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [database]);
    const c = process.cpuUsage();
    return {
      node: (c.user + c.system) / 1e6,
      pg: rows.reduce((s, r) => s + procSeconds(Number(r.pid)), 0),
    };
  };
}

/** What a phase spent between two snapshots (backends opened meanwhile count from zero). */
export const cpuSpent = (a: Cpu | null, b: Cpu | null): Cpu | null =>
  a && b ? { node: b.node - a.node, pg: b.pg - a.pg } : null;
