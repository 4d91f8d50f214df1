import { useEffect } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { markPageShown } from './afterFirstScreen';
import { RouteError } from '../ui/RouteError';
import { NotFound } from '../ui/NotFound';
import { RequireAuth, RequireSyndicat } from './guard';
import { EmptyLayout } from './layouts/EmptyLayout';
import { ConsoleLayout, DashboardLayout, MainLayout, SyndicPreviewLayout } from './layouts/lazy';
import { pages } from './pages';

/** Says the page has committed (after its lazy chunk: it renders beside it, in its Suspense). */
function PageShown() {
  useEffect(markPageShown, []);
  return null;
}

const P = (name: keyof typeof pages) => {
  const Page = pages[name];
  return (
    <>
      <Page />
      <PageShown />
    </>
  );
};

/** Each public route also exists under /s/{syndic}/ (SPEC §2.1). */
const withAlias = (path: string, name: keyof typeof pages): RouteObject[] => [
  { path, element: P(name) },
  { path: `/s/:syndic${path}`, element: P(name) },
];

const documentChildren = (syndicat: boolean): RouteObject[] => [
  { index: true, element: <Navigate to="fonctionnement" replace /> },
  { path: 'fonctionnement', element: P('DocumentFonction') },
  { path: 'recherche', element: P('DocumentRecherche') },
  { path: 'syndic', element: P('DocumentSyndic') },
  { path: 'copropriete', element: P('DocumentCopropriete') },
  // Every co-owner of the building, read-only (décret 2019-502 art. 1, 3°).
  { path: 'carnet-entretien', element: P('DocumentCarnet') },
  {
    path: 'liste-legale',
    element: syndicat ? <RequireSyndicat>{P('DocumentChecklist')}</RequireSyndicat> : P('DocumentChecklist'),
  },
  {
    path: 'postals',
    element: syndicat ? (
      <RequireSyndicat>{P('CommunicationPostal')}</RequireSyndicat>
    ) : (
      P('CommunicationPostal')
    ),
  },
];

/** The route table of SPEC §2.1, layouts chosen by nesting. */
export const routes: RouteObject[] = [
  {
    element: <EmptyLayout />,
    errorElement: <RouteError />,
    children: [
      ...withAlias('/login', 'Login'),
      ...withAlias('/register', 'Register'),
      ...withAlias('/forgot-password', 'ForgotPassword'),
      { path: '/m/:id', element: P('CommunicationPage') },
      { path: '/signature', element: P('Signature') },
      ...withAlias('/invitations/:token?', 'Invitation'),
      // The phone that scanned a login QR code confirms here (signed in).
      { path: '/qr-login/:code', element: <RequireAuth>{P('QrConfirm')}</RequireAuth> },
    ],
  },
  {
    path: '/syndic-preview/:coproId',
    element: <SyndicPreviewLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="home" replace /> },
      { path: 'home', element: P('SyndicPreviewHome') },
      { path: 'invoices', element: P('Invoices') },
      { path: 'document', children: documentChildren(true) },
      { path: 'facture-v2', element: P('SituationDeCompte') },
    ],
  },
  {
    element: (
      <RequireAuth>
        <MainLayout />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: [
      { path: '/', element: P('Home') },
      { path: '/s/:syndic', element: P('Home') },
      { path: '/user-info', element: P('UserInfo') },
      { path: '/notifications', element: P('NotificationsAll') },
      // The staff inbox lives in the console now.
      { path: '/staff/messaging', element: <Navigate to="/gestion/messagerie" replace /> },
    ],
  },
  {
    // The syndic's console: staff of a syndic and volunteer syndics (an e-mail is their contact).
    path: '/gestion',
    element: (
      <RequireAuth phoneOptional>
        <ConsoleLayout />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: P('GestionHome') },
      { path: 'immeubles', element: P('GestionBuildings') },
      { path: 'immeubles/nouveau', element: P('GestionBuildingNew') },
      { path: 'immeubles/:coproId', element: <Navigate to="lots" replace /> },
      { path: 'immeubles/:coproId/lots', element: P('GestionBuildingLots') },
      { path: 'immeubles/:coproId/import', element: P('GestionBuildingImport') },
      { path: 'immeubles/:coproId/coproprietaires', element: P('GestionBuildingOwners') },
      { path: 'immeubles/:coproId/budget', element: P('GestionBuildingBudget') },
      { path: 'immeubles/:coproId/journal', element: P('GestionBuildingJournal') },
      { path: 'immeubles/:coproId/banque', element: P('GestionBuildingBank') },
      { path: 'immeubles/:coproId/factures', element: P('GestionBuildingInvoices') },
      { path: 'immeubles/:coproId/signalements', element: P('GestionBuildingSignalements') },
      { path: 'immeubles/:coproId/documents', element: P('GestionBuildingDocuments') },
      { path: 'immeubles/:coproId/historique', element: P('GestionBuildingHistory') },
      { path: 'immeubles/:coproId/communications', element: P('GestionBuildingCommunications') },
      { path: 'immeubles/:coproId/assemblees', element: P('GestionBuildingAssemblees') },
      { path: 'immeubles/:coproId/assemblees/:assembleeId', element: P('GestionAssembleePrepare') },
      { path: 'immeubles/:coproId/assemblees/:assembleeId/seance', element: P('GestionDesk') },
      { path: 'immeubles/:coproId/assemblees/:assembleeId/proces-verbal', element: P('GestionMinutes') },
      { path: 'immeubles/:coproId/prelevements', element: P('GestionBuildingCollections') },
      { path: 'immeubles/:coproId/impayes', element: P('GestionBuildingDebtors') },
      { path: 'coproprietaires', element: P('GestionOwners') },
      { path: 'signalements', element: P('GestionSignalements') },
      { path: 'messagerie', element: P('StaffInbox') },
      { path: 'equipe', element: P('GestionTeam') },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: '/:coproId',
    element: (
      <RequireAuth>
        <DashboardLayout />
      </RequireAuth>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="home" replace /> },
      { path: 'home', element: P('CoproHome') },
      { path: 'invoices', element: P('Invoices') },
      { path: 'copro-invoices', element: P('Invoices') },
      { path: 'conseil/factures', element: <RequireSyndicat>{P('CouncilInvoices')}</RequireSyndicat> },
      { path: 'document', children: documentChildren(true) },
      { path: 'facture', element: P('AppelsDeFonds') },
      { path: 'messages-communication', element: P('MessagesCommunication') },
      { path: 'facture-v2', element: P('SituationDeCompte') },
      { path: 'messaging', element: P('Messaging') },
      { path: 'init-profiles', element: P('InitProfiles') },
      { path: 'init-settings', element: P('InitSettings') },
      { path: 'settings', element: P('Setting') },
      { path: 'assemblee', element: P('Assemblee') },
      { path: 'assemblee/:assembleeId', element: P('AssembleeDetail') },
      { path: 'notifications', element: P('Notifications') },
      { path: 'compte', element: P('CoproprietaireInfo') },
      { path: 'verification', element: <RequireSyndicat>{P('Verification')}</RequireSyndicat> },
      { path: 'carnet-entretien', element: <RequireSyndicat>{P('CarnetEntretien')}</RequireSyndicat> },
      { path: 'signalements', element: P('Signalements') },
      { path: 'signalements/nouveau', element: P('SignalementNew') },
      { path: 'signalements/:signalementId', element: P('SignalementDetail') },
      { path: '*', element: <NotFound /> },
    ],
  },
  { path: '*', element: <NotFound /> },
];
