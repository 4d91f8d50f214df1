import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Tasks } from './tasks.js';

type Job = {
  id: number;
  task: keyof Tasks;
  args: unknown[];
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
};
type Thread = { worker: Worker; ready: boolean; job: Job | null; idle?: NodeJS.Timeout };

/** A thread left without work this long exits (a test run or a quiet night holds none). */
const IDLE_MS = 15_000;
const workerUrl = new URL('./worker.mjs', import.meta.url);

/**
 * A small pool of worker threads for the CPU-heavy work (the PAdES seal of a PV, proxies and
 * attendance sheets): the event loop stays free for the other requests while a large document
 * is sealed. Threads start on first use, at most CPU_WORKERS (default: the cores less one, at
 * least one), and a thread that dies fails its job only. One pool per process.
 */
export class CpuPool {
  private threads: Thread[] = [];
  private queue: Job[] = [];
  private seq = 0;
  constructor(private readonly size: number) {}

  get queued() {
    return this.queue.length;
  }
  get running() {
    return this.threads.filter((t) => t.job).length;
  }

  run<K extends keyof Tasks>(task: K, ...args: Parameters<Tasks[K]>): Promise<Awaited<ReturnType<Tasks[K]>>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: ++this.seq, task, args, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const thread = this.threads.find((t) => t.ready && !t.job);
      if (!thread) {
        if (this.threads.length >= this.size) return;
        this.spawn();
        return;
      }
      const job = this.queue.shift() as Job;
      clearTimeout(thread.idle);
      thread.job = job;
      thread.worker.postMessage({ id: job.id, task: job.task, args: job.args });
    }
  }

  private spawn() {
    const worker = new Worker(workerUrl);
    worker.unref();
    const thread: Thread = { worker, ready: false, job: null };
    this.threads.push(thread);
    worker.on(
      'message',
      (m: { ready?: boolean; id?: number; ok?: boolean; result?: unknown; message?: string }) => {
        if (m.ready) thread.ready = true;
        else if (thread.job && m.id === thread.job.id) {
          const job = thread.job;
          thread.job = null;
          if (m.ok) job.resolve(m.result);
          else job.reject(new Error(m.message));
        }
        if (!thread.job) {
          thread.idle = setTimeout(() => void worker.terminate(), IDLE_MS);
          thread.idle.unref();
        }
        this.dispatch();
      },
    );
    const gone = (err?: Error) => {
      clearTimeout(thread.idle);
      this.threads = this.threads.filter((t) => t !== thread);
      thread.job?.reject(err ?? new Error('the worker thread stopped'));
      thread.job = null;
      this.dispatch();
    };
    worker.on('error', gone);
    worker.on('exit', () => gone());
  }
}

let shared: CpuPool | null = null;
/** The process's pool (CPU_WORKERS threads at most). */
export function cpuPool(): CpuPool {
  shared ??= new CpuPool(
    Math.max(1, Math.trunc(Number(process.env.CPU_WORKERS) || Math.max(1, os.availableParallelism() - 1))),
  );
  return shared;
}
