import { randomToken, sha256 } from '../src/lib/crypto.js';
import { administrators, syndicApiKeys, syndicContacts, syndics } from '../src/db/schema/index.js';
import { newId, type SeedContext, storeFile } from './context.js';
import { administratorRow, syndicApiKeyRow, syndicContactRow } from './builders/identity.js';
import { syndicRow } from './builders/rows.js';

export interface AdminInfo {
  id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string;
}

export interface SyndicInfo {
  id: string;
  name: string;
  alias: string;
  city: string;
  /** Header of the documents the syndic issues. */
  issuer: { name: string; lines: string[] };
  gestionnaire: AdminInfo;
  comptable?: AdminInfo;
}

export interface SeededSyndics {
  lefevre: SyndicInfo;
  azur: SyndicInfo;
  horizon: SyndicInfo;
  /** Plain API key of lefevre (only its SHA-256 is stored). */
  apiKey: string;
}

const LEFEVRE_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="Cabinet Lefèvre Immobilier">
  <rect width="64" height="64" rx="12" fill="#1f4573"/>
  <path d="M14 34 32 18l18 16v16H38V38H26v12H14z" fill="#fff"/>
  <rect x="29" y="26" width="6" height="6" fill="#c28a2c"/>
  <text x="76" y="31" font-family="Georgia, 'Times New Roman', serif" font-size="21" font-weight="700" fill="#1f4573">Lefèvre</text>
  <text x="77" y="51" font-family="Helvetica, Arial, sans-serif" font-size="11.5" letter-spacing="2.6" fill="#c28a2c">IMMOBILIER</text>
</svg>
`;

function admin(
  ctx: SeedContext,
  syndicId: string,
  v: { first_name: string; last_name: string; role: string; email: string; mobile: string; fixed: string },
): AdminInfo {
  const id = newId();
  const display_name = `${v.first_name} ${v.last_name}`;
  ctx.rows.add(
    administrators,
    administratorRow({
      id,
      syndic_id: syndicId,
      first_name: v.first_name,
      last_name: v.last_name,
      display_name,
      role: v.role,
      phones: [
        { value: v.mobile, type: 'mobile' },
        { value: v.fixed, type: 'fixed' },
      ],
      emails: [{ value: v.email }],
    }),
  );
  return { id, first_name: v.first_name, last_name: v.last_name, display_name, email: v.email };
}

export function seedSyndics(ctx: SeedContext): SeededSyndics {
  // Cabinet Lefèvre Immobilier (Lyon): own logo, card payments, API key.
  const lefevreId = newId();
  // DEMO_SYNDIC_API_KEY lets the e2e suite call the syndic API of the demo (never production: no seed there).
  const apiKey = process.env.DEMO_SYNDIC_API_KEY || `tk_lefevre_${randomToken(24)}`;
  const logo = storeFile(
    ctx,
    'syndics/lefevre/logo.svg',
    'logo.svg',
    Buffer.from(LEFEVRE_LOGO),
    'image/svg+xml',
  );
  ctx.rows.add(
    syndics,
    syndicRow({
      id: lefevreId,
      name: 'Cabinet Lefèvre Immobilier',
      alias: 'lefevre',
      logo_url: logo.key,
      use_synple: false,
      disabled: false,
      address: { street1: '24 rue de la République', zip_code: '69002', city: 'Lyon' },
      email: 'contact@lefevre-immobilier.fr',
      phone: '04 78 42 17 30',
      stripe_account_id: 'acct_1DemoLefevre000',
      card_payments_active: true,
      created_at: ctx.clock.daysAgo(1500),
    }),
  );
  ctx.rows.add(
    syndicApiKeys,
    syndicApiKeyRow({
      syndic_id: lefevreId,
      name: 'Logiciel de gestion (démo)',
      key_hash: sha256(apiKey),
      prefix: apiKey.slice(0, 10),
      scopes: ['read', 'write', 'webhooks'],
      created_at: ctx.clock.daysAgo(30),
    }),
  );
  ctx.rows.add(
    syndicContacts,
    syndicContactRow({
      syndic_id: lefevreId,
      first_name: 'Sophie',
      last_name: 'Garnier',
      email: 's.garnier@lefevre-immobilier.fr',
      tel_fixed: '04 78 42 17 35',
      tel_mobile: '06 71 24 58 93',
      sort: 1,
    }),
    syndicContactRow({
      syndic_id: lefevreId,
      first_name: 'Julien',
      last_name: 'Roche',
      email: 'comptabilite@lefevre-immobilier.fr',
      tel_fixed: '04 78 42 17 38',
      tel_mobile: null,
      sort: 2,
    }),
    syndicContactRow({
      syndic_id: lefevreId,
      first_name: 'Marc',
      last_name: 'Lefèvre',
      email: 'm.lefevre@lefevre-immobilier.fr',
      tel_fixed: '04 78 42 17 30',
      tel_mobile: '06 07 81 23 44',
      sort: 3,
    }),
  );
  const garnier = admin(ctx, lefevreId, {
    first_name: 'Sophie',
    last_name: 'Garnier',
    role: 'gestionnaire',
    email: 's.garnier@lefevre-immobilier.fr',
    mobile: '06 71 24 58 93',
    fixed: '04 78 42 17 35',
  });
  const roche = admin(ctx, lefevreId, {
    first_name: 'Julien',
    last_name: 'Roche',
    role: 'comptable',
    email: 'j.roche@lefevre-immobilier.fr',
    mobile: '06 52 80 14 67',
    fixed: '04 78 42 17 38',
  });

  // Gestion Azur (Nice): default product branding, no card payments.
  const azurId = newId();
  ctx.rows.add(
    syndics,
    syndicRow({
      id: azurId,
      name: 'Gestion Azur',
      alias: 'azur',
      logo_url: null,
      use_synple: true,
      disabled: false,
      address: { street1: '18 boulevard Victor Hugo', zip_code: '06000', city: 'Nice' },
      email: 'syndic@gestion-azur.fr',
      phone: '04 93 87 25 10',
      card_payments_active: false,
      created_at: ctx.clock.daysAgo(1100),
    }),
  );
  ctx.rows.add(
    syndicContacts,
    syndicContactRow({
      syndic_id: azurId,
      first_name: 'Laurent',
      last_name: 'Bianchi',
      email: 'l.bianchi@gestion-azur.fr',
      tel_fixed: '04 93 87 25 12',
      tel_mobile: '06 14 39 72 05',
      sort: 1,
    }),
    syndicContactRow({
      syndic_id: azurId,
      first_name: 'Nadia',
      last_name: 'Benali',
      email: 'syndic@gestion-azur.fr',
      tel_fixed: '04 93 87 25 10',
      tel_mobile: null,
      sort: 2,
    }),
  );
  const bianchi = admin(ctx, azurId, {
    first_name: 'Laurent',
    last_name: 'Bianchi',
    role: 'gestionnaire',
    email: 'l.bianchi@gestion-azur.fr',
    mobile: '06 14 39 72 05',
    fixed: '04 93 87 25 12',
  });

  // Syndic Horizon: disabled (its co-owners cannot select their record).
  const horizonId = newId();
  ctx.rows.add(
    syndics,
    syndicRow({
      id: horizonId,
      name: 'Syndic Horizon',
      alias: 'horizon',
      use_synple: true,
      disabled: true,
      address: { street1: '3 place Grenette', zip_code: '38000', city: 'Grenoble' },
      email: 'contact@syndic-horizon.fr',
      phone: '04 76 51 08 44',
      created_at: ctx.clock.daysAgo(2400),
    }),
  );
  const horizonAdmin = admin(ctx, horizonId, {
    first_name: 'Éric',
    last_name: 'Vasseur',
    role: 'gestionnaire',
    email: 'e.vasseur@syndic-horizon.fr',
    mobile: '06 33 48 10 92',
    fixed: '04 76 51 08 45',
  });

  return {
    apiKey,
    lefevre: {
      id: lefevreId,
      name: 'Cabinet Lefèvre Immobilier',
      alias: 'lefevre',
      city: 'Lyon',
      issuer: {
        name: 'Cabinet Lefèvre Immobilier',
        lines: [
          '24 rue de la République – 69002 Lyon – Tél. 04 78 42 17 30',
          'contact@lefevre-immobilier.fr – SAS au capital de 50 000 € – RCS Lyon 812 345 678',
          'Carte professionnelle CPI 6901 2018 000 012 345 délivrée par la CCI Lyon Métropole',
        ],
      },
      gestionnaire: garnier,
      comptable: roche,
    },
    azur: {
      id: azurId,
      name: 'Gestion Azur',
      alias: 'azur',
      city: 'Nice',
      issuer: {
        name: 'Gestion Azur',
        lines: [
          '18 boulevard Victor Hugo – 06000 Nice – Tél. 04 93 87 25 10',
          'syndic@gestion-azur.fr – SARL au capital de 20 000 € – RCS Nice 798 456 123',
        ],
      },
      gestionnaire: bianchi,
    },
    horizon: {
      id: horizonId,
      name: 'Syndic Horizon',
      alias: 'horizon',
      city: 'Grenoble',
      issuer: { name: 'Syndic Horizon', lines: ['3 place Grenette – 38000 Grenoble'] },
      gestionnaire: horizonAdmin,
    },
  };
}
