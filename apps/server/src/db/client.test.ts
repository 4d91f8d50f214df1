import { describe, expect, it } from 'vitest';
import { oneStatementAtATime } from './client.js';

/** A connection that answers after `ms`, counting the statements it holds at once. */
function connection() {
  let running = 0;
  let most = 0;
  const order: string[] = [];
  const client = {
    query: (async (text: string, ms = 20) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      if (text === 'fail') throw new Error('refused');
      order.push(text);
      return { rows: [text] };
    }) as never,
  };
  return { client, most: () => most, order };
}

describe('one statement at a time on a connection', () => {
  it('holds a statement given while another runs until that one is done, in the order given', async () => {
    const c = connection();
    oneStatementAtATime(c.client);
    const q = c.client.query as unknown as (text: string, ms?: number) => Promise<{ rows: string[] }>;
    const answers = await Promise.all([q('a', 40), q('b', 5), q('c', 5)]);
    expect(answers.map((a) => a.rows[0])).toEqual(['a', 'b', 'c']);
    expect(c.order).toEqual(['a', 'b', 'c']);
    expect(c.most()).toBe(1);
  });

  it('a refused statement does not hold the next one back', async () => {
    const c = connection();
    oneStatementAtATime(c.client);
    const q = c.client.query as unknown as (text: string, ms?: number) => Promise<{ rows: string[] }>;
    const [failed, next] = await Promise.allSettled([q('fail'), q('after')]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'refused' } });
    expect(next).toMatchObject({ status: 'fulfilled', value: { rows: ['after'] } });
  });

  it('the callback form passes straight through', async () => {
    const c = connection();
    oneStatementAtATime(c.client);
    const q = c.client.query as unknown as (text: string, ms: number, cb: () => void) => Promise<unknown>;
    await Promise.all([q('x', 20, () => {}), q('y', 20, () => {})]);
    expect(c.most()).toBe(2);
  });
});
