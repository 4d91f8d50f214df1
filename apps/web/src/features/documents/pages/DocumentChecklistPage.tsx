// The page's code lives in ../views, one chunk for the signed-in documents pages (fewer
// shared chunks: /login keeps its bundle budget).
export { DocumentChecklistPage as default } from '../views';
