import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_AFTER_LOAD_MS, registerOfflineWorkerLater } from './offline';

/** A page whose load has or has not happened, with a worker container that counts registrations. */
function page(readyState: 'loading' | 'complete') {
  const onLoad = new Set<() => void>();
  const register = vi.fn(() => new Promise(() => {}));
  const idle = new Map<number, () => void>();
  let nextIdle = 1;
  vi.stubGlobal('document', { readyState });
  vi.stubGlobal('navigator', { serviceWorker: { register } });
  vi.stubGlobal('addEventListener', (type: string, fn: () => void) => type === 'load' && onLoad.add(fn));
  vi.stubGlobal(
    'removeEventListener',
    (type: string, fn: () => void) => type === 'load' && onLoad.delete(fn),
  );
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => {
    idle.set(nextIdle, fn);
    return nextIdle++;
  });
  vi.stubGlobal('cancelIdleCallback', (id: number) => idle.delete(id));
  vi.stubGlobal('window', globalThis);
  return {
    register,
    load: () => {
      for (const fn of [...onLoad]) fn();
      onLoad.clear();
    },
    idle: () => {
      for (const fn of [...idle.values()]) fn();
      idle.clear();
    },
  };
}

describe('registerOfflineWorkerLater', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the load, then the delay, then an idle moment', () => {
    const p = page('loading');
    registerOfflineWorkerLater();
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS * 2);
    p.idle();
    expect(p.register).not.toHaveBeenCalled();
    p.load();
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS - 1);
    p.idle();
    expect(p.register).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(p.register).not.toHaveBeenCalled();
    p.idle();
    expect(p.register).toHaveBeenCalledWith('/sw.js');
  });

  it('counts from now on a page already loaded', () => {
    const p = page('complete');
    registerOfflineWorkerLater();
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS);
    p.idle();
    expect(p.register).toHaveBeenCalledTimes(1);
  });

  it('registers nothing once cancelled (the layout left)', () => {
    const p = page('complete');
    const cancel = registerOfflineWorkerLater();
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS);
    cancel();
    p.idle();
    vi.advanceTimersByTime(REGISTER_AFTER_LOAD_MS);
    expect(p.register).not.toHaveBeenCalled();
  });
});
