import { formatParisDate, formatParisTime } from '@tantieme/contract';
import { type Block, renderPdf } from '../../lib/pdf.js';

/** One signature as the chained record holds it. */
export interface SignatureEvent {
  seq: number;
  digest: string;
  signer: string;
  mode: string;
  signed_at: string;
  ip: string | null;
  user_agent: string | null;
  /** SHA-256 of the document signed, from the record. */
  document_sha256: string;
}

export interface CertificateFacts {
  coprName: string;
  assemblee: { name: string; date: Date };
  /** What was signed: "Procès-verbal", "Feuille de présence", "Pouvoir". */
  document: string;
  events: SignatureEvent[];
  head: { count: number; digest: string };
  seal: { name: string; fingerprint: string };
  sealedAt: Date;
}

const QUALITY: Record<string, string> = {
  PV_PRESIDENT: 'Président de séance',
  PV_SECRETAIRE: 'Secrétaire de séance',
  PV_SCRUTATEUR: 'Scrutateur',
  FDP_PRESIDENT: 'Président de séance',
  FDP_SECRETAIRE: 'Secrétaire de séance',
  FDP_SCRUTATEUR: 'Scrutateur',
  PROCURATION_DONNEE: 'Mandant',
  PROCURATION: 'Mandataire',
  PRESENCE: 'Copropriétaire présent',
};

const when = (d: Date | string) => `le ${formatParisDate(d)} à ${formatParisTime(d)} (heure de Paris)`;

/** The browser and system of a user agent, in a few words ("Firefox 132, Windows"). */
export function shortUserAgent(ua: string | null): string {
  if (!ua) return 'non communiqué';
  const browser =
    /(Edg|OPR|Firefox|Chrome|Version)\/(\d+)/.exec(ua) ??
    /(curl|node|okhttp|python-requests)\/?(\d*)/i.exec(ua);
  const names: Record<string, string> = { Edg: 'Edge', OPR: 'Opera', Version: 'Safari' };
  const system = /(Windows|Android|iPhone|iPad|Mac OS X|CrOS|Linux)/.exec(ua)?.[1];
  const systems: Record<string, string> = {
    'Mac OS X': 'macOS',
    CrOS: 'ChromeOS',
    iPhone: 'iOS',
    iPad: 'iPadOS',
  };
  if (!browser) return ua.slice(0, 60);
  const b = `${names[browser[1]] ?? browser[1]}${browser[2] ? ` ${browser[2]}` : ''}`;
  return system ? `${b}, ${systems[system] ?? system}` : b;
}

/**
 * The signing certificate appended to a sealed document, in the manner of Documenso's: each signature
 * as the register recorded it (who, in which capacity, when in Europe/Paris, from which address and
 * browser, the SHA-256 of the document signed), the register's head when sealed, and the sealing
 * certificate's fingerprint, so a reader can match the seal to the certificate pdfsig names.
 */
export function renderCertificatePage(f: CertificateFacts): Promise<Buffer> {
  const blocks: Block[] = [
    {
      kv: [
        ['Document', f.document],
        ['Assemblée', f.assemblee.name],
        ['Réunion', when(f.assemblee.date)],
        ['Signatures', String(f.events.length)],
      ],
    },
  ];
  for (const e of f.events)
    blocks.push(
      { h: `${e.signer} – ${QUALITY[e.mode] ?? e.mode}` },
      {
        kv: [
          ['Signé', when(e.signed_at)],
          ['Adresse IP', e.ip ?? 'non communiquée'],
          ['Navigateur', shortUserAgent(e.user_agent)],
          ['Enregistrement', `n° ${e.seq} du registre chaîné`],
        ],
      },
      { p: `Empreinte SHA-256 du document signé\u202f: ${e.document_sha256}` },
      { p: `Empreinte de l'enregistrement\u202f: ${e.digest}` },
    );
  blocks.push(
    { h: 'Registre et sceau' },
    {
      p: `Registre chaîné de l'assemblée au scellement\u202f: ${f.head.count} enregistrement${f.head.count > 1 ? 's' : ''}, dernière empreinte ${f.head.digest}`,
    },
    {
      p: `Document scellé ${when(f.sealedAt)} par «\u00a0${f.seal.name}\u00a0» (signature PAdES). Empreinte SHA-256 du certificat de scellement\u202f: ${f.seal.fingerprint}`,
    },
    {
      p: "Toute modification du document après son scellement rend le sceau invalide\u202f: un lecteur PDF ou l'outil pdfsig le vérifient sans passer par Tantième.",
    },
  );
  return renderPdf({
    issuer: { name: f.coprName },
    title: 'Certificat de signature',
    subtitle: `${f.document} – ${f.assemblee.name}`,
    blocks,
    footer: `Certificat de signature – ${f.document}`,
    createdAt: f.sealedAt,
  });
}
