import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.js';

/** A local OTLP/HTTP receiver: the JSON bodies posted to /v1/traces. */
type Attr = { key: string; value: { stringValue?: string; intValue?: number | string } };
type OtlpSpan = { name: string; traceId: string; parentSpanId?: string; attributes: Attr[] };
type Body = { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };

let receiver: Server;
const bodies: Body[] = [];
const contentTypes: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      text += c;
    });
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        contentTypes.push(String(req.headers['content-type']));
        bodies.push(JSON.parse(text) as Body);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v?.stringValue ?? (v?.intValue === undefined ? undefined : Number(v.intValue));
};

describe('OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
  it('exports a server span per request with its route pattern, status and request id', async () => {
    const { port } = receiver.address() as AddressInfo;
    const t = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/` } });
    const copro = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const parent = '4bf92f3577b34da6a3ce929d0e0e4736';
    await t.app.inject({
      method: 'GET',
      url: `/api/assemblee/coproprietes/${copro}/coproprietaire/${copro}/get-list-ag-available`,
      headers: {
        'x-request-id': 'nginx-trace-0123456789abcdef',
        traceparent: `00-${parent}-00f067aa0ba902b7-01`,
      },
    });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.close(); // the last batch leaves on close
    const spans = bodies.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    const route = '/api/assemblee/coproprietes/:coproId/coproprietaire/:id/get-list-ag-available';
    const span = spans.find((s) => attr(s, 'tantieme.request_id') === 'nginx-trace-0123456789abcdef');
    expect(span?.name).toBe(`GET ${route}`);
    expect(attr(span!, 'http.route')).toBe(route);
    expect(attr(span!, 'http.response.status_code')).toBe(401);
    // The caller's trace goes on; the ids of the path never name the span.
    expect(span?.traceId).toBe(parent);
    expect(span?.parentSpanId).toBe('00f067aa0ba902b7');
    expect(JSON.stringify(spans)).not.toContain(copro);
    expect(spans.some((s) => s.name === 'GET /api/health')).toBe(true);
    expect(contentTypes[0]).toContain('application/json');
  });
});
