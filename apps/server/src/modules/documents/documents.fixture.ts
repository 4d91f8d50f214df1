import { buildPath, type Endpoint } from '@tantieme/contract';
import { makeDocumentsWorld } from '../../test/factories.documents.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** The fixture of the documents tests: each test file builds its own app and world, fresh. */
export let t: TestApp;
export let w: Awaited<ReturnType<typeof makeDocumentsWorld>>;
export async function setUp() {
  t = await createTestApp();
  w = await makeDocumentsWorld(t.app);
}

export const call = (
  ep: Endpoint,
  opts: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown },
  headers: Record<string, string> = {},
) => {
  const qs = opts.query
    ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))}`
    : '';
  return t.app.inject({
    method: ep.method,
    url: `/api${buildPath(ep.path, opts.params)}${qs}`,
    headers,
    ...(opts.body ? { payload: opts.body as object } : {}),
  });
};
export const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
