/** The documents pages and the SMS page, bundled as one chunk (see pages/*.tsx). */
export { default as CommunicationPostalPage } from './CommunicationPostalPage';
export { default as DocumentCoproprietePage } from './DocumentCoproprietePage';
export { default as DocumentFonctionPage } from './DocumentFonctionPage';
export { default as DocumentSyndicPage } from './DocumentSyndicPage';
export { default as InvoicesPage } from './InvoicesPage';
export { default as CommunicationPage } from './CommunicationPage';
export { default as DocumentChecklistPage } from './DocumentChecklistPage';
