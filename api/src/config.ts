import path from 'node:path';
import { resolveFfmpegBinaries, type ResolvedFfmpeg } from './infra/media/ffmpeg-binaries';
import type { S3Config } from './infra/media/s3-media-store';
import { campusDomain, type CampusDraft, type SignupMode } from './modules/campuses';

export type { S3Config };

/** Every setting the api reads from the environment, parsed and checked in one place. */
export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /**
   * The address students reach (PUBLIC_URL, no trailing slash), for absolute links such as a post
   * page's link-preview tags. Required in production; null when unset in development, where each
   * request's own origin is used instead (http/public-base.ts).
   */
  publicUrl: string | null;
  /** PostgreSQL through pg when set; the embedded PGlite database otherwise. */
  databaseUrl: string | null;
  /** Hot reads as named prepared statements (PREPARED_STATEMENTS=off for a pooler that cannot keep them). */
  preparedStatements: boolean;
  dataDir: string;
  pgliteDir: string;
  mediaDir: string;
  redisUrl: string | null;
  s3: S3Config | null;
  /** ffmpeg and ffprobe that decode uploads (FFMPEG_PATH, FFPROBE_PATH, else the system's, else the bundled 2018 build in development). */
  ffmpeg: ResolvedFfmpeg;
  firebase: {
    projectId: string;
    authEmulatorHost: string | null;
    /** host:port of the emulator as browsers reach it (differs from authEmulatorHost inside docker-compose). */
    authEmulatorPublicHost: string | null;
    webApiKey: string;
    authDomain: string;
  };
  corsOrigins: string[];
  supportEmail: string;
  logLevel: string;
  webDist: string | null;
  seedDemo: boolean;
  /** Abuse limits on writes (shared/rate-limit-table.ts); 'off' only for load benchmarks and fuzzing. */
  rateLimits: boolean;
  /** The GraphQL IDE at GET /graphql and schema introspection (which the IDE reads); off by default in production. */
  graphqlIde: boolean;
  /**
   * Videos this api process transcodes at once (TRANSCODE_WORKERS, default 1): 0 leaves all of it to
   * `npm run worker` processes (docker-compose runs them as their own service).
   */
  transcodeWorkers: number;
  /**
   * Threads one ffmpeg transcode may use (TRANSCODE_THREADS, default 2). ffmpeg also runs at the
   * lowest CPU and I/O priority, so on a host shared with the api it takes only what requests leave.
   */
  transcodeThreads: number;
  /**
   * ffmpeg's niceness (TRANSCODE_NICENESS, default 19, the lowest priority). 0 on a host that only
   * transcodes, or where nothing else must come first (the browser tests, which test playback).
   */
  transcodeNiceness: number;
  /** How often idle job workers look for work and stalled jobs are looked for, in seconds (JOB_POLL_SECONDS, JOB_SUPERVISE_SECONDS). */
  jobPollSeconds: number;
  jobSuperviseSeconds: number;
  /** `npm run worker` answers GET /healthz on this port when set (HEALTH_PORT), for container health checks. */
  workerHealthPort: number | null;
  /** Reports by this many different students hide a post until a moderator looks (REPORTS_TO_HIDE). */
  reportsToHide: number;
  /**
   * Who may join (SIGNUP_MODE, D16): 'restricted', only addresses on a campus's e-mail domains (the
   * default with NODE_ENV=production); 'open', any address, with the campus its domain names if any
   * (the default otherwise: `npm start` and development; the browser tests set restricted with a test campus).
   */
  signupMode: SignupMode;
  /** FIRST_CAMPUS="Name|SHORT|domain1,domain2": made on start when the deployment has no campus yet. */
  firstCampus: CampusDraft | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * `purpose`: 'server' for the api (it builds absolute links, so production needs PUBLIC_URL);
 * 'tool' for the worker, the admin command and the demo loader, which build no links and must
 * run in the image with only the settings they use.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd(), purpose: 'server' | 'tool' = 'server'): Config {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  const nodeEnv = read('NODE_ENV') ?? 'development';
  if (!['development', 'test', 'production'].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be development, test or production (got "${nodeEnv}")`);
  }

  const portText = read('PORT') ?? '8000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${portText}")`);
  }

  const databaseUrl = read('DATABASE_URL') ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const redisUrl = read('REDIS_URL') ?? null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    problems.push('REDIS_URL must start with redis:// or rediss://');
  }

  // Absolute links (link previews, calendar feeds) are built on it. In production they never come
  // from a request's headers, which any client can forge (X-Forwarded-Host, Host).
  const publicUrl = read('PUBLIC_URL') ?? null;
  if (publicUrl !== null && !isHttpUrl(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) URL (got "${publicUrl}")`);
  if (publicUrl === null && nodeEnv === 'production' && purpose === 'server') {
    problems.push('PUBLIC_URL is required when NODE_ENV=production (the address students reach, e.g. https://clips.example.edu)');
  }

  const corsOrigins = (read('CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!isHttpUrl(origin)) problems.push(`CORS_ORIGINS entries must be http(s) origins (got "${origin}")`);
  }

  const logLevel = read('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const authEmulatorHost = read('FIREBASE_AUTH_EMULATOR_HOST') ?? null;
  if (nodeEnv === 'production' && authEmulatorHost) {
    problems.push('FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production (the emulator accepts unsigned tokens)');
  }
  const projectId = read('FIREBASE_PROJECT_ID') ?? (nodeEnv === 'production' ? undefined : 'demo-campus-clips');
  if (!projectId) problems.push('FIREBASE_PROJECT_ID is required when NODE_ENV=production');
  const webApiKey = read('FIREBASE_WEB_API_KEY') ?? (nodeEnv === 'production' ? undefined : 'demo-api-key');
  if (!webApiKey) problems.push('FIREBASE_WEB_API_KEY is required when NODE_ENV=production');

  const s3 = readS3(read, problems);
  const ffmpeg = readFfmpeg(env, nodeEnv, problems);

  const rateLimits = read('RATE_LIMITS') ?? 'on';
  if (rateLimits !== 'on' && rateLimits !== 'off') problems.push(`RATE_LIMITS must be on or off (got "${rateLimits}")`);
  if (nodeEnv === 'production' && rateLimits === 'off') problems.push('RATE_LIMITS must not be off when NODE_ENV=production');

  // A public api need not hand out a map of itself; a team can still turn it on for a staging deploy.
  const preparedStatements = read('PREPARED_STATEMENTS') ?? 'on';
  if (preparedStatements !== 'on' && preparedStatements !== 'off')
    problems.push(`PREPARED_STATEMENTS must be on or off (got "${preparedStatements}")`);
  const graphqlIde = read('GRAPHQL_IDE') ?? (nodeEnv === 'production' ? 'off' : 'on');
  if (graphqlIde !== 'on' && graphqlIde !== 'off') problems.push(`GRAPHQL_IDE must be on or off (got "${graphqlIde}")`);

  const count = (name: string, fallback: number, min: number, max: number) => {
    const text = read(name);
    const value = text === undefined ? fallback : Number(text);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${text}")`);
    }
    return value;
  };
  const transcodeWorkers = count('TRANSCODE_WORKERS', 1, 0, 16);
  const transcodeThreads = count('TRANSCODE_THREADS', 2, 1, 16);
  const transcodeNiceness = count('TRANSCODE_NICENESS', 19, 0, 19);
  const jobPollSeconds = count('JOB_POLL_SECONDS', 1, 1, 60);
  const jobSuperviseSeconds = count('JOB_SUPERVISE_SECONDS', 10, 1, 300);
  const workerHealthPort = read('HEALTH_PORT') === undefined ? null : count('HEALTH_PORT', 0, 1, 65535);
  const reportsToHide = count('REPORTS_TO_HIDE', 3, 1, 1000);

  const signupMode = read('SIGNUP_MODE') ?? (nodeEnv === 'production' ? 'restricted' : 'open');
  if (signupMode !== 'restricted' && signupMode !== 'open') problems.push(`SIGNUP_MODE must be restricted or open (got "${signupMode}")`);
  const firstCampus = readFirstCampus(read('FIRST_CAMPUS'), problems);

  const dataDir = path.resolve(cwd, read('DATA_DIR') ?? 'data');
  const webDistSetting = read('WEB_DIST');
  const webDist = webDistSetting === 'none' ? null : path.resolve(cwd, webDistSetting ?? defaultWebDist());

  if (problems.length) throw new ConfigError(problems);

  return {
    env: nodeEnv as Config['env'],
    port,
    host: read('HOST') ?? '0.0.0.0',
    publicUrl: publicUrl?.replace(/\/+$/, '') ?? null,
    databaseUrl,
    preparedStatements: preparedStatements === 'on',
    dataDir,
    pgliteDir: path.resolve(dataDir, read('PGLITE_DIR') ?? 'pglite'),
    mediaDir: path.resolve(cwd, read('MEDIA_DIR') ?? path.join(dataDir, 'media')),
    redisUrl,
    s3,
    ffmpeg: ffmpeg!,
    firebase: {
      projectId: projectId!,
      authEmulatorHost,
      authEmulatorPublicHost: authEmulatorHost ? (read('FIREBASE_AUTH_EMULATOR_PUBLIC_HOST') ?? authEmulatorHost) : null,
      webApiKey: webApiKey!,
      authDomain: read('FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
    },
    corsOrigins,
    supportEmail: read('SUPPORT_EMAIL') ?? 'support@campusclips.example',
    logLevel,
    webDist,
    seedDemo: (read('SEED_DEMO') ?? 'true') !== 'false',
    rateLimits: rateLimits !== 'off',
    graphqlIde: graphqlIde === 'on',
    transcodeWorkers,
    transcodeThreads,
    transcodeNiceness,
    jobPollSeconds,
    jobSuperviseSeconds,
    workerHealthPort,
    reportsToHide,
    signupMode: signupMode as SignupMode,
    firstCampus,
  };
}

/** FIRST_CAMPUS: "Name|SHORT|domain1,domain2" (the campus `npm run admin -- campus add` would make). */
function readFirstCampus(text: string | undefined, problems: string[]): CampusDraft | null {
  if (text === undefined) return null;
  const [name, shortName, domainList, ...rest] = text.split('|').map((part) => part.trim());
  const domains = (domainList ?? '')
    .split(',')
    .map((domain) => domain.trim())
    .filter(Boolean);
  if (!name || !shortName || !domains.length || rest.length) {
    problems.push(`FIRST_CAMPUS must be "Name|SHORT|domain1,domain2" (got "${text}")`);
    return null;
  }
  const wrong = domains.filter((domain) => !campusDomain(domain));
  if (wrong.length) problems.push(`FIRST_CAMPUS: ${wrong.join(', ')} is not an e-mail domain a campus can own (e.g. example.edu)`);
  return { name, shortName, domains };
}

function readS3(read: (name: string) => string | undefined, problems: string[]): S3Config | null {
  const bucket = read('S3_BUCKET');
  const others = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => read(name));
  if (!bucket) {
    if (others.length) problems.push(`S3_BUCKET is required when ${others.join(', ')} is set`);
    return null;
  }
  const endpoint = read('S3_ENDPOINT');
  if (endpoint && !isHttpUrl(endpoint)) problems.push('S3_ENDPOINT must be an http(s) URL');
  return {
    bucket,
    region: read('S3_REGION') ?? 'us-east-1',
    endpoint,
    accessKeyId: read('S3_ACCESS_KEY_ID'),
    secretAccessKey: read('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: (read('S3_FORCE_PATH_STYLE') ?? (endpoint ? 'true' : 'false')) === 'true',
  };
}

function readFfmpeg(env: Env, nodeEnv: string, problems: string[]): ResolvedFfmpeg | null {
  try {
    // FFMPEG_PATH and FFPROBE_PATH are read there; PATH is where a system ffmpeg is looked for.
    const ffmpeg = resolveFfmpegBinaries(env);
    if (nodeEnv === 'production' && ffmpeg.source === 'bundled') {
      problems.push(
        'FFMPEG_PATH / FFPROBE_PATH: NODE_ENV=production needs a current ffmpeg and ffprobe (Debian: apt-get install ffmpeg, or set both variables); the bundled 2018 build must not decode uploads',
      );
    }
    return ffmpeg;
  } catch (error) {
    problems.push(`FFMPEG_PATH / FFPROBE_PATH: ${(error as Error).message}`);
    return null;
  }
}

function defaultWebDist(): string {
  // api/dist/config.js and api/src/config.ts both sit two levels below the repository root.
  return path.resolve(__dirname, '..', '..', 'web', 'dist');
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
