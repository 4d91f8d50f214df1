/**
 * Build-time prerender (decision 59): renders a public route with the real components
 * into HTML, so the page is painted before its JavaScript runs; the browser then hydrates it
 * (`main.tsx`). Built with `vite build --ssr` and run by `scripts/prerender.mjs`; never shipped.
 */
import { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { Root } from './app/Root';
import { routes } from './app/routes';

export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender ${path}: redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = new QueryClient();
  // A component that throws here would leave its Suspense boundary to the browser (an inline
  // script the CSP refuses, and a second copy of the page): the build fails instead.
  const errors: unknown[] = [];
  // prerender waits for every lazy chunk (the page, the layout) before it resolves.
  const { prelude } = await prerenderToNodeStream(
    <Root client={client}>
      {/* No inline hydration script (CSP): the routes have no loaders, the browser router starts alone. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Root>,
    // React outlines a boundary larger than this (12.5 KB by default) behind an inline script
    // that reveals it: the CSP refuses inline scripts, so every boundary stays in place.
    { onError: (e) => void errors.push(e), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  if (errors.length) throw new Error(`prerender ${path}: ${String(errors[0])}`, { cause: errors[0] });
  let html = '';
  for await (const chunk of prelude) html += chunk.toString();
  return html;
}
