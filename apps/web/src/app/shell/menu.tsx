import type { CoproprietaireSummary } from '@tantieme/contract';
import { menuVisibility } from '@tantieme/contract';
import {
  IconAlertTriangle,
  IconFileInvoice,
  IconFiles,
  IconHome,
  IconMail,
  IconReceipt2,
  IconSettings,
  IconTool,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fr } from '../../i18n/fr';

export interface MenuEntry {
  name: keyof typeof fr.menu;
  segment: string;
  label: string;
  icon: ReactNode;
  children?: MenuEntry[];
  /** Hidden on the mobile bottom bar (Messages). */
  hideOnMobile?: boolean;
}

const I = 20;

/** The dashboard menu of SPEC §2.2, filtered by SPEC §6 for one record. */
export function dashboardMenu(rec: CoproprietaireSummary | null): MenuEntry[] {
  const v = rec
    ? menuVisibility(rec)
    : {
        invoices: false,
        coproDocuments: false,
        syndicDocuments: false,
        assemblee: false,
        carnetEntretien: false,
        postals: false,
      };
  const m = fr.menu;
  const docChildren: MenuEntry[] = [
    { name: 'DocumentFonction', segment: 'document/fonctionnement', label: m.DocumentFonction, icon: null },
    { name: 'DocumentRecherche', segment: 'document/recherche', label: m.DocumentRecherche, icon: null },
    ...(v.coproDocuments
      ? [
          {
            name: 'DocumentCopropriete' as const,
            segment: 'document/copropriete',
            label: m.DocumentCopropriete,
            icon: null,
          },
        ]
      : []),
    ...(v.syndicDocuments
      ? [{ name: 'DocumentSyndic' as const, segment: 'document/syndic', label: m.DocumentSyndic, icon: null }]
      : []),
    { name: 'DocumentCarnet', segment: 'document/carnet-entretien', label: m.DocumentCarnet, icon: null },
    ...(v.postals
      ? [
          {
            name: 'CommunicationPostal' as const,
            segment: 'document/postals',
            label: m.CommunicationPostal,
            icon: null,
          },
          {
            name: 'DocumentChecklist' as const,
            segment: 'document/liste-legale',
            label: m.DocumentChecklist,
            icon: null,
          },
        ]
      : []),
  ];
  const entries: (MenuEntry | false)[] = [
    { name: 'Home', segment: 'home', label: m.Home, icon: <IconHome size={I} /> },
    v.carnetEntretien && {
      name: 'CarnetEntretien',
      segment: 'carnet-entretien',
      label: m.CarnetEntretien,
      icon: <IconTool size={I} />,
    },
    {
      name: 'MessagesCommunication',
      segment: 'messages-communication',
      label: m.MessagesCommunication,
      icon: <IconMail size={I} />,
      hideOnMobile: true,
    },
    v.invoices && {
      name: 'Invoices',
      segment: 'copro-invoices',
      label: m.Invoices,
      icon: <IconFileInvoice size={I} />,
    },
    {
      name: 'Document',
      segment: 'document',
      label: m.Document,
      icon: <IconFiles size={I} />,
      children: docChildren,
    },
    {
      name: 'Signalements',
      segment: 'signalements',
      label: m.Signalements,
      icon: <IconAlertTriangle size={I} />,
    },
    { name: 'Facture', segment: 'facture-v2', label: m.Facture, icon: <IconReceipt2 size={I} /> },
    v.assemblee && {
      name: 'Assemblee',
      segment: 'assemblee',
      label: m.Assemblee,
      icon: <IconUsersGroup size={I} />,
    },
    { name: 'Setting', segment: 'settings', label: m.Setting, icon: <IconSettings size={I} /> },
  ];
  return entries.filter((e): e is MenuEntry => !!e);
}
