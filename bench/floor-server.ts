/**
 * The floor of `npm run bench`: for each call, the least any server could do for it. A bare
 * Fastify route that sends the call's own SQL statements — those the application sent for it,
 * captured with SQL_STATS_FILE, as named prepared statements on a pool of the application's size —
 * and answers the call's exact answer, already serialised. No hooks, no authentication code, no
 * mapping, no serialisation: what remains is the statements' cost in PostgreSQL and the driver,
 * and the bytes. A call whose floor is under half of health's req/s cannot reach that share by
 * any work on the server's JavaScript; only less SQL could.
 *
 * PUT /floor/:name {sql: [{text, params}], body} registers a call; GET /floor/:name replays it.
 */
import Fastify from 'fastify';
import pg from 'pg';

interface Floor {
  statements: { name: string; text: string; values: unknown[] }[];
  body: string;
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});
const floors = new Map<string, Floor>();
let next = 0;

const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
app.put<{ Params: { name: string }; Body: { sql: { text: string; params: unknown[] }[]; body: string } }>(
  '/floor/:name',
  async (req) => {
    floors.set(req.params.name, {
      statements: req.body.sql.map((s) => ({ name: `floor_${next++}`, text: s.text, values: s.params })),
      body: req.body.body,
    });
    return { ok: true };
  },
);
app.get<{ Params: { name: string } }>('/floor/:name', async (req, reply) => {
  const floor = floors.get(req.params.name);
  if (!floor) return reply.code(404).send({ success: false });
  for (const s of floor.statements) await pool.query(s);
  return reply.type('application/json; charset=utf-8').send(floor.body);
});
const port = Number(process.env.PORT ?? 3192);
await app.listen({ port, host: '127.0.0.1' });
