import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { optimisticCell } from './optimisticCell';

type Switches = Record<'a' | 'b', '0' | '1'>;
type Change = { key: 'a' | 'b'; value: '0' | '1' };
const KEY = ['switches'];

function setup() {
  const qc = new QueryClient();
  qc.setQueryData<Switches>(KEY, { a: '1', b: '1' });
  const cell = optimisticCell<Switches, Change>(
    qc,
    KEY,
    { set: (d, v) => ({ ...d, [v.key]: v.value }), copy: (d, from, v) => ({ ...d, [v.key]: from[v.key] }) },
    'switches',
  );
  return { qc, cell, read: () => qc.getQueryData<Switches>(KEY) };
}

describe('optimisticCell', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a change at once', async () => {
    const { cell, read } = setup();
    await cell.onMutate({ key: 'a', value: '0' });
    expect(read()).toEqual({ a: '0', b: '1' });
  });

  it("an earlier call's answer keeps a later switch where it was put", async () => {
    const { cell, read } = setup();
    await cell.onMutate({ key: 'a', value: '0' });
    await cell.onMutate({ key: 'b', value: '0' });
    // The server answered a's call before b's was saved: b is still '1' there.
    cell.answered({ a: '0', b: '1' }, { key: 'a', value: '0' });
    expect(read()).toEqual({ a: '0', b: '0' });
    cell.answered({ a: '0', b: '0' }, { key: 'b', value: '0' });
    expect(read()).toEqual({ a: '0', b: '0' });
  });

  it('a refusal rolls back its own switch only', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { cell, read } = setup();
    const ctxA = await cell.onMutate({ key: 'a', value: '0' });
    await cell.onMutate({ key: 'b', value: '0' });
    cell.onError(new Error('500'), { key: 'a', value: '0' }, ctxA);
    expect(read()).toEqual({ a: '1', b: '0' });
    expect(console.error).toHaveBeenCalledWith('switches update failed', expect.any(Error));
  });
});
