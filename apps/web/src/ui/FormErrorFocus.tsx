import { useEffect } from 'react';

/**
 * Every form of the app: when a submit ends in errors, whether found in the browser or
 * returned by the server (watched for 15 s), focus moves to the first field in error, so a screen
 * reader reads that field with its error (aria-invalid + aria-describedby, set by Mantine). The
 * error texts themselves are live regions (role="alert", theme defaults in app/theme.ts).
 */
export function FormErrorFocus() {
  useEffect(() => {
    const onSubmit = (e: Event) => {
      const form = e.target as HTMLFormElement;
      const check = () => {
        const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
        if (!field) return;
        observer.disconnect();
        field.focus();
      };
      const observer = new MutationObserver(check);
      observer.observe(form, { subtree: true, attributeFilter: ['aria-invalid'] });
      setTimeout(() => observer.disconnect(), 15_000);
      // Errors found in the browser are set during the submit itself: look once it has run.
      setTimeout(check, 30);
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  }, []);
  return null;
}
