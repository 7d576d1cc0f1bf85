import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The installable app (issue 16): the service worker, the manifest and the offline page keep their
 * names across releases, so browsers must revalidate them; other files of the build keep an hour.
 */
const SCRIPT = 'index-Hash1234.js';
const SCRIPT_TEXT = `export const words = ${JSON.stringify('campus clips '.repeat(400))};\n`;

/** The raw answer (fetch would undo the compression): status, headers and the bytes as sent. */
function rawGet(url: string, acceptEncoding: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the web build as the api serves it', () => {
  let server: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-web-dist-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Campus Clips</title><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Campus Clips', start_url: '/' }));
    fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><title>Offline</title>');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', SCRIPT), SCRIPT_TEXT);
    fs.writeFileSync(path.join(dist, 'assets', `${SCRIPT}.br`), zlib.brotliCompressSync(SCRIPT_TEXT));
    fs.writeFileSync(path.join(dist, 'assets', `${SCRIPT}.gz`), zlib.gzipSync(SCRIPT_TEXT));
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

  it("sends a hashed script as the build's Brotli or gzip copy, whichever the browser accepts, cached for a year", async () => {
    const brotli = await rawGet(`${server.url}/assets/${SCRIPT}`, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.body.length).toBeLessThan(SCRIPT_TEXT.length / 10);
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT_TEXT);

    const gzip = await rawGet(`${server.url}/assets/${SCRIPT}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(SCRIPT_TEXT);

    const plain = await rawGet(`${server.url}/assets/${SCRIPT}`, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT_TEXT);
  });

  it('keeps the hour for the other unhashed files', async () => {
    const icon = await fetch(`${server.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});
