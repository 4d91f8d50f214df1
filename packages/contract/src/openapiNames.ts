import { z } from 'zod';
import { errorEnvelope } from './envelope.js';
import { documentAs, named } from './openapi.js';
import { invitationBody, invitationResource } from './domains/syndicAccess.js';
import {
  billBody,
  billItem,
  billResource,
  chargeBody,
  chargeItem,
  chargeResource,
  financialYearBody,
  financialYearItem,
  financialYearResource,
  ledgerLineBody,
  ledgerLineItem,
  ledgerLineResource,
  paymentResource,
} from './domains/syndicAccounts.js';
import { auditEntry, bulkItemResult, tombstone } from './domains/syndicApi.js';
import { patchDocOf } from './domains/syndicResourceEndpoints.js';
import { syndicAssembleeBody, syndicAssembleeResource } from './domains/syndicAssemblees.js';
import { postalPresentationBody, syndicConvocationRow } from './domains/syndicConvocations.js';
import { postalRequestState, syndicPostalRequestBody } from './domains/postalRequests.js';
import { syndicBenevoleBody, syndicBenevoleState } from './domains/syndicBenevole.js';
import { syndicDeskEntryBody, syndicDeskEntryResult } from './domains/assembleeDesk.js';
import { SYNDIC_PROXY_EXAMPLE, syndicProxyRow } from './domains/syndicProxies.js';
import { syndicCommunicationBody, syndicCommunicationResource } from './domains/syndicCommunications.js';
import { noticeReceipts, syndicNoticeBody, syndicNoticeResource } from './domains/syndicNotices.js';
import {
  syndicDocumentBody,
  syndicDocumentGroupBody,
  syndicDocumentGroupResource,
  syndicDocumentResource,
} from './domains/syndicDocuments.js';
import { syndicInvoiceBody, syndicInvoiceResource } from './domains/syndicInvoices.js';
import {
  syndicCouncilThreshold,
  syndicCouncilThresholdBody,
  syndicInvoiceApproval,
  syndicInvoicePaymentBody,
} from './domains/syndicFactures.js';
import {
  IMPORT_MAX_ITEMS,
  IMPORT_RESOURCES,
  importError,
  importItemSchemas,
  importRejected,
  importSkipped,
  importReport,
  syndicImportEndpoints,
} from './domains/syndicImport.js';
import {
  administratorBody,
  administratorItem,
  administratorResource,
  coproprieteBody,
  coproprieteItem,
  coproprieteResource,
  coproprietaireBody,
  coproprietaireItem,
  coproprietaireResource,
  lotBody,
  lotItem,
  lotResource,
  repartitionBody,
  repartitionItem,
  repartitionResource,
} from './domains/syndicPortfolio.js';
import { syndicDocumentItem, syndicPresignedUpload, syndicUploadRequest } from './domains/syndicUploads.js';
import { webhookEndpoint, webhookEndpointBody } from './domains/syndicWebhooks.js';

/**
 * Component names of the syndic API in the OpenAPI document: for each resource, `X` (as answered),
 * `XBody` (the PUT body) and `XItem` (a bulk or import item: the body plus its external_id), with
 * an example for the portfolio and accounting items an integrator sends first.
 */
const examples = {
  Administrator: {
    external_id: 'GEST-12',
    first_name: 'Claire',
    last_name: 'Martin',
    role: 'gestionnaire',
    emails: [{ value: 'claire.martin@cabinet-exemple.fr' }],
    phones: [{ value: '+33 1 23 45 67 89', type: 'fixed' }],
  },
  Copropriete: {
    external_id: 'IMM-001',
    name: 'Résidence Les Tilleuls',
    address: { full_address: '12 rue des Tilleuls, 69003 Lyon', zip_code: '69003', city: 'Lyon' },
    email: null,
    alur_cents: 1250000,
    administrators: ['GEST-12'],
  },
  Lot: {
    external_id: 'IMM-001-L012',
    copropriete: 'IMM-001',
    number: '12',
    name: 'Appartement T3',
    type_name: 'Appartement',
  },
  Repartition: {
    external_id: 'IMM-001-GEN',
    copropriete: 'IMM-001',
    code: 'GEN',
    name: 'Charges générales',
    total_tantieme: 10000,
    tantiemes: [{ lot: 'IMM-001-L012', tantieme: 412 }],
  },
  Coproprietaire: {
    external_id: 'CP-0042',
    copropriete: 'IMM-001',
    civility: 'mr_and_mrs',
    first_name: 'Paul',
    last_name: 'Durand',
    contacts: [
      {
        last_name: 'Durand',
        emails: [{ value: 'paul.durand@exemple.fr' }],
        phones: [{ value: '06 12 34 56 78' }],
      },
    ],
    lots: ['IMM-001-L012'],
  },
  Charge: {
    external_id: 'IMM-001-601',
    copropriete: 'IMM-001',
    repartition: 'IMM-001-GEN',
    code: '601',
    name: 'Eau froide',
    charge_type: 1,
  },
  FinancialYear: {
    external_id: 'IMM-001-2026',
    copropriete: 'IMM-001',
    year: 2026,
    couple: '2026',
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    budgets: [{ charge: 'IMM-001-601', voted_cents: 480000 }],
  },
  Bill: {
    external_id: 'AF-2026-T1',
    copropriete: 'IMM-001',
    financial_year: 'IMM-001-2026',
    name: 'Appel de fonds 1er trimestre 2026',
    date: '2026-01-01',
    bill_type: 'fonctionnement',
    total_cents: 120000,
    lines: [{ lot: 'IMM-001-L012', repartition: 'IMM-001-GEN', charge: 'IMM-001-601', amount_cents: 4944 }],
  },
  Notice: {
    external_id: 'AVIS-2026-014',
    copropriete: 'IMM-001',
    subject: "Coupure d'eau le jeudi 12 mars",
    html_body:
      "<p>Madame, Monsieur,</p><p>L'eau sera coupée le jeudi 12 mars de 9 h à 12 h pour le remplacement de la colonne montante.</p>",
    audience: 'cle',
    repartition: 'IMM-001-BAT-B',
    coproprietaires: [],
  },
  LedgerLine: {
    external_id: 'ECR-2026-000187',
    coproprietaire: 'CP-0042',
    date: '2026-01-01',
    name: 'Appel de fonds 1er trimestre 2026',
    amount_type: 'debit',
    amount_cents: 4944,
    remaining_cents: 4944,
    bill: 'AF-2026-T1',
    bill_type: 'fonctionnement',
  },
} as const;

const withoutExternalId = ({ external_id: _drop, ...rest }: Record<string, unknown>) => rest;

const resources: [string, z.ZodType, z.ZodType, z.ZodType | null][] = [
  ['Administrator', administratorResource, administratorBody, administratorItem],
  ['Copropriete', coproprieteResource, coproprieteBody, coproprieteItem],
  ['Lot', lotResource, lotBody, lotItem],
  ['Repartition', repartitionResource, repartitionBody, repartitionItem],
  ['Coproprietaire', coproprietaireResource, coproprietaireBody, coproprietaireItem],
  ['Charge', chargeResource, chargeBody, chargeItem],
  ['FinancialYear', financialYearResource, financialYearBody, financialYearItem],
  ['Bill', billResource, billBody, billItem],
  ['LedgerLine', ledgerLineResource, ledgerLineBody, ledgerLineItem],
  ['Assemblee', syndicAssembleeResource, syndicAssembleeBody, null],
  ['DocumentGroup', syndicDocumentGroupResource, syndicDocumentGroupBody, null],
  ['Document', syndicDocumentResource, syndicDocumentBody, null],
  ['Invoice', syndicInvoiceResource, syndicInvoiceBody, null],
  ['Communication', syndicCommunicationResource, syndicCommunicationBody, null],
  ['Notice', syndicNoticeResource, syndicNoticeBody, null],
  ['Invitation', invitationResource, invitationBody, null],
  ['WebhookEndpoint', webhookEndpoint, webhookEndpointBody, null],
];
for (const [name, resource, body, item] of resources) {
  const example = (examples as Record<string, Record<string, unknown>>)[name];
  named(name, resource);
  named(`${name}Body`, body, example ? { example: withoutExternalId(example) } : {});
  if (item) named(`${name}Item`, item, example ? { example } : {});
  if (item) named(`${name}Patch`, patchDocOf(body));
}
named('ErrorEnvelope', errorEnvelope, {
  description:
    "Toute réponse d'erreur : `code` stable (voir docs/api.md), `message` en français, `errors` champ → message.",
});
named('BulkItemResult', bulkItemResult);
named('NoticeReceipts', noticeReceipts, {
  description:
    "Les destinataires d'un avis et la première fois que chacun l'a ouvert (`read_at` nul : pas encore lu).",
  example: {
    external_id: 'AVIS-2026-014',
    sent_at: '2026-03-02T09:00:00.000Z',
    recipients_count: 2,
    read_count: 1,
    recipients: [
      {
        coproprietaire: 'CP-0042',
        coproprietaire_id: '0190f3a2-6c1e-7b3d-9a41-2f5c8e7d1b20',
        name: 'Claire Martin',
        read_at: '2026-03-02T18:24:05.000Z',
      },
      {
        coproprietaire: 'CP-0043',
        coproprietaire_id: '0190f3a2-6c1e-7b3d-9a41-2f5c8e7d1b21',
        name: 'Paul Durand',
        read_at: null,
      },
    ],
  },
});
named('Tombstone', tombstone);
named('AuditEntry', auditEntry);
named('Payment', paymentResource);
named('AssembleeConvocation', syndicConvocationRow);
named('PostalPresentationBody', postalPresentationBody);
named('PostalRequest', postalRequestState);
named('PostalRequestBody', syndicPostalRequestBody);
named('CouncilThreshold', syndicCouncilThreshold);
named('CouncilThresholdBody', syndicCouncilThresholdBody);
named('InvoiceApproval', syndicInvoiceApproval);
named('InvoicePaymentBody', syndicInvoicePaymentBody);
named('SyndicBenevoleBody', syndicBenevoleBody);
named('SyndicBenevole', syndicBenevoleState, {
  description:
    "Le syndic bénévole de la copropriété (syndic non professionnel, loi n° 65-557 art. 17-2) : un copropriétaire qui gère l'immeuble depuis la console, à côté de son espace copropriétaire.",
});
named('DeskEntryBody', syndicDeskEntryBody);
named('DeskEntryResult', syndicDeskEntryResult);
named('AssembleeProxy', syndicProxyRow, { example: SYNDIC_PROXY_EXAMPLE });
named('ImportReport', importReport);
named('ImportError', importError);
named('ImportSkipped', importSkipped, {
  description:
    "Élément mis de côté sans refuser son immeuble : le copropriétaire a été retiré de la copropriété dans Tantième (`removed` : POST /syndic/v1/coproprietaires/{external_id}/restore le rétablit) ou anonymisé (`anonymised` : définitivement). Sa fiche n'est pas modifiée ; ses lignes de compte sont écrites, sur la fiche gardée pour la comptabilité.",
});
named('ImportRejected', importRejected, {
  description:
    "IMPORT_REJECTED : au moins un immeuble refusé (ou, avec dry_run, qui le serait) ; rien de cet immeuble n'est écrit, les autres le sont. Le rapport complet est dans `data`.",
});
named('UploadRequest', syndicUploadRequest, {
  example: {
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    size: 184320,
    content_type: 'application/pdf',
  },
});
named('PresignedUpload', syndicPresignedUpload, {
  example: {
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    size: 184320,
    content_type: 'application/pdf',
    method: 'PUT',
    url: 'https://extranet.tantieme.fr/files/uploads/syndic/…/9f86d0….pdf?e=1796000000&s=…',
    headers: { 'Content-Type': 'application/pdf' },
    expires_at: '2026-11-27T23:00:00.000Z',
    uploaded: false,
  },
});
named('DocumentItem', syndicDocumentItem, {
  example: {
    external_id: 'DOC-2026-0042',
    place: 'coproprietaire',
    coproprietaire: 'CP-0042',
    type: 'APPEL_FONDS',
    name: 'Appel de fonds 1er trimestre 2026',
    date: '2026-01-01',
    file: {
      name: 'appel-de-fonds-T1-2026.pdf',
      content_type: 'application/pdf',
      sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      size: 184320,
    },
  },
});

/** The import body as documented: each resource's array typed by its bulk item. */
documentAs(
  syndicImportEndpoints.import.body,
  z.object({
    ...(Object.fromEntries(
      IMPORT_RESOURCES.map((r) => [
        r,
        z
          .array(importItemSchemas[r])
          .max(IMPORT_MAX_ITEMS)
          .optional()
          .meta({ description: `Éléments du bulk ${r}, chacun validé un par un.` }),
      ]),
    ) as Record<string, z.ZodType>),
    dry_run: z.boolean().optional().meta({ description: "true : tout est vérifié, rien n'est écrit." }),
  }),
);

/** The component names registered above (the document lists them under components.schemas). */
export const OPENAPI_NAMED_RESOURCES = resources.map(([name]) => name);
