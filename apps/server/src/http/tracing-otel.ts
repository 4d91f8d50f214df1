import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { parseTraceParent } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SPAN = Symbol('tracing.span');
type Traced = FastifyRequest & { [SPAN]?: Span };

/**
 * One server span per request, named by its route pattern (never the ids of its path), with the
 * request id of the logs and of nginx's log, continuing the caller's `traceparent` when it sends
 * one. Spans leave in batches over OTLP/HTTP as JSON (the exporter's protocol `http/json`).
 * No database spans: tying a statement to its request needs a context carried across every
 * promise (AsyncLocalStorage), whose cost every request would pay (decision 68).
 */
export function startTracing(app: FastifyInstance, tracesUrl: string) {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'tantieme' }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: tracesUrl }) })],
  });
  const tracer = provider.getTracer('tantieme-server');

  app.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const given = req.headers.traceparent;
    const parent = typeof given === 'string' ? parseTraceParent(given) : null;
    const ctx = parent ? trace.setSpanContext(context.active(), parent) : context.active();
    (req as Traced)[SPAN] = tracer.startSpan(
      `${req.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method,
          'http.route': route,
          'tantieme.request_id': req.id,
        },
      },
      ctx,
    );
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const span = (req as Traced)[SPAN];
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  // The last batch leaves before the instance stops.
  app.addHook('onClose', async () => provider.shutdown());
}
