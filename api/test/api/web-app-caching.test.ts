import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The installable app (issue 16): the service worker, the manifest and the offline page keep their
 * names across releases, so browsers must revalidate them; other files of the build keep an hour.
 */
describe('the web build as the api serves it', () => {
  let server: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-web-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Campus Clips</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Campus Clips', start_url: '/' }));
    fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>Offline</title>');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({ WEB_DIST: dist });
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('asks browsers to revalidate the service worker, the manifest and the offline page, with their types', async () => {
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${server.url}/offline.html`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps the hour for the other unhashed files', async () => {
    const icon = await fetch(`${server.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
