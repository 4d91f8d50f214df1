/** Which paths are a record's pages, and which of them the entry reads ahead for (router.tsx). */

/** A record's id in a path (a UUID: the contract's `isId`, without zod in the entry). */
export const RECORD_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The record's home: `/:id`, `/:id/` or `/:id/home` (router.tsx). */
const HOME = new RegExp(`^/(${RECORD_ID})(?:/home)?/?$`, 'i');

/** One of a record's pages: `/:id/…` (router.tsx). */
const RECORD_PAGE = new RegExp(`^/${RECORD_ID}(/|$)`, 'i');

/** Whether `path` is a record's home (the dashboard): the one rule, for the preload too. */
export const isRecordHome = (path: string) => HOME.test(path);

/** A record's messages page (`/:id/messages-communication`): its list is read in a second step. */
const MESSAGES = new RegExp(`^/${RECORD_ID}/messages-communication/?$`, 'i');

/**
 * Whether the page at `path` says itself when its first screen is shown (afterFirstScreen.ts):
 * the dashboard, painted as a transition in slices, and the messages page, whose list waits for
 * the 'Afficher non lu' setting and is read outside the query cache, so no query is in flight
 * between the setting's answer and the list's.
 */
export const marksItsFirstScreen = (path: string) => HOME.test(path) || MESSAGES.test(path);

/** Whether `path` is one of a record's pages (`/:id/…`, router.tsx). */
export const isRecordPath = (path: string) => RECORD_PAGE.test(path);

/** A record's page: its id and the rest of its path (`home` for `/:id` and `/:id/`). */
export const PAGE = new RegExp(`^/(${RECORD_ID})(?:/([^?#]*?))?/?$`, 'i');
