// The page's code lives in ../views, one chunk for the five signed-in documents pages (fewer
// shared chunks: /login keeps its bundle budget).
export { InvoicesPage as default } from '../views';
