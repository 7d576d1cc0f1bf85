import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { ConfigError, loadConfig } from '../../src/config';
import { graphql, startTestServer, type TestServer } from '../support/test-server';

/** The least a production start needs (ffmpeg: the system's, installed on this machine). */
const PRODUCTION_SETTINGS = {
  NODE_ENV: 'production',
  FIREBASE_PROJECT_ID: 'p',
  FIREBASE_WEB_API_KEY: 'k',
  PUBLIC_URL: 'https://clips.example.edu',
};

describe('configuration', () => {
  it('refuses to start in production with the auth emulator configured', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        FIREBASE_PROJECT_ID: 'p',
        FIREBASE_WEB_API_KEY: 'k',
        PUBLIC_URL: 'https://clips.example.edu',
      }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production/);
  });

  it('requires PUBLIC_URL in production: absolute links never come from a request there', () => {
    const { PUBLIC_URL: _unset, ...withoutPublicUrl } = PRODUCTION_SETTINGS;
    try {
      loadConfig(withoutPublicUrl);
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'PUBLIC_URL is required when NODE_ENV=production (the address students reach, e.g. https://clips.example.edu)',
      ]);
    }
    expect(loadConfig(PRODUCTION_SETTINGS).publicUrl).toBe('https://clips.example.edu');
    // Development may leave it unset: each request's own origin is used (public-base.ts).
    expect(loadConfig({}).publicUrl).toBeNull();
    // The worker and the admin command build no links: they run in the image without it.
    expect(loadConfig(withoutPublicUrl, process.cwd(), 'tool').publicUrl).toBeNull();
  });

  it('keeps rate limits on unless told otherwise, and never lets production turn them off', () => {
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toBe(false);
    expect(() => loadConfig({ RATE_LIMITS: 'sometimes' })).toThrow(/RATE_LIMITS must be on or off/);
    expect(() => loadConfig({ ...PRODUCTION_SETTINGS, RATE_LIMITS: 'off' })).toThrow(
      /RATE_LIMITS must not be off when NODE_ENV=production/,
    );
  });

  it('turns the GraphQL IDE and introspection off by default in production only', () => {
    const production = PRODUCTION_SETTINGS;
    expect(loadConfig(production).graphqlIde).toBe(false);
    expect(loadConfig({ ...production, GRAPHQL_IDE: 'on' }).graphqlIde).toBe(true);
    expect(loadConfig({}).graphqlIde).toBe(true);
    expect(loadConfig({ GRAPHQL_IDE: 'off' }).graphqlIde).toBe(false);
    expect(() => loadConfig({ GRAPHQL_IDE: 'yes' })).toThrow(/GRAPHQL_IDE must be on or off/);
  });

  it('reports every bad setting, one line each', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x', LOG_LEVEL: 'loud' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toHaveLength(4);
    }
  });
});

/** A subscription whose field is misspelt, and one query likewise: their validation errors may suggest the right name. */
const MISSPELT = { subscription: `subscription { comentAdded(postId: "1") { id } }`, query: `{ interestCatalog }` };

/** The errors the server answers a subscription with, over ws://…/graphql with a real graphql-ws client (no sign-in). */
async function subscriptionErrors(server: TestServer, query: string): Promise<Array<{ message: string }>> {
  const client = createClient({
    url: `${server.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
  });
  try {
    return await new Promise((resolve, reject) => {
      client.subscribe(
        { query },
        {
          next: () => reject(new Error('expected errors, got a result')),
          error: (error) => (Array.isArray(error) ? resolve(error) : reject(error)),
          complete: () => undefined,
        },
      );
    });
  } finally {
    await client.dispose();
  }
}

/**
 * A web build with the IDE inside it (graphql-ide/index.html and a hashed script), standing in
 * for `npm run build -w web`'s web/dist, which the api tests must not need.
 */
const WEB_DIST_WITH_IDE = path.resolve(__dirname, '..', 'fixtures-ide');
const IDE_SCRIPT = '/graphql-ide/assets/index-Fixture1.js';

/** What a browser's address bar sends for http://…/graphql. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('GraphQL IDE', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIST: WEB_DIST_WITH_IDE });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers a browser at /graphql with the GraphiQL page from the web build, uncached, nothing from elsewhere', async () => {
    const page = await fetch(`${server.url}/graphql`, { headers: { accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    // GraphiQL's icon fonts are data: URLs; the rest of the policy is the api's own.
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'.*; font-src 'self' data:$/);
    const html = await page.text();
    expect(html).toContain('<div id="graphiql">');
    expect(html).toContain(`src="${IDE_SCRIPT}"`);
    expect(html).not.toMatch(/https?:\/\//);
  });

  it('serves its hashed assets under /graphql-ide/ as JavaScript, cached for a year', async () => {
    const script = await fetch(`${server.url}${IDE_SCRIPT}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toContain('graphiql');
    const missing = await fetch(`${server.url}/graphql-ide/assets/index-Gone.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('leaves every other GET /graphql to Apollo, CSRF check included', async () => {
    // A GraphQL GET from a browser tab carries a query: Apollo refuses it without a preflight header.
    const withQuery = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ interestCatalogue }')}`, {
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(withQuery.status).toBe(400);
    expect(await withQuery.text()).toMatch(/CSRF/);
    const preflighted = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ interestCatalogue }')}`, {
      headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
    });
    expect(((await preflighted.json()) as { data: { interestCatalogue: string[] } }).data.interestCatalogue).toContain('Basketball');
    // A client that takes anything, or JSON first, is not a browser asking for a page.
    for (const accept of ['*/*', 'application/json, text/html']) {
      const response = await fetch(`${server.url}/graphql`, { headers: { accept } });
      expect(response.headers.get('content-type')).not.toMatch(/html/);
    }
  });

  it('suggests field names in validation errors, over HTTP and WebSocket, outside production', async () => {
    expect(await subscriptionErrors(server, MISSPELT.subscription)).toEqual([
      expect.objectContaining({ message: 'Cannot query field "comentAdded" on type "Subscription". Did you mean "commentAdded"?' }),
    ]);
    expect((await graphql(server, null, MISSPELT.query)).errors?.[0]?.message).toMatch(/Did you mean "interestCatalogue"\?/);
  });

  it('reports the SQL statements a request issued, outside production', async () => {
    const result = await graphql(
      server,
      null,
      `
        {
          explore(first: 1) {
            edges {
              node {
                id
              }
            }
          }
        }
      `,
    );
    expect(result.sqlStatements).toBeGreaterThan(0);
  });
});

describe('GraphQL IDE without a build', () => {
  let server: TestServer;
  let emptyWebDist: string;
  beforeAll(async () => {
    emptyWebDist = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-no-ide-'));
    server = await startTestServer({ WEB_DIST: emptyWebDist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(emptyWebDist, { recursive: true, force: true });
  });

  it('says how to build it, in plain text, at /graphql and under /graphql-ide/', async () => {
    for (const url of [`${server.url}/graphql`, `${server.url}${IDE_SCRIPT}`]) {
      const response = await fetch(url, { headers: { accept: BROWSER_ACCEPT } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toMatch(/The GraphQL IDE is not built .*Run `npm run build -w web`/);
    }
  });
});

/** NODE_ENV=production without the emulator setting (which production refuses); no test here signs in. */
const PRODUCTION = {
  NODE_ENV: 'production',
  FIREBASE_AUTH_EMULATOR_HOST: undefined,
  FIREBASE_WEB_API_KEY: 'test-web-api-key',
  PUBLIC_URL: 'https://clips.example.edu',
};
const INTROSPECTION = `{ __schema { queryType { name } } }`;

describe('GraphQL in production', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...PRODUCTION, WEB_DIST: WEB_DIST_WITH_IDE });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses introspection but still answers queries', async () => {
    const introspection = await graphql(server, null, INTROSPECTION);
    expect(introspection.data).toBeUndefined();
    expect(introspection.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/introspection is not allowed/),
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const query = await graphql(
      server,
      null,
      `
        {
          interestCatalogue
        }
      `,
    );
    expect(query.errors).toBeUndefined();
  });

  it('suggests no field names in validation errors, over HTTP or WebSocket', async () => {
    expect(await subscriptionErrors(server, MISSPELT.subscription)).toEqual([
      expect.objectContaining({
        message: 'Cannot query field "comentAdded" on type "Subscription".',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      }),
    ]);
    const http = await graphql(server, null, MISSPELT.query);
    expect(http.errors).toEqual([expect.objectContaining({ message: 'Cannot query field "interestCatalog" on type "Query".' })]);
  });

  it('serves no IDE, though the web build carries it', async () => {
    const page = await fetch(`${server.url}/graphql`, { headers: { accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).not.toMatch(/html/);
    expect(await page.text()).not.toContain('graphiql');
    for (const asset of [IDE_SCRIPT, '/graphql-ide/index.html']) {
      const response = await fetch(`${server.url}${asset}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('graphiql');
    }
  });

  it('does not report SQL statement counts', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ explore(first: 1) { edges { node { id } } } }` }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.has('x-sql-statements')).toBe(false);
    expect((await fetch(`${server.url}/healthz`)).headers.has('x-sql-statements')).toBe(false);
  });
});

describe('GraphQL in production with GRAPHQL_IDE=on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...PRODUCTION, GRAPHQL_IDE: 'on', WEB_DIST: WEB_DIST_WITH_IDE });
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves the IDE and answers introspection', async () => {
    const page = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('<div id="graphiql">');
    expect((await fetch(`${server.url}${IDE_SCRIPT}`)).status).toBe(200);
    const introspection = await graphql(server, null, INTROSPECTION);
    expect(introspection.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});
