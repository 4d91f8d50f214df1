import { consoleEndpoints } from '@tantieme/contract';
import { api } from '../../api';

/**
 * GET /api/gestion/moi, in a chunk of its own: the console's endpoints module carries its forms'
 * schemas, which the co-owner pages (the landing, the header's switch) must not load up front.
 */
export const fetchConsoleMe = () => api.call(consoleEndpoints.me);
