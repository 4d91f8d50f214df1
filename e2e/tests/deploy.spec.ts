import https from 'node:https';
import { CHAT_EVENTS, hasSecondVote } from '@tantieme/contract';
import { io, type Socket } from 'socket.io-client';
import { expect, test } from './a11y.fixture';

/**
 * The deployment recipe (deploy/up.sh) through nginx over HTTPS and HTTP/2, two instances of
 * apps/server/src/main.ts on PostgreSQL, Redis and S3 (s3rver): the main journey of a co-owner.
 * Runs alone when asked (E2E_DEPLOY_URL, playwright.config.ts), against a deployment started
 * with the demo data and DEPLOY_DEBUG_HEADERS=1 (nginx says which instance answered).
 */
const BASE = process.env.E2E_DEPLOY_URL as string;
if (!BASE) throw new Error('the deployment spec needs E2E_DEPLOY_URL');
const PASSWORD = 'Tilleuls2024';
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, ignoreHTTPSErrors: true });

// biome-ignore lint/suspicious/noExplicitAny: each answer's shape is read where it is used
type Json = { data: any };
const insecure = new https.Agent({ rejectUnauthorized: false, keepAlive: false });

/** Which instance nginx hands the sockets of a client address to (its X-Upstream). */
function socketInstance(localAddress: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = https.get(
      `${BASE}/socket.io/?EIO=4&transport=polling`,
      { agent: insecure, localAddress },
      (res) => {
        res.resume();
        resolve(String(res.headers['x-upstream'] ?? ''));
      },
    );
    req.on('error', reject);
  });
}

function connect(token: string, localAddress: string): Promise<Socket> {
  const s = io(BASE, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    rejectUnauthorized: false,
    localAddress,
  } as Parameters<typeof io>[1]);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

test('the main journey through nginx, HTTPS and HTTP/2, on two instances', async ({ page, request }) => {
  test.setTimeout(240_000);
  const signIn = async (email: string) => {
    const res = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(res.status()).toBe(200);
    return ((await res.json()) as Json).data.token as string;
  };

  // 1. Sign-in in the browser: the SPA from nginx (HTTP/2, precompressed, cached), the API behind.
  const assets: { url: string; encoding?: string; cache?: string }[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/assets/') && r.url().endsWith('.js'))
      assets.push({
        url: r.url(),
        encoding: r.headers()['content-encoding'],
        cache: r.headers()['cache-control'],
      });
  });
  await page.goto('/login');
  expect(
    await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    ),
  ).toBe('h2');
  // The form is prerendered: filled once the application has taken it over.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('E-mail').fill('claire.martin@example.fr');
  await page.getByLabel('Mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  expect(assets.length).toBeGreaterThan(0);
  expect(assets[0].encoding).toMatch(/^(br|gzip)$/);
  expect(assets[0].cache).toContain('immutable');

  const claire = await signIn('claire.martin@example.fr');
  const paul = await signIn('paul.durand@example.fr');
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const recordIn = async (token: string) => {
    const all = (
      (await (await request.get('/api/coproprietaires/all', { headers: as(token) })).json()) as Json
    ).data as { id: string; coproprietes: { id: string; name: string }[] }[];
    const r = all.find((x) => x.coproprietes[0].name.includes('Tilleuls')) as (typeof all)[number];
    return { id: r.id, coproId: r.coproprietes[0].id };
  };
  const c = await recordIn(claire);
  const p = await recordIn(paul);
  const fin = `/api/finances/coproprietes/${c.coproId}/coproprietaires/${c.id}`;

  // 2. The statement.
  const ledger = await request.get(`${fin}/ledger`, { headers: as(claire) });
  expect(ledger.status()).toBe(200);
  const soldeBefore = ((await ledger.json()) as Json).data.solde as number;

  // 3. A card payment in the sandbox checkout: the oldest line due, then 'Payer'.
  const due = ((await (await request.get(`${fin}/data-for-payment`, { headers: as(claire) })).json()) as Json)
    .data as {
    debits: { id: string; amount: number }[];
  };
  expect(due.debits.length).toBeGreaterThan(0);
  const first = { id: due.debits[0].id, amount: due.debits[0].amount };
  const session = await request.post(`${fin}/generate-session-payment-request-by-stripe`, {
    headers: as(claire),
    data: { debits: [first], credits: [], pay_amount: first.amount },
  });
  expect(session.status()).toBe(200);
  await page.goto(((await session.json()) as Json).data.url);
  await page.getByRole('button', { name: 'Payer', exact: true }).click();
  await expect(page).toHaveURL(/stripe_payment_success=1/);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${fin}/ledger`, { headers: as(claire) })).json()) as Json).data.solde,
    )
    .not.toBe(soldeBefore);

  // 4. A vote by correspondence in the open assembly.
  const ags = (
    (await (
      await request.get(
        `/api/assemblee/coproprietes/${c.coproId}/coproprietaire/${c.id}/get-list-ag-available`,
        {
          headers: as(claire),
        },
      )
    ).json()) as Json
  ).data as { id: string; vote_active: boolean }[];
  const ag = ags.find((a) => a.vote_active) as { id: string };
  const agPath = `/api/assemblee/${ag.id}/coproprietes/${c.coproId}/coproprietaire/${c.id}`;
  const resolutions = (
    (await (await request.get(`${agPath}/resolutions`, { headers: as(claire) })).json()) as Json
  ).data.resolutions as { id: string; title: string; no_vote: boolean; article: string }[];
  const vote = await request.post(`${agPath}/resolution/vote-internet`, {
    headers: as(claire),
    data: {
      coproprietaire: { id: c.id, name: 'Claire Martin' },
      list_data: resolutions
        .filter((r) => !r.no_vote)
        .map((r) => {
          // Articles 25 and 26 carry the second vote (passerelle) the form asks for.
          const two = hasSecondVote(r.article);
          const field = two
            ? { vote_1: { vote_value: 'agree' as const }, vote_2: { vote_value: 'agree' as const } }
            : { vote_1: { vote_value: 'agree' as const } };
          return { id: r.id, title: r.title, field, has_vote_two: two };
        }),
    },
  });
  expect(vote.status(), await vote.text()).toBe(200);
  expect(((await vote.json()) as Json).data.digest).toMatch(/^[0-9a-f]{64}$/);

  // 5. Live chat between Claire and Paul, their sockets on two different instances.
  const addresses = [
    '127.0.0.1',
    '127.0.0.2',
    '127.0.0.3',
    '127.0.0.4',
    '127.0.0.5',
    '127.0.0.6',
    '127.0.0.7',
  ];
  const placed = await Promise.all(addresses.map(async (a) => [a, await socketInstance(a)] as const));
  const [claireAt, claireUp] = placed[0];
  const paulPlace = placed.find(([, up]) => up !== claireUp);
  expect(paulPlace, `nginx placed every address on ${claireUp}`).toBeDefined();
  const [paulAt] = paulPlace as readonly [string, string];
  const candidates = (
    (await (
      await request.get(`/api/coproprietaires/${c.id}/chat/candidates`, { headers: as(claire) })
    ).json()) as Json
  ).data as { id: string; type: 'coproprietaire' | 'syndic'; name: string }[];
  const paulContact = candidates.find((x) => x.name.includes('Durand')) as (typeof candidates)[number];
  const conv = (
    (await (
      await request.post(`/api/coproprietaires/${c.id}/chat/conversations`, {
        headers: as(claire),
        data: { participant_id: paulContact.id, participant_type: paulContact.type },
      })
    ).json()) as Json
  ).data.id as string;
  const sC = await connect(claire, claireAt);
  const sP = await connect(paul, paulAt);
  try {
    for (const s of [sC, sP])
      expect(await s.emitWithAck(CHAT_EVENTS.joinConversation, conv)).toEqual({ ok: true });
    const heard = (s: Socket) =>
      new Promise<{ id?: string }>((resolve) =>
        s.once(CHAT_EVENTS.message, (m: { id?: string }) => resolve(m)),
      );

    // 6. A document through S3: Claire uploads an attachment, sends it; Paul hears it live and downloads it.
    const pdf = Buffer.from('%PDF-1.4\n% Tantième : procès-verbal du conseil syndical\n%%EOF\n');
    const up = (
      (await (
        await request.post(`/api/coproprietaires/${c.id}/chat/attachments/presigned-url`, {
          headers: as(claire),
          data: { file_name: 'pv-conseil.pdf', file_type: 'application/pdf' },
        })
      ).json()) as Json
    ).data as { upload_url: string; key: string };
    const put = await request.put(new URL(up.upload_url, BASE).toString(), {
      data: pdf,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(put.status()).toBe(200);
    const paulHears = heard(sP);
    const sent = await request.post(`/api/coproprietaires/${c.id}/chat/conversations/${conv}/messages`, {
      headers: as(claire),
      data: {
        text: 'Bonjour Paul, voici le procès-verbal.',
        files: [{ key: up.key, name: 'pv-conseil.pdf' }],
      },
    });
    expect(sent.status()).toBe(200);
    const message = ((await sent.json()) as Json).data as { id: string; files: { id: string }[] };
    await paulHears;

    // Paul answers from his side: Claire hears it on the other instance.
    const claireHears = heard(sC);
    const reply = await request.post(`/api/coproprietaires/${p.id}/chat/conversations/${conv}/messages`, {
      headers: as(paul),
      data: { text: 'Merci Claire, bien reçu.' },
    });
    expect(reply.status()).toBe(200);
    await claireHears;

    const file = (
      (await (
        await request.get(
          `/api/coproprietaires/${p.id}/chat/conversations/${conv}/files/${message.files[0].id}`,
          {
            headers: as(paul),
          },
        )
      ).json()) as Json
    ).data as { url: string };
    const got = await request.get(new URL(file.url, BASE).toString());
    expect(got.status()).toBe(200);
    expect(Buffer.from(await got.body()).equals(pdf)).toBe(true);
  } finally {
    sC.close();
    sP.close();
  }
});
