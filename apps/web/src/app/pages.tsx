import { type ComponentType, lazy } from 'react';

/**
 * Every screen of SPEC §2.1 by route name, code-split: `lazy(() => import('../features/<x>/pages/<Page>'))`.
 */
export const pages: Record<string, ComponentType> = {
  // public (empty layout)
  Login: lazy(() => import('../features/auth/pages/LoginPage')),
  Register: lazy(() => import('../features/auth/pages/RegisterPage')),
  ForgotPassword: lazy(() => import('../features/auth/pages/ForgotPasswordPage')),
  CommunicationPage: lazy(() => import('../features/documents/pages/CommunicationPage')),
  Signature: lazy(() => import('../features/assemblees/pages/SignaturePage')),
  Invitation: lazy(() => import('../features/invitation/pages/InvitationPage')),
  QrConfirm: lazy(() => import('../features/auth/pages/QrConfirmPage')),
  // main layout
  Home: lazy(() => import('../features/coproprietaire/pages/HomePage')),
  UserInfo: lazy(() => import('../features/profile/pages/UserInfoPage')),
  NotificationsAll: lazy(() => import('../features/notifications/pages/NotificationsPage')),
  StaffInbox: lazy(() => import('../features/chat/pages/StaffInboxPage')),
  // dashboard layout (/:coproId/…)
  CoproHome: lazy(() => import('../features/synthese/pages/SynthesePage')),
  Invoices: lazy(() => import('../features/documents/pages/InvoicesPage')),
  DocumentFonction: lazy(() => import('../features/documents/pages/DocumentFonctionPage')),
  DocumentRecherche: lazy(() => import('../features/documents/pages/DocumentRecherchePage')),
  DocumentSyndic: lazy(() => import('../features/documents/pages/DocumentSyndicPage')),
  DocumentCopropriete: lazy(() => import('../features/documents/pages/DocumentCoproprietePage')),
  CommunicationPostal: lazy(() => import('../features/documents/pages/CommunicationPostalPage')),
  DocumentChecklist: lazy(() => import('../features/documents/pages/DocumentChecklistPage')),
  DocumentCarnet: lazy(() => import('../features/carnets/pages/CarnetLecturePage')),
  FactureOld: lazy(() => import('../features/finances/pages/AppelsDeFondsPage')),
  MessagesCommunication: lazy(() => import('../features/notifications/pages/MessagesCommunicationPage')),
  Facture: lazy(() => import('../features/finances/pages/SituationDeComptePage')),
  Messaging: lazy(() => import('../features/chat/pages/MessagingPage')),
  InitProfiles: lazy(() => import('../features/onboarding/pages/InitProfilesPage')),
  InitSettings: lazy(() => import('../features/onboarding/pages/InitSettingsPage')),
  Setting: lazy(() => import('../features/settings/pages/SettingsPage')),
  Assemblee: lazy(() => import('../features/assemblees/pages/AssembleeListPage')),
  AssembleeDetail: lazy(() => import('../features/assemblees/pages/AssembleeDetailPage')),
  Notifications: lazy(() => import('../features/notifications/pages/NotificationsPage')),
  Verification: lazy(() => import('../features/verification/pages/VerificationPage')),
  CarnetEntretien: lazy(() => import('../features/carnets/pages/CarnetEntretienPage')),
  Signalements: lazy(() => import('../features/signalements/pages/SignalementsPage')),
  SignalementNew: lazy(() => import('../features/signalements/pages/SignalementNewPage')),
  SignalementDetail: lazy(() => import('../features/signalements/pages/SignalementDetailPage')),
  CoproprietaireInfo: lazy(() => import('../features/coproprietaire/pages/CoproprietaireInfoPage')),
  // the syndic's console (/gestion)
  GestionHome: lazy(() => import('../features/gestion/pages/GestionHomePage')),
  GestionBuildings: lazy(() => import('../features/gestion/pages/BuildingsPage')),
  GestionBuildingNew: lazy(() => import('../features/gestion/pages/BuildingNewPage')),
  GestionBuildingLots: lazy(() => import('../features/gestion/pages/BuildingLotsPage')),
  GestionBuildingOwners: lazy(() => import('../features/gestion/pages/BuildingOwnersPage')),
  GestionBuildingHistory: lazy(() => import('../features/gestion/pages/BuildingHistoryPage')),
  GestionBuildingCollections: lazy(() => import('../features/gestion/pages/BuildingCollectionsPage')),
  GestionBuildingDebtors: lazy(() => import('../features/gestion/pages/BuildingDebtorsPage')),
  GestionOwners: lazy(() => import('../features/gestion/pages/OwnersPage')),
  GestionTeam: lazy(() => import('../features/gestion/pages/TeamPage')),
  // syndic preview
  SyndicPreviewHome: lazy(() => import('../features/synthese/pages/SyndicPreviewHomePage')),
};
