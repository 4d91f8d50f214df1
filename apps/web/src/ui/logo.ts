import svg from '../../public/logo-tantieme.svg?raw';

/**
 * The product's logo written into the page (a data URI) rather than fetched: the header shows it
 * on every signed-in page's first screen, where over HTTP/1.1 its request waited for one of the six
 * connections behind the page's scripts. The file stays public for e-mails and links.
 */
export const PRODUCT_LOGO_SRC = `data:image/svg+xml,${encodeURIComponent(svg)}`;
