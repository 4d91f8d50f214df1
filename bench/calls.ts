/** The co-owner's hot calls the benchmarks drive, and the ids each needs. */
export interface Who {
  token: string;
  record: string;
  copro: string;
  bill: string;
  lot: string;
  syndic: string;
  /** A document type the record holds documents of. */
  docType: string;
  /** The session of a syndic's administrateur (the console's calls), and a building of theirs. */
  staffToken?: string;
  staffCopro?: string;
}
export interface Call {
  name: string;
  method?: 'GET' | 'POST';
  path: (w: Who) => string;
  body?: (w: Who) => string;
  auth?: boolean;
  /** Asked by the syndic's staff in the console, not by the co-owner. */
  staff?: boolean;
  /** Driven at this many connections rather than the run's (its references too). */
  connections?: number;
}

const CONSOLE: Call[] = [
  // What the home asks: the 50 buildings with the most to do (the counts of all 200 are read).
  {
    name: 'console portfolio home',
    staff: true,
    path: () => '/api/gestion/portefeuille?sort=actions&limit=50',
  },
  { name: 'console search', staff: true, path: () => '/api/gestion/recherche?q=Moreau' },
  // A name some co-owners of the syndic hold (the search above finds none: every kind looked at).
  {
    name: 'console search (hits)',
    staff: true,
    path: () => `/api/gestion/recherche?q=${encodeURIComponent('Copropriétaire 12')}`,
  },
  {
    name: "console building's co-owners",
    staff: true,
    path: (w) => `/api/gestion/coproprietes/${w.staffCopro}/coproprietaires`,
  },
];

export const CALLS: Call[] = [
  { name: 'GET /api/health (1 query)', path: () => '/api/health', auth: false },
  { name: 'profile', path: () => '/api/accounts/profile' },
  { name: 'records list (coproprietaires/all)', path: () => '/api/coproprietaires/all' },
  {
    name: 'statement (…/ledger)',
    path: (w) => `/api/finances/coproprietes/${w.copro}/coproprietaires/${w.record}/ledger`,
  },
  {
    name: 'settled lines (…/ledger/settled)',
    path: (w) => `/api/finances/coproprietes/${w.copro}/coproprietaires/${w.record}/ledger/settled`,
  },
  {
    name: 'bills (…/paid-bills)',
    path: (w) => `/api/finances/coproprietes/${w.copro}/coproprietaires/${w.record}/paid-bills`,
  },
  {
    name: 'bill breakdown',
    method: 'POST',
    path: (w) => `/api/finances/coproprietes/${w.copro}/bills/${w.bill}/get-details-provision-bill`,
    body: (w) => JSON.stringify({ lot_ids: [w.lot] }),
  },
  {
    name: 'transactions page',
    path: (w) => `/api/finances/coproprietaires/${w.record}/payment-transactions`,
  },
  {
    name: 'dashboard (…/general)',
    path: (w) => `/api/finances/coproprietes/${w.copro}/coproprietaires/${w.record}/general`,
  },
  {
    name: 'dashboard transactions',
    path: (w) => `/api/finances/coproprietes/${w.copro}/coproprietaires/${w.record}/transactions`,
  },
  // The lists of the feature issues (8, 10, 11).
  {
    name: 'notifications (one record)',
    path: (w) => `/api/coproprietaires/notifications?coproprietaire_id=${w.record}`,
  },
  // The page 'Toutes les notifications' (/notifications): every record of the user at once.
  { name: 'notifications (all records)', path: () => '/api/coproprietaires/notifications' },
  { name: 'messages', path: (w) => `/api/coproprietaires/${w.record}/get-messages` },
  { name: 'own documents (one type)', path: (w) => `/api/documents/${w.record}/types/${w.docType}` },
  {
    name: 'building documents',
    method: 'POST',
    path: () => '/api/documents/get-copropriete-documents',
    body: (w) => JSON.stringify({ copro_ids: [w.copro] }),
  },
  {
    name: 'supplier invoices',
    path: (w) => `/api/invoices/syndics/${w.syndic}/coproprietes/${w.copro}/saisies`,
  },
  {
    name: 'assemblies',
    path: (w) => `/api/assemblee/coproprietes/${w.copro}/coproprietaire/${w.record}/get-list-ag-available`,
  },
  // The syndic's console (an administrateur of a syndic's 200 buildings at the 1,000 scale).
  ...CONSOLE,
  // The same at the concurrency of a syndic's office (a few staff members at once): the latency
  // one of them sees, where 50 connections measure the machine's throughput.
  ...CONSOLE.map((c) => ({ ...c, name: `${c.name} (4 connections)`, connections: 4 })),
];

export const requestOf = (call: Call) => (w: Who) => ({
  path: call.path(w),
  method: call.method,
  body: call.body?.(w),
  headers: {
    ...(call.auth === false
      ? {}
      : { authorization: `Bearer ${call.staff ? (w.staffToken ?? '') : w.token}` }),
    ...(call.body ? { 'content-type': 'application/json' } : {}),
  },
});
