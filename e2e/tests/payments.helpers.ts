import type { APIRequestContext, Tenant } from './tenant.fixture';

export const sum = (xs: { amount: number }[]) => xs.reduce((s, x) => s + x.amount, 0);

/** Claire (the tenant's owner `claire`) and her payment calls on her building. */
export function claireOf(request: APIRequestContext, t: Tenant) {
  const token = t.owners.claire.token;
  const tilleuls = { id: t.owners.claire.coproprietaire_id, coproId: t.copropriete.id };
  const headers = { authorization: `Bearer ${token}` };
  const base = `/api/finances/coproprietes/${tilleuls.coproId}/coproprietaires/${tilleuls.id}`;
  const payable = async () =>
    (await (await request.get(`${base}/data-for-payment`, { headers })).json()).data as {
      debits: { id: string; amount: number; description: string }[];
      credits: { id: string; amount: number }[];
    };
  const solde = async () =>
    (await (await request.get(`${base}/ledger`, { headers })).json()).data.solde as number;
  const transactions = async () =>
    (
      await (
        await request.get(`/api/finances/coproprietaires/${tilleuls.id}/payment-transactions?page_size=30`, {
          headers,
        })
      ).json()
    ).data.data as { amount: number; fee: number; net: number; currency: string; payment_method: string }[];
  return { token, headers, tilleuls, base, payable, solde, transactions };
}
