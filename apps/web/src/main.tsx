import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './app/a11y.css';
import './app/palette.css';

/**
 * The entry only carries the styles and starts the application (`app/boot.tsx`). A page the
 * build prerendered (/login) is painted first: the browser would otherwise evaluate the
 * application's modules (one long task) before its first frame (issue 13, decision 59).
 */
const prerendered = !!document.getElementById('root')?.firstElementChild;
const start = () => void import('./app/boot');
if (prerendered && !document.hidden) requestAnimationFrame(() => setTimeout(start, 0));
else start();

// Until React has taken over the prerendered page, what is typed lives only in the DOM (React's
// state is still empty) and a submit would be the browser's own (a reload that loses it). So
// until then: note what is typed, hold a submit; once React listens, hand the typed values to it
// as input events (its onChange sets the state) and submit again.
const hydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));
if (prerendered) {
  const typed = new Map<HTMLInputElement, string>();
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const onInput = (e: Event) => {
    const el = e.target;
    if (el instanceof HTMLInputElement && !hydrated(el)) typed.set(el, el.value);
  };
  const onSubmit = (e: Event) => {
    const form = e.target as HTMLFormElement;
    if (hydrated(form)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held = { form, submitter: (e as SubmitEvent).submitter };
  };
  document.addEventListener('input', onInput, true);
  document.addEventListener('submit', onSubmit, true);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  const until = Date.now() + 30_000;
  const handOver = () => {
    const form = document.querySelector('#root form');
    if (form && !hydrated(form) && Date.now() < until) {
      setTimeout(handOver, 50);
      return;
    }
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('submit', onSubmit, true);
    for (const [el, value] of typed) {
      if (!el.isConnected || !setValue) continue;
      setValue.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // React applies those state updates before the next task: submit after them.
    const h = held as { form: HTMLFormElement; submitter: HTMLElement | null } | null;
    if (h?.form.isConnected) setTimeout(() => h.form.requestSubmit(h.submitter), 0);
  };
  setTimeout(handOver, 50);
}
