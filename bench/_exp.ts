import pg from 'pg';
import { readFileSync } from 'node:fs';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/importspeed_exp' });
await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8'); const x = f.slice(f.lastIndexOf(')') + 2).split(' '); return (Number(x[11]) + Number(x[12])) / 100; };
const N = 20000;
const rows = Array.from({ length: N }, (_, i) => ({
  coproprietaire_id: `00000000-0000-0000-0001-${String(i % 400).padStart(12, '0')}`,
  copropriete_id: '00000000-0000-0000-0000-000000000002',
  name: `Appel de fonds n° ${i}`, date: '2020-01-01', amount_cents: 1000 + i, remaining_cents: 0, office_remaining_cents: 0, amount_type: 'debit', bill_id: null, payment_transaction_id: null, books_payment_id: null, bill_type: 'other',
}));
const audit = rows.map((r, i) => ({ syndic_id: '00000000-0000-0000-0000-000000000001', api_key_id: null, actor: 'bench', action: 'created', resource: 'ledger_line', resource_id: null, external_id: `B-E${i}`, changes: Object.fromEntries(Object.entries({coproprietaire: `B-C${i%400}`, name: r.name, date: r.date, amount_cents: r.amount_cents, remaining_cents: 0, amount_type: 'debit', bill_type: 'other'}).map(([k, v]) => [k, { before: null, after: v }])) }));
async function run(label: string, q: () => Promise<unknown>) {
  await c.query('begin');
  const c0 = cpu(); const t0 = Date.now(); const n0 = process.cpuUsage();
  await q();
  const t = Date.now() - t0; const c1 = cpu(); const n1 = process.cpuUsage(n0);
  await c.query('rollback');
  console.log(label.padEnd(30), `${t} ms wall`, `${((c1 - c0) * 1000).toFixed(0)} ms pg cpu`, `${((n1.user + n1.system) / 1000).toFixed(0)} ms node cpu`);
}
const cols = ['coproprietaire_id','copropriete_id','name','date','amount_cents','remaining_cents','office_remaining_cents','amount_type','bill_id','payment_transaction_id','books_payment_id','bill_type'];
const types = ['uuid','uuid','text','date','integer','integer','integer','text','uuid','uuid','uuid','text'];
for (let k = 0; k < 3; k++) {
  await run('ledger jsonb_to_recordset', () => c.query(`insert into ledger_lines (${cols}) select ${cols} from jsonb_to_recordset($1::jsonb) as x(${cols.map((c, i) => `${c} ${types[i]}`)})`, [JSON.stringify(rows)]));
  await run('ledger json_to_recordset', () => c.query(`insert into ledger_lines (${cols}) select ${cols} from json_to_recordset($1::json) as x(${cols.map((c, i) => `${c} ${types[i]}`)})`, [JSON.stringify(rows)]));
  await run('ledger json_to_recordset no nulls', () => c.query(`insert into ledger_lines (${cols}) select ${cols} from json_to_recordset($1::json) as x(${cols.map((c, i) => `${c} ${types[i]}`)})`, [JSON.stringify(rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null))))]));
  await run('ledger unnest', () => c.query(`insert into ledger_lines (${cols}) select * from unnest(${cols.map((c, i) => `$${i + 1}::${types[i]}[]`)})`, cols.map((k) => rows.map((r) => (r as any)[k]))));
  const acols = ['syndic_id','api_key_id','actor','action','resource','resource_id','external_id','changes'];
  const atypes = ['uuid','uuid','text','text','text','uuid','text','jsonb'];
  await run('audit jsonb_to_recordset', () => c.query(`insert into syndic_audit_log (${acols}) select ${acols} from jsonb_to_recordset($1::jsonb) as x(${acols.map((c, i) => `${c} ${atypes[i]}`)})`, [JSON.stringify(audit)]));
  if (0) await run('audit unnest', () => c.query(`insert into syndic_audit_log (${acols}) select * from unnest(${acols.map((c, i) => `$${i + 1}::${atypes[i] === 'jsonb' ? 'text' : atypes[i]}[]`)}) as x(${acols}) `.replace('select *', `select ${acols.map((a) => a === 'changes' ? 'changes::jsonb' : a)}`), acols.map((k) => audit.map((r) => k === 'changes' ? JSON.stringify(r.changes) : (r as any)[k]))));
  await run('audit jsonb, changes as text', () => c.query(`insert into syndic_audit_log (${acols}) select ${acols.map((a) => a === 'changes' ? 'changes::jsonb' : a)} from jsonb_to_recordset($1::jsonb) as x(${acols.map((c, i) => `${c} ${atypes[i] === 'jsonb' ? 'text' : atypes[i]}`)})`, [JSON.stringify(audit.map((a) => ({ ...a, changes: JSON.stringify(a.changes) })))]));
  await run('audit json, changes as text', () => c.query(`insert into syndic_audit_log (${acols}) select ${acols.map((a) => a === 'changes' ? 'changes::jsonb' : a)} from json_to_recordset($1::json) as x(${acols.map((c, i) => `${c} ${atypes[i] === 'jsonb' ? 'text' : atypes[i]}`)})`, [JSON.stringify(audit.map((a) => ({ ...a, changes: JSON.stringify(a.changes) })))]));
  await run('audit json, changes as json', () => c.query(`insert into syndic_audit_log (${acols}) select ${acols.map((a) => a === 'changes' ? 'changes::jsonb' : a)} from json_to_recordset($1::json) as x(${acols.map((c, i) => `${c} ${atypes[i] === 'jsonb' ? 'json' : atypes[i]}`)})`, [JSON.stringify(audit)]));
  await run('audit jsonb small changes', () => c.query(`insert into syndic_audit_log (${acols}) select ${acols} from jsonb_to_recordset($1::jsonb) as x(${acols.map((c, i) => `${c} ${atypes[i]}`)})`, [JSON.stringify(audit.map((a) => ({ ...a, changes: {} })))]));
}
await c.end();
