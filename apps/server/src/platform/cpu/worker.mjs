// A worker thread of the CPU pool (pool.ts). Plain JavaScript so that it starts the same under
// tsx, vitest or plain node: it registers tsx's loader, then imports the TypeScript tasks.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { tasks } = await import('./tasks.ts');

parentPort.on('message', async ({ id, task, args }) => {
  try {
    const result = await tasks[task](...args);
    const transfer =
      result instanceof Uint8Array &&
      result.byteOffset === 0 &&
      result.byteLength === result.buffer.byteLength
        ? [result.buffer]
        : [];
    parentPort.postMessage({ id, ok: true, result }, transfer);
  } catch (err) {
    parentPort.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
parentPort.postMessage({ ready: true });
