import path from 'node:path';
import { startTracingFromEnv } from './infra/telemetry/tracing';
import { VERSION } from './version';

/**
 * The first import of main.ts and worker.ts: OpenTelemetry tracing starts here, before http,
 * express, graphql and pg are loaded, when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/operations.md
 * "Traces"); otherwise nothing of the SDK is loaded. `tracing` is null when off.
 */
const worker = path.basename(process.argv[1] ?? '') === 'worker.js';
export const tracing = startTracingFromEnv(process.env, {
  serviceName: process.env.OTEL_SERVICE_NAME?.trim() || (worker ? 'campus-clips-worker' : 'campus-clips-api'),
  version: VERSION,
});
