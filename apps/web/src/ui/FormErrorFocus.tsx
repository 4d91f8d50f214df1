import { useEffect } from 'react';

/** How long after a submit an error coming back from the server still takes the focus. */
const WATCH_MS = 15_000;

/**
 * Every form of the app (issue 15): when a submit ends in errors, whether found in the browser or
 * returned by the server, focus moves to the first field in error, so a screen reader reads
 * that field with its error (aria-invalid + aria-describedby, set by Mantine). The error texts
 * themselves are live regions (role="alert", theme defaults in app/theme.ts), so they are
 * announced as they appear, form-level errors included.
 */
export function FormErrorFocus() {
  useEffect(() => {
    const onSubmit = (e: Event) => {
      const form = e.target;
      if (!(form instanceof HTMLFormElement)) return;
      let done = false;
      const check = () => {
        if (done || !form.isConnected) return;
        const invalid = [...form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].find(
          (f) => f.getClientRects().length > 0,
        );
        if (!invalid) return;
        done = true;
        stop();
        invalid.focus();
      };
      const observer = new MutationObserver(check);
      observer.observe(form, { subtree: true, attributes: true, attributeFilter: ['aria-invalid'] });
      const timer = window.setTimeout(() => stop(), WATCH_MS);
      function stop() {
        observer.disconnect();
        window.clearTimeout(timer);
      }
      // Errors found in the browser are set during the submit itself: look once it has run.
      window.setTimeout(check, 30);
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  }, []);
  return null;
}
