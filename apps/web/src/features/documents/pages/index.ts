/**
 * The signed-in documents pages, one chunk: as separate chunks they split the Mantine modules
 * they share with /login into more, smaller files, which costs /login its bundle budget.
 */
export { default as CommunicationPostalPage } from './CommunicationPostalPage';
export { default as DocumentCoproprietePage } from './DocumentCoproprietePage';
export { default as DocumentFonctionPage } from './DocumentFonctionPage';
export { default as DocumentSyndicPage } from './DocumentSyndicPage';
export { default as InvoicesPage } from './InvoicesPage';
