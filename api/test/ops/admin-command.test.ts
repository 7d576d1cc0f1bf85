import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApiEntryPoint } from '../support/api-process';

/**
 * The production image (Dockerfile, target runtime) holds the compiled api and the production
 * dependencies only: no tsc, so no `npm run admin` (which builds first). There the admin command
 * is `node api/dist/admin-cli.js ...`: it must run from the build with node alone, and the
 * operator's docs must say so.
 */
const REPO = path.resolve(__dirname, '../../..');

function devDependencies(): string[] {
  const names = new Set<string>();
  for (const manifest of ['package.json', 'api/package.json']) {
    const { dependencies = {}, devDependencies: dev = {} } = JSON.parse(fs.readFileSync(path.join(REPO, manifest), 'utf8'));
    for (const name of Object.keys(dev)) if (!(name in dependencies)) names.add(name);
  }
  return [...names];
}

test('node api/dist/admin-cli.js runs from the build without development dependencies (tsc among them), and tells how', () => {
  const cli = path.join(path.dirname(buildApiEntryPoint()), 'admin-cli.js');
  // Every module the command loads, as in the image: a development dependency would not be there.
  const hook = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campus-admin-')), 'production-only.cjs');
  fs.writeFileSync(
    hook,
    `const Module = require('node:module');
     const absent = new Set(${JSON.stringify(devDependencies())});
     const load = Module._load;
     Module._load = function (request, ...rest) {
       const name = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
       if (absent.has(name)) throw new Error(request + ' is a development dependency: the production image does not have it');
       return load.call(this, request, ...rest);
     };`,
  );
  try {
    expect(devDependencies()).toEqual(expect.arrayContaining(['typescript', 'jest']));
    const result = spawnSync(process.execPath, ['--require', hook, cli, '--help'], {
      cwd: os.tmpdir(),
      // Help opens no database: an unreachable one proves it.
      env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Docker image: node api/dist/admin-cli.js <command>');
    for (const command of ['grant admin|moderator <email>', 'revoke admin|moderator <email>', 'roles', 'suspended', 'unsuspend <email>']) {
      expect(result.stdout).toContain(command);
    }
    // A mistyped command: the usage, and a failure code a script notices.
    const wrong = spawnSync(process.execPath, [cli, 'grant', 'emperor', 'a@b.c'], {
      env: { ...process.env, NODE_OPTIONS: '' },
      encoding: 'utf8',
    });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('unsuspend <email>');
  } finally {
    fs.rmSync(path.dirname(hook), { recursive: true, force: true });
  }
});

test('the image has the compiled command, and the operator docs give it for the image', () => {
  const dockerfile = fs.readFileSync(path.join(REPO, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'), dockerfile.indexOf('AS auth-emulator'));
  expect(runtime).toContain('COPY --from=build /app/api/dist api/dist');
  expect(dockerfile).toContain('npm prune --omit=dev');
  for (const doc of ['docs/operations.md', 'docs/safety.md']) {
    expect(fs.readFileSync(path.join(REPO, doc), 'utf8')).toContain('node api/dist/admin-cli.js');
  }
});
