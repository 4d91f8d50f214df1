import { fr } from '../i18n/fr';

/** First stop of every page: jumps over the header and sidebar to the page's <main id="main">. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      {fr.skipToContent}
    </a>
  );
}
