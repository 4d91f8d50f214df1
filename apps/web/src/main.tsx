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
// state is still empty), a click on a tab or a button does nothing, and a submit would be the
// browser's own (a reload that loses it). So until then: note what is typed and clicked, in
// order, and hold a submit; once React listens, replay them (typed values as input events, which
// its onChange reads; clicks as clicks: the 'Téléphone' tab) and submit again.
const hydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));
if (prerendered) {
  const done: ({ input: HTMLInputElement; value: string } | { click: HTMLElement })[] = [];
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  const onInput = (e: Event) => {
    const el = e.target;
    if (el instanceof HTMLInputElement && !hydrated(el)) done.push({ input: el, value: el.value });
  };
  const onClick = (e: Event) => {
    // Links navigate by themselves and submit buttons end in a held submit: only the others.
    const el = (e.target as Element | null)?.closest?.('button:not([type=submit]), [role=tab]');
    if (el instanceof HTMLElement && !hydrated(el)) done.push({ click: el });
  };
  const onSubmit = (e: Event) => {
    const form = e.target as HTMLFormElement;
    if (hydrated(form)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held = { form, submitter: (e as SubmitEvent).submitter };
  };
  document.addEventListener('input', onInput, true);
  document.addEventListener('click', onClick, true);
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
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    for (const step of done) {
      if ('click' in step) {
        if (step.click.isConnected) step.click.click();
      } else if (step.input.isConnected && setValue) {
        setValue.call(step.input, step.value);
        step.input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
    // React applies those state updates before the next task: submit after them.
    const h = held as { form: HTMLFormElement; submitter: HTMLElement | null } | null;
    if (h?.form.isConnected) setTimeout(() => h.form.requestSubmit(h.submitter), 0);
  };
  setTimeout(handOver, 50);
}
