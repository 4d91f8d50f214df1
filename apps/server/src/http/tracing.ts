import type { FastifyInstance } from 'fastify';

/**
 * OpenTelemetry traces, only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): the SDK is imported then and only then, so a server without
 * it loads no tracing code and runs no tracing hook (decision 228).
 */
export async function registerTracing(app: FastifyInstance, tracesUrl: string | undefined) {
  if (!tracesUrl) return;
  const { startTracing } = await import('./tracing-otel.js');
  startTracing(app, tracesUrl);
}
