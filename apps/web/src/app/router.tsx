import { createBrowserRouter } from 'react-router-dom';
import { routes } from './routes';

/** The browser's router; the route table itself (`routes.tsx`) is shared with the build's prerender. */
export const router = createBrowserRouter(routes);
