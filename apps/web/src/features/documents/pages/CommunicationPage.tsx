// The page's code lives in ../views, in the documents chunk (fewer shared chunks: /login keeps
// its bundle budget).
export { CommunicationPage as default } from '../views';
