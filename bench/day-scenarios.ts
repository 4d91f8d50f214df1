/** The journeys of `npm run bench:day`: what one co-owner does, request after request. */
import type { Who } from './calls.js';
import type { Assembly, Owner } from './day-data.js';
import { PASSWORD } from './day-data.js';
import type { H2Pool, Res } from './day-load.js';

const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const must = (what: string, res: Res, ok = (s: number) => s >= 200 && s < 300) => {
  if (ok(res.status)) return;
  if (process.env.DAY_DEBUG) console.error(what, res.status, res.body.slice(0, 300));
  throw new Error(`${what}: ${res.status}`);
};

/**
 * The morning after a quarter's appels: sign in with the password, read the statement, open the
 * payment page and, when something is owed, pay the oldest line by card (the sandbox checkout:
 * the session, then 'Payer', which posts the provider's signed event to the webhook).
 */
export const morning = (pool: H2Pool, owners: Owner[]) => {
  // A fresh co-owner each journey, across the steps too: one who paid has nothing left to pay.
  let next = 0;
  return (n: number) => morningOf(pool, owners[next++ % owners.length]!, n);
};

async function morningOf(pool: H2Pool, o: Owner, n: number) {
  const base = `/api/finances/coproprietes/${o.copro}/coproprietaires/${o.record}`;
  const login = await pool.request(n, {
    name: 'sign-in',
    method: 'POST',
    path: '/api/auth/login',
    ip: o.ip,
    json: { email: o.email, password: PASSWORD },
  });
  must('sign-in', login);
  const token = data<{ token: string }>(login.body).token;
  const ask = (name: string, path: string) => pool.request(n, { name, path, token, ip: o.ip });
  must('profile', await ask('profile', '/api/accounts/profile'));
  must('statement', await ask('statement', `${base}/ledger`));
  const pay = await ask('payable lines', `${base}/data-for-payment`);
  must('payable lines', pay);
  const first = data<{ debits: { id: string; amount: number }[] }>(pay.body).debits[0];
  if (!first) return;
  const session = await pool.request(n, {
    name: 'card checkout session',
    method: 'POST',
    path: `${base}/generate-session-payment-request-by-stripe`,
    token,
    ip: o.ip,
    json: { debits: [{ id: first.id, amount: first.amount }], credits: [], pay_amount: first.amount },
  });
  must('card checkout session', session);
  const { sessionId } = data<{ sessionId: string }>(session.body);
  const paid = await pool.request(n, {
    name: 'card paid (webhook)',
    method: 'POST',
    path: `/sandbox-checkout/${sessionId}/pay`,
    ip: o.ip,
    form: '',
  });
  must('card paid', paid, (s) => s === 303);
}

/**
 * An assembly evening: a co-owner of the large building opens the assembly, its resolutions, and
 * votes (a chained record under the assembly's lock); one in five downloads the ballot receipt.
 */
export const assembly = (pool: H2Pool, a: Assembly) => async (n: number) => {
  const o = a.owners[n % a.owners.length]!;
  const ask = (name: string, path: string) => pool.request(n, { name, path, token: o.token, ip: o.ip });
  const ag = `/api/assemblee/${a.ag}/coproprietes/${a.copro}/coproprietaire/${o.record}`;
  must(
    'assemblies',
    await ask(
      'assemblies',
      `/api/assemblee/coproprietes/${a.copro}/coproprietaire/${o.record}/get-list-ag-available`,
    ),
  );
  must('resolutions', await ask('resolutions', `${ag}/resolutions`));
  const choice = (['agree', 'disagree', 'abstain'] as const)[n % 3];
  const vote = await pool.request(n, {
    name: 'vote',
    method: 'POST',
    path: `${ag}/resolution/vote-internet`,
    token: o.token,
    ip: o.ip,
    json: {
      coproprietaire: { id: o.record, name: o.name },
      list_data: a.resolutions.map((r) => ({
        id: r.id,
        title: r.title,
        field: {
          vote_1: { vote_value: choice },
          vote_2: { vote_value: r.article === 'ART-24' ? null : choice },
        },
        has_vote_two: r.article !== 'ART-24',
      })),
    },
  });
  must('vote', vote);
  if (n % 5 === 0) must('ballot receipt', await ask('ballot receipt', `${ag}/ballot-receipt`));
};

/**
 * The everyday trickle, in turn: a chat message to the syndic (the conversation opened or found,
 * the message sent, the thread read), a signalement (the building's list, then a new one), the
 * documents (the building's, one's own of a type) and the notifications.
 */
export const trickle = (pool: H2Pool, users: (Who & { ip: string })[]) => async (n: number) => {
  const w = users[n % users.length]!;
  const ask = (name: string, path: string, method?: 'POST', json?: unknown) =>
    pool.request(n, { name, path, method, json, token: w.token, ip: w.ip });
  switch (n % 3) {
    case 0: {
      const conv = await ask('chat: open', `/api/coproprietaires/${w.record}/chat/conversations`, 'POST', {
        participant_id: w.syndic,
        participant_type: 'syndic',
      });
      must('chat: open', conv);
      const id = data<{ id: string }>(conv.body).id;
      const path = `/api/coproprietaires/${w.record}/chat/conversations/${id}/messages`;
      must('chat: send', await ask('chat: send', path, 'POST', { text: `Bonjour, message n° ${n}.` }));
      must('chat: read', await ask('chat: read', path));
      return;
    }
    case 1:
      must('signalements', await ask('signalements', `/api/signalements/coproprietaires/${w.record}`));
      must(
        'signalement: new',
        await ask('signalement: new', `/api/signalements/coproprietaires/${w.record}`, 'POST', {
          title: 'Ampoule grillée dans le hall',
          place: 'HALL',
          lot_id: null,
          description: "L'éclairage du hall ne fonctionne plus depuis ce matin.",
          visibility: 'IMMEUBLE',
          photos: [],
        }),
      );
      return;
    default:
      must(
        'building documents',
        await ask('building documents', '/api/documents/get-copropriete-documents', 'POST', {
          copro_ids: [w.copro],
        }),
      );
      must('own documents', await ask('own documents', `/api/documents/${w.record}/types/${w.docType}`));
      must(
        'notifications',
        await ask('notifications', `/api/coproprietaires/notifications?coproprietaire_id=${w.record}`),
      );
  }
};
