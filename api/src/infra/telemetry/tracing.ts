import type { SpanExporter } from '@opentelemetry/sdk-trace';

/** Tracing while it runs: flush and stop on the way out. */
export interface Tracing {
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  serviceName: string;
  version: string;
  /** Share of new traces kept, 0 to 1 (OTEL_TRACES_SAMPLER_ARG); 1 by default. */
  sampleRatio?: number;
  /** Tests: spans go here (at once) instead of to the OTLP endpoint. */
  exporter?: SpanExporter;
  /** Tests in jest, where modules do not load through Node's require: no automatic instrumentation. */
  instrument?: boolean;
}

type Env = Record<string, string | undefined>;

/**
 * Tracing is on when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT, or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and not turned off (OTEL_SDK_DISABLED=true,
 * OTEL_TRACES_EXPORTER=none). Off is the default.
 */
export function tracingRequested(env: Env): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' && env.OTEL_TRACES_EXPORTER?.trim() !== 'none';
}

/**
 * Starts tracing when `env` asks for it, else returns null having loaded nothing: the SDK and its
 * instrumentations are required only here, so a process without tracing carries none of it (no
 * module, no hook on require, no span). Must run before the modules it traces are loaded
 * (http, express, graphql, pg): main.ts and worker.ts import telemetry.ts first.
 */
export function startTracingFromEnv(env: Env, options: Omit<TracingOptions, 'sampleRatio'>): Tracing | null {
  if (!tracingRequested(env) && !options.exporter) return null;
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on, and before what it instruments
  const { startTracingSdk } = require('./tracing-sdk') as typeof import('./tracing-sdk');
  return startTracingSdk({ ...options, sampleRatio: Number.isFinite(ratio) ? Math.min(1, Math.max(0, ratio)) : 1 });
}
