import { formatPhone, type MyDataExport } from '@tantieme/contract';

/** The readable copy of the user's data (RGPD art. 15): one self-contained HTML page, in French. */

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const LABELS: Record<string, string> = {
  id: 'Identifiant',
  email: 'E-mail',
  phone: 'Téléphone',
  first_name: 'Prénom',
  last_name: 'Nom',
  address: 'Adresse',
  has_avatar: 'Photo de profil',
  created_at: 'Créé le',
  copropriete: 'Copropriété',
  syndic: 'Syndic',
  display_name: 'Nom affiché',
  civility: 'Civilité',
  company: 'Société',
  contacts: 'Contacts',
  members: 'Membres',
  user_supplement_info: 'Informations complémentaires',
  is_member_syndicat: 'Membre du conseil syndical',
  is_president: 'Président du conseil syndical',
  attached_at: 'Rattaché le',
  settings: 'Réglages',
  device_name: 'Appareil',
  device_type: 'Type',
  device_language: 'Langue',
  title: 'Titre',
  body: 'Texte',
  category: 'Catégorie',
  is_read: 'Lue',
  created_date: 'Date',
  coproprietaire_id: 'Fiche copropriétaire',
  conversation_id: 'Conversation',
  written_as: 'Écrit en tant que',
  text: 'Message',
  files: 'Pièces jointes',
  kind: 'Nature',
  pay_amount_cents: 'Montant',
  amount_cents: 'Montant',
  refunded_cents: 'Remboursé',
  currency: 'Devise',
  provider: 'Prestataire',
  status: 'État',
  completed_at: 'Terminé le',
  date: 'Date',
  payment_method: 'Moyen de paiement',
  description: 'Libellé',
  given_at: 'Donné le',
  given_by: 'Donné par',
  revoked_at: 'Retiré le',
  revoked_by: 'Retiré par',
};

/** The acts that give or withdraw a consent, as the co-owner saw them. */
const ACTS: Record<string, string> = {
  onboarding: "« Valider mes choix » à l'accueil",
  settings: 'Interrupteur des réglages',
};
const consentRow = (c: Record<string, unknown>) => ({
  ...c,
  given_by: ACTS[String(c.given_by)] ?? c.given_by,
  revoked_by: c.revoked_by ? (ACTS[String(c.revoked_by)] ?? c.revoked_by) : null,
});

const euros = (cents: number) =>
  (cents / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });
const isoDate = /^\d{4}-\d{2}-\d{2}T/;

/** A postal address as it is written on an envelope, from its full text or its parts. */
function postal(a: Record<string, unknown>): string {
  const text = (k: string) => (typeof a[k] === 'string' ? (a[k] as string).trim() : '');
  if (text('full_address')) return text('full_address');
  const street = [text('number'), text('street')].filter(Boolean).join(' ');
  const town = [text('zip_code'), text('city')].filter(Boolean).join(' ');
  return [street, town, text('country') === 'FR' ? '' : text('country')].filter(Boolean).join(', ');
}

function value(key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '<span class="none">—</span>';
  if (key === 'address' && typeof v === 'object' && !Array.isArray(v))
    return esc(postal(v as Record<string, unknown>)) || '<span class="none">—</span>';
  if (key === 'phone' && typeof v === 'string') return esc(formatPhone(v));
  if (typeof v === 'boolean') return v ? 'oui' : 'non';
  if (typeof v === 'number' && key.endsWith('_cents')) return esc(euros(v));
  if (typeof v === 'string' && isoDate.test(v))
    return esc(new Date(v).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' }));
  if (typeof v === 'object') {
    if (Array.isArray(v) && v.length === 0) return '<span class="none">—</span>';
    return `<pre>${esc(JSON.stringify(v, null, 2))}</pre>`;
  }
  return esc(String(v));
}

function table(row: Record<string, unknown>) {
  const lines = Object.entries(row)
    .map(([k, v]) => `<tr><th>${esc(LABELS[k] ?? k)}</th><td>${value(k, v)}</td></tr>`)
    .join('');
  return `<table>${lines}</table>`;
}

function section(title: string, rows: Record<string, unknown>[]) {
  const content = rows.length ? rows.map(table).join('') : '<p class="none">Aucune donnée.</p>';
  return `<section><h2>${esc(title)} (${rows.length})</h2>${content}</section>`;
}

export function myDataHtml(d: MyDataExport) {
  const settings = Object.entries(d.settings).map(([key, v]) => ({ clé: key, valeur: v }));
  const at = new Date(d.exported_at).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Mes données personnelles — Tantième</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;width:100%;margin:.75rem 0}th,td{text-align:left;vertical-align:top;padding:.3rem .5rem;border:1px solid #e3e3e3}
th{width:16rem;background:#f6f7f9;font-weight:600}pre{margin:0;white-space:pre-wrap;font-size:.85rem}.none{color:#868e96}</style>
</head><body>
<h1>Mes données personnelles</h1>
<p>Copie de toutes les données que Tantième conserve sur votre compte, établie le ${esc(at)} (RGPD, art. 15).</p>
${section('Compte', [d.account])}
${section('Fiches copropriétaire', d.records)}
${section('Réglages du compte', settings)}
${section('Consentements à la notification électronique', d.consents.map(consentRow))}
${section('Appareils', d.devices)}
${section('Notifications', d.notifications)}
${section('Messages écrits', d.messages)}
${section('Paiements', d.payments)}
</body></html>
`;
}
