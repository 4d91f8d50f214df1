/**
 * The demo's Claire signed in on a running server, and her Les Tilleuls dashboard (her first
 * record is another building's, whose syndic is disabled: a one-line notice, not the dashboard).
 * For the browser measurements (lighthouse.mjs, main-thread.mjs).
 */
export async function claireDashboard(origin) {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'claire.martin@example.fr', password: 'Tilleuls2024' }),
  });
  const token = (await login.json()).data.token;
  const list = await fetch(`${origin}/api/coproprietaires/all`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const record = (await list.json()).data.find((r) => r.coproprietes?.[0]?.name?.includes('Tilleuls'));
  return { path: `/${record.id}/home`, token };
}
