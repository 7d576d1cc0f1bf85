import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { Tracing, TracingOptions } from './tracing';

/** Probes and scrapes make no traces: they would drown the ones that matter. */
const UNTRACED_PATHS = new Set(['/metrics', '/healthz', '/readyz']);

/**
 * The OpenTelemetry SDK, loaded only when tracing is on (tracing.ts): spans of incoming and
 * outgoing HTTP (with Express's route), GraphQL operations (parse, validate, execute; not each
 * resolver), PostgreSQL statements inside a traced request or job, and pg-boss's own send and
 * process spans (job-queue.ts stores the sender's trace context on the job, so a post's
 * transcoding continues the trace of the request that created it). Exported over OTLP/HTTP
 * (protobuf) in batches, to OTEL_EXPORTER_OTLP_ENDPOINT (read by the exporter, as are
 * OTEL_EXPORTER_OTLP_HEADERS and the other standard variables).
 */
export function startTracingSdk(options: TracingOptions): Tracing {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName, [ATTR_SERVICE_VERSION]: options.version }),
    // A request that arrives traced stays traced; new traces are kept at the configured ratio.
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(options.sampleRatio ?? 1) }),
    spanProcessors: [
      options.exporter
        ? new SimpleSpanProcessor({ exporter: options.exporter })
        : new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: scheduledDelay() }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  const unregister =
    options.instrument === false
      ? () => undefined
      : registerInstrumentations({
          tracerProvider: provider,
          instrumentations: [
            new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!) }),
            new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
            new GraphQLInstrumentation({ ignoreResolveSpans: true, mergeItems: true }),
            new PgInstrumentation({ requireParentSpan: true }),
          ],
        });
  return {
    async shutdown() {
      unregister();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** OTEL_BSP_SCHEDULE_DELAY: milliseconds between exports (5000 by default). */
function scheduledDelay(): number | undefined {
  const value = Number(process.env.OTEL_BSP_SCHEDULE_DELAY);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export type { SpanExporter };
