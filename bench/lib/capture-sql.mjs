// Captures the exact SQL (text and parameters) the api issues for one HTTP request, for the raw-SQL
// floor: the built api runs in this process with its TypeORM logger wrapped, answers the same
// request with the same token once, and the statements it logged are the floor's workload.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/emulator.mjs';

export async function openSqlCapture({ root, databaseUrl, emulatorHost }) {
  const require = createRequire(path.join(root, 'api', 'package.json'));
  require('reflect-metadata');
  const { loadConfig } = require(path.join(root, 'api', 'dist', 'config.js'));
  const { createApp } = require(path.join(root, 'api', 'dist', 'app.js'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-bench-capture-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIST: 'none',
    SEED_DEMO: 'false',
    MEDIA_DIR: mediaDir,
  });
  const app = await createApp(config);
  const { port } = await app.listen();
  const url = `http://127.0.0.1:${port}`;
  const dataSource = app.database.dataSource;
  const logger = dataSource.logger;
  let recording = null;
  dataSource.logger = new Proxy(logger, {
    get(target, property) {
      if (property === 'logQuery') {
        return (query, parameters, runner) => {
          recording?.push({ sql: query, parameters: parameters ?? [] });
          return target.logQuery(query, parameters, runner);
        };
      }
      const value = target[property];
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    /** Sends the request ({ method, path, headers, body }) and returns the statements it ran. */
    async capture(request) {
      // Once unrecorded so the token is verified and cached, as it is during the load.
      await send(url, request);
      recording = [];
      const answer = await send(url, request);
      const statements = recording;
      recording = null;
      if (!answer.ok) throw new Error(`capture: ${request.path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      if (Number(answer.headers.get('x-sql-statements')) !== statements.length) {
        throw new Error(`capture: ${statements.length} statements logged but the api reported ${answer.headers.get('x-sql-statements')}`);
      }
      return statements;
    },
    async close() {
      await app.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

async function send(url, request) {
  const response = await fetch(url + request.path, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  return { ok: response.ok, status: response.status, headers: response.headers, text };
}
