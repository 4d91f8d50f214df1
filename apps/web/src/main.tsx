import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/a11y.css';
import './app/palette.css';
import './app/shell/mobileBar.css';
import { STORAGE_KEYS } from '@tantieme/contract';
import { isRecordPath, pageReadAhead, startEarlyReads } from './app/early';
import { LOGIN_READY_EVENT } from './app/loginReady';
import { isPrerendered } from './app/prerendered';
import { keepInstallPrompt } from './features/install/install';

const path = window.location.pathname;
// A signed-in record's home (and the pages that read ahead): its data is requested now, while the
// application downloads.
startEarlyReads(path);
// Chromium offers installing the app once, early: kept for the dashboard's offer.
keepInstallPrompt(window);

/**
 * The entry only carries the styles and starts the application (`app/boot.tsx`). A page the
 * build prerendered (/login) is painted first: the browser would otherwise evaluate the
 * application's modules (one long task) before its first frame (decision 59).
 */
const prerendered = isPrerendered(document.getElementById('root'));
const start = () => void import('./app/boot');
if (prerendered && !document.hidden) requestAnimationFrame(() => setTimeout(start, 0));
else start();
/** The chunks of the pages whose data the entry reads ahead (app/early.ts), by page. */
const pageChunks: Record<string, () => Promise<unknown>> = {
  home: () => import('./features/synthese/pages/SynthesePage'),
  assemblee: () => import('./features/assemblees/pages/AssembleeListPage'),
  'facture-v2': () => import('./features/finances/pages/SituationDeComptePage'),
  compte: () => import('./features/coproprietaire/pages/CoproprietaireInfoPage'),
  invoices: () => import('./features/documents/pages/InvoicesPage'),
  document: () => import('./features/documents/pages/DocumentFonctionPage'),
  'document/fonctionnement': () => import('./features/documents/pages/DocumentFonctionPage'),
  notifications: () => import('./features/notifications/pages/NotificationsPage'),
  'messages-communication': () => import('./features/notifications/pages/MessagesCommunicationPage'),
};

// A signed-in record's page: its layout's chunk (and for the pages above, the page's) too, beside
// the application's. Asked once the application had run, they were a last wave of downloads
// after it, on a phone's link the last second before the first screen.
if (localStorage.getItem(STORAGE_KEYS.TOKEN) && isRecordPath(path)) {
  void import('./app/layouts/DashboardLayout');
  const page = pageReadAhead(path);
  if (page) void pageChunks[page]?.();
}

// Until React has taken over the prerendered page, what is typed lives only in the DOM (React's
// state is still empty), a click on a tab or a button does nothing, and a submit would be the
// browser's own (a reload that loses it). So until then: note what is typed and clicked, in
// order, and hold a submit; once React has COMMITTED the page (LoginPage's effect sends
// LOGIN_READY_EVENT: nodes can carry React's props before the commit, and input sent then
// is lost), replay them (typed values as input events, which its onChange reads; clicks as
// clicks: the 'Téléphone' tab), make every filled field's value React's, and submit again.
if (prerendered) {
  let ready = false;
  const done: ({ input: HTMLInputElement; value: string } | { click: HTMLElement })[] = [];
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const onInput = (e: Event) => {
    const el = e.target;
    if (!ready && el instanceof HTMLInputElement) done.push({ input: el, value: el.value });
  };
  const onClick = (e: Event) => {
    // Links navigate by themselves and submit buttons end in a held submit: only the others.
    const el = (e.target as Element | null)?.closest?.('button:not([type=submit]), [role=tab]');
    if (!ready && el instanceof HTMLElement) done.push({ click: el });
  };
  const onSubmit = (e: Event) => {
    if (ready) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held = { form: e.target as HTMLFormElement, submitter: (e as SubmitEvent).submitter };
  };
  document.addEventListener('input', onInput, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  // React fires onChange only when the value differs from the one it last saw (it may have read
  // the typed value while hydrating): through the element's own setter first, so it sees one.
  const giveToReact = (el: HTMLInputElement, value: string) => {
    if (!setValue) return;
    el.value = value === '' ? ' ' : '';
    setValue.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const handOver = () => {
    if (ready) return;
    ready = true;
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    for (const step of done) {
      if ('click' in step) {
        if (step.click.isConnected) step.click.click();
      } else if (step.input.isConnected) giveToReact(step.input, step.value);
    }
    // Whatever the page shows now is what React holds (a field filled at the very hand-over).
    for (const el of document.querySelectorAll<HTMLInputElement>('#root form input')) {
      if (!/^(checkbox|radio|hidden|submit|button)$/.test(el.type) && el.value !== '')
        giveToReact(el, el.value);
    }
    // React applies those state updates before the next task: submit after them.
    const h = held as { form: HTMLFormElement; submitter: HTMLElement | null } | null;
    if (h?.form.isConnected) setTimeout(() => h.form.requestSubmit(h.submitter), 0);
  };
  window.addEventListener(LOGIN_READY_EVENT, handOver, { once: true });
  // Never hold the page for ever (the app failed to load): the browser's own behaviour then.
  setTimeout(handOver, 30_000);
}
