/**
 * The reference of `npm run bench`: a bare Fastify route answering a JSON body of the size
 * asked (`/bare/:bytes`), serialised on every request like the app's answers. Nothing else
 * (no auth, no database, no validation): what the machine can do at best in that run.
 */
import Fastify from 'fastify';

const bodies = new Map<number, unknown>();
function bodyOf(bytes: number) {
  let b = bodies.get(bytes);
  if (!b) {
    const items: { id: string; name: string; amount: number }[] = [];
    const one = JSON.stringify({
      id: '00000000-0000-0000-0000-000000000000',
      name: 'Appel de fonds T1',
      amount: 31000,
    });
    while ((items.length + 1) * (one.length + 1) + 40 < bytes)
      items.push({
        id: `00000000-0000-0000-0000-${String(items.length).padStart(12, '0')}`,
        name: 'Appel de fonds T1',
        amount: 31000,
      });
    b = { success: true, data: { items } };
    bodies.set(bytes, b);
  }
  return b;
}

const app = Fastify({ logger: false });
app.get<{ Params: { bytes: string } }>('/bare/:bytes', async (req) =>
  bodyOf(Math.min(5_000_000, Number(req.params.bytes) || 0)),
);
const port = Number(process.env.PORT ?? 3190);
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
