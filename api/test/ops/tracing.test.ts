import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import protobuf from 'protobufjs';
import { Registry } from 'prom-client';
import { openDatabase, type Database } from '../../src/infra/db/data-source';
import { openJobQueue, type JobQueue } from '../../src/infra/queue/job-queue';
import { createQueueMetrics } from '../../src/infra/queue/queue-metrics';
import { startTracingFromEnv, type Tracing } from '../../src/infra/telemetry/tracing';
import { ENTITIES } from '../../src/modules/entities';
import { buildApiEntryPoint, startApiProcess, type ApiProcess } from '../support/api-process';
import { createSuiteStore, type SuiteStore } from '../support/database-snapshot';
import { freePort } from '../support/free-port';
import { createStudent, graphql, type TestServer } from '../support/test-server';
import { uploadFile } from '../media/support/tus-requests';

// Real processes, a real transcode on a busy 2-core machine.
jest.setTimeout(240_000);

/**
 * OpenTelemetry: off, nothing of the SDK is loaded; on, the api's and the worker's spans reach an
 * OTLP endpoint (a receiver here, decoding the protobuf a collector would): one trace from the
 * HTTP request through its GraphQL operation and SQL statements to the transcoding job a worker
 * process runs later. Queue metrics: counted by the worker, scraped from its /metrics.
 */
const CLIP = path.resolve(__dirname, '../../../fixtures/media/clips/campus-testcard.mp4');

/** The parts of OTLP's ExportTraceServiceRequest (opentelemetry-proto, trace/v1) this test reads. */
const OTLP = protobuf
  .parse(
    `
  syntax = "proto3";
  message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
  message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
  message Resource { repeated KeyValue attributes = 1; }
  message ScopeSpans { Scope scope = 1; repeated Span spans = 2; }
  message Scope { string name = 1; }
  message Span {
    bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; int32 kind = 6;
    repeated KeyValue attributes = 9;
  }
  message KeyValue { string key = 1; AnyValue value = 2; }
  message AnyValue { oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; } }
`,
  )
  .root.lookupType('ExportTraceServiceRequest');

interface ReceivedSpan {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/** OTLP span kinds. */
const KIND = { server: 2, client: 3, producer: 4, consumer: 5 };

function attributes(list: Array<{ key: string; value?: Record<string, unknown> }> = []): Record<string, unknown> {
  return Object.fromEntries(list.map(({ key, value }) => [key, value ? Object.values(value)[0] : undefined]));
}

/** An OTLP/HTTP receiver (POST /v1/traces, protobuf), as a collector is. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const hex = (bytes?: Uint8Array) => Buffer.from(bytes ?? []).toString('hex');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body);
      expect([req.method, req.url, req.headers['content-type']]).toEqual(['POST', '/v1/traces', 'application/x-protobuf']);
      const request = OTLP.toObject(OTLP.decode(body), { longs: Number, bytes: Array }) as any;
      for (const resourceSpans of request.resourceSpans ?? []) {
        const service = String(attributes(resourceSpans.resource?.attributes)['service.name']);
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            spans.push({
              service,
              scope: scopeSpans.scope?.name ?? '',
              traceId: hex(span.traceId),
              spanId: hex(span.spanId),
              parentSpanId: hex(span.parentSpanId),
              name: span.name,
              kind: span.kind ?? 0,
              attributes: attributes(span.attributes),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, spans, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function eventually<T>(find: () => T | undefined, what: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`never saw ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('tracing off: nothing of the SDK is loaded', () => {
  const loadedBy = (env: Record<string, string>) => {
    const telemetry = path.join(path.dirname(buildApiEntryPoint()), 'telemetry.js');
    const script = `const { tracing } = require(${JSON.stringify(telemetry)});
      const sdk = Object.keys(require.cache).filter((file) => /@opentelemetry[\\/\\\\](sdk-trace|instrumentation|exporter)/.test(file));
      console.log(JSON.stringify({ on: tracing !== null, sdk: sdk.length }));
      tracing?.shutdown();`;
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OTEL_')));
    const run = spawnSync(process.execPath, ['-e', script], { env: { ...clean, NODE_OPTIONS: '', ...env }, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as { on: boolean; sdk: number };
  };

  it('loads no SDK module without an OTLP endpoint, or with OTEL_SDK_DISABLED; loads it with one', () => {
    expect(loadedBy({})).toEqual({ on: false, sdk: 0 });
    expect(loadedBy({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1', OTEL_SDK_DISABLED: 'true' })).toEqual({ on: false, sdk: 0 });
    expect(loadedBy({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1' })).toEqual({ on: true, sdk: expect.any(Number) });
    expect(loadedBy({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:1' }).sdk).toBeGreaterThan(3);
  });
});

describe('a queued job continues the trace that sent it (in-memory exporter), and the queue metrics count its attempts', () => {
  let store: SuiteStore;
  let database: Database;
  let jobs: JobQueue;
  let tracing: Tracing;
  const exporter = new InMemorySpanExporter();
  const registry = new Registry();

  beforeAll(async () => {
    store = await createSuiteStore('tracing_queue');
    // In jest, modules do not load through Node's require: the queue's own spans only, no automatic instrumentation.
    tracing = startTracingFromEnv({}, { serviceName: 'test', version: '0', exporter, instrument: false })!;
    database = await openDatabase({ databaseUrl: store.env.DATABASE_URL, pgliteDir: '' }, ENTITIES);
    const metrics = createQueueMetrics(registry, (error) => {
      throw error;
    });
    jobs = await openJobQueue({
      databaseUrl: store.env.DATABASE_URL,
      dataSource: database.dataSource,
      pollingIntervalSeconds: 1,
      superviseIntervalSeconds: 1,
      onError: () => undefined,
      observer: metrics.observer,
    });
    metrics.watch(jobs);
  });
  afterAll(async () => {
    await jobs?.stopWorkers(1000);
    await jobs?.close();
    await database?.close();
    await tracing?.shutdown();
    await store?.drop();
  });

  it('links the job to the request: same trace, the worker span a child of the send span', async () => {
    await jobs.defineQueue('traced', { retryLimit: 1, retryDelaySeconds: 0, expireInSeconds: 60, heartbeatSeconds: 10 });
    const seen: Array<{ traceId: string; attempt: number }> = [];
    const done = new Promise<void>((resolve) => {
      void jobs.work<{ n: number }>('traced', 1, async (job) => {
        seen.push({ traceId: trace.getActiveSpan()?.spanContext().traceId ?? 'none', attempt: job.retryCount });
        // The first attempt fails: pg-boss retries it, and the metrics count both.
        if (job.retryCount === 0) throw new Error('first attempt fails');
        setTimeout(resolve, 200);
      });
    });
    const tracer = trace.getTracer('test');
    const request = tracer.startSpan('POST /graphql', { kind: SpanKind.SERVER });
    await context.with(trace.setSpan(context.active(), request), () =>
      database.dataSource.transaction((tx) => jobs.sendWithin(tx, 'traced', { n: 1 })),
    );
    request.end();
    await done;

    const traceId = request.spanContext().traceId;
    expect(seen).toEqual([
      { traceId, attempt: 0 },
      { traceId, attempt: 1 },
    ]);
    const spans = exporter.getFinishedSpans();
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
    const send = spans.find((span) => span.kind === SpanKind.PRODUCER && span.name.includes('traced'))!;
    expect([send.spanContext().traceId, parentOf(send)]).toEqual([traceId, request.spanContext().spanId]);
    const processed = spans.filter((span) => span.kind === SpanKind.CONSUMER && span.name.includes('traced'));
    expect(processed.map((span) => [span.spanContext().traceId, parentOf(span)])).toEqual([
      [traceId, send.spanContext().spanId],
      [traceId, send.spanContext().spanId],
    ]);

    // The counts are pg-boss's, refreshed on each of its monitor passes (every second here).
    let text = await registry.metrics();
    for (let tries = 0; tries < 50 && !/^campus_queue_jobs\{queue="traced",state="waiting"\} 0$/m.test(text); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      text = await registry.metrics();
    }
    expect(text).toContain('campus_queue_jobs_completed_total{queue="traced"} 1');
    expect(text).toContain('campus_queue_jobs_failed_total{queue="traced"} 1');
    expect(text).toContain('campus_queue_jobs_retried_total{queue="traced"} 1');
    expect(text).toContain('campus_queue_job_duration_seconds_count{queue="traced",outcome="failed"} 1');
    expect(text).toContain('campus_queue_job_duration_seconds_count{queue="traced",outcome="completed"} 1');
    expect(text).toMatch(/^campus_queue_jobs\{queue="traced",state="waiting"\} 0$/m);
    expect(text).toMatch(/^campus_queue_oldest_job_age_seconds\{queue="traced"\} 0$/m);
    expect((await jobs.queues()).find((queue) => queue.name === 'traced')).toEqual({
      name: 'traced',
      queued: 0,
      deferred: 0,
      active: 0,
      failed: 0,
      oldestQueuedSeconds: null,
    });
  });
});

describe('the api and a worker process export one trace over OTLP, request to transcode', () => {
  let store: SuiteStore;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let api: ApiProcess;
  let worker: ChildProcess | null = null;

  beforeAll(async () => {
    store = await createSuiteStore('tracing_otlp');
    receiver = await startReceiver();
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await api?.kill();
    await receiver?.close();
    await store?.drop();
  });

  it('HTTP, GraphQL and SQL spans in the request trace; its transcode, in a worker, continues it; the worker serves /metrics', async () => {
    const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
    api = await startApiProcess(buildApiEntryPoint(), { ...store.env, ...otel, TRANSCODE_WORKERS: '0' });
    const server = { url: api.url } as TestServer;
    const student = await createStudent(server);

    const viewer = await graphql(server, student.token, 'query TracedViewer { viewer { id } }');
    expect(viewer.errors).toBeUndefined();
    const operation = await eventually(
      () => receiver.spans.find((span) => span.attributes['graphql.operation.name'] === 'TracedViewer'),
      'the GraphQL operation span',
    );
    const sameTrace = () => receiver.spans.filter((span) => span.traceId === operation.traceId);
    await eventually(() => (sameTrace().some((span) => span.kind === KIND.client && span.scope.includes('pg')) ? true : undefined), 'SQL');
    const root = sameTrace().find((span) => span.kind === KIND.server)!;
    expect(root).toMatchObject({ service: 'campus-clips-api', parentSpanId: '' });
    expect(root.attributes['http.route'] ?? root.name).toContain('/graphql');
    expect(receiver.spans.some((span) => ['/metrics', '/healthz'].includes(String(span.attributes['url.path'])))).toBe(false);

    // A post: its request sends the transcoding job (pg-boss's PRODUCER span, in the request's trace).
    const { last } = await uploadFile(api.url, `Bearer ${student.token}`, fs.readFileSync(CLIP), {
      kind: 'video',
      filename: 'clip.mp4',
      filetype: 'video/mp4',
    });
    expect(last.status).toBe(204);
    const created = await graphql(
      server,
      student.token,
      'mutation TracedPost($v: String!) { createPost(input: { videoUrl: $v }) { id } }',
      {
        v: last.headers.get('x-media-url'),
      },
    );
    expect(created.errors).toBeUndefined();
    const send = await eventually(
      () => receiver.spans.find((span) => span.kind === KIND.producer && span.name.includes('video-transcode')),
      'the job being sent',
    );
    // The request's own span ends after its answer, so it may arrive in a later export than the send's.
    const createRequest = await eventually(
      () => receiver.spans.find((span) => span.traceId === send.traceId && span.kind === KIND.server),
      'the request that sent it',
    );
    expect(createRequest.service).toBe('campus-clips-api');
    expect(receiver.spans.find((span) => span.attributes['graphql.operation.name'] === 'TracedPost')?.traceId).toBe(send.traceId);

    // A worker process takes the job: its work continues the request's trace, as a child of the send.
    const healthPort = await freePort();
    worker = spawn(process.execPath, [path.join(path.dirname(buildApiEntryPoint()), 'worker.js')], {
      env: {
        ...process.env,
        ...store.env,
        ...otel,
        NODE_OPTIONS: '',
        LOG_LEVEL: 'warn',
        TRANSCODE_WORKERS: '1',
        TRANSCODE_NICENESS: '0',
        JOB_POLL_SECONDS: '1',
        HEALTH_PORT: String(healthPort),
      },
      stdio: 'ignore',
    });
    const processed = await eventually(
      () =>
        receiver.spans.find(
          (span) => span.kind === KIND.consumer && span.name.includes('video-transcode') && span.traceId === send.traceId,
        ),
      'the worker processing the job',
      180_000,
    );
    expect(processed).toMatchObject({ service: 'campus-clips-worker', parentSpanId: send.spanId });
    // The worker's SQL for that job is in the same trace.
    await eventually(
      () =>
        receiver.spans.some((span) => span.service === 'campus-clips-worker' && span.traceId === send.traceId && span.kind === KIND.client)
          ? true
          : undefined,
      "the worker's SQL in the trace",
    );

    const scrape = await fetch(`http://127.0.0.1:${healthPort}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toContain('campus_queue_jobs_completed_total{queue="video-transcode"} 1');
    expect(text).toContain('campus_queue_job_duration_seconds_count{queue="video-transcode",outcome="completed"} 1');
    expect(text).toMatch(/^campus_queue_jobs\{queue="video-transcode",state="running"\} \d+$/m);
    expect(text).toContain('campus_process_cpu_seconds_total');
    const health = await fetch(`http://127.0.0.1:${healthPort}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
  });
});
