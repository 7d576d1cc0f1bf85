import { ConfigError, loadConfig } from '../../src/config';
import { startTestServer, type TestServer } from '../support/test-server';

describe('configuration', () => {
  it('refuses to start in production with the auth emulator configured', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'p', FIREBASE_WEB_API_KEY: 'k' }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production/);
  });

  it('keeps rate limits on unless told otherwise, and never lets production turn them off', () => {
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toBe(false);
    expect(() => loadConfig({ RATE_LIMITS: 'sometimes' })).toThrow(/RATE_LIMITS must be on or off/);
    expect(() => loadConfig({ NODE_ENV: 'production', RATE_LIMITS: 'off', FIREBASE_PROJECT_ID: 'p', FIREBASE_WEB_API_KEY: 'k' })).toThrow(
      /RATE_LIMITS must not be off when NODE_ENV=production/,
    );
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

describe('GraphQL IDE', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('is served to a browser at /graphql, self-contained, with a token field', async () => {
    const page = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('id="token"');
    expect(html).not.toMatch(/https?:\/\/(?!localhost)/);
    const script = await fetch(`${server.url}/graphql-ide.js`);
    expect(await script.text()).toContain("'Bearer ' + token");
  });
});
