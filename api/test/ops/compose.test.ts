import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * No Docker engine runs here, so docker-compose.yml is checked the way CI can: the Compose client
 * parses and normalises it, and scripts/validate-compose.sh checks the rules the stack relies on.
 */
const REPO = path.resolve(__dirname, '../../..');
const SCRIPT = path.join(REPO, 'scripts', 'validate-compose.sh');

function validate(...files: string[]) {
  const result = spawnSync(SCRIPT, files, { cwd: REPO, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Writes a changed copy of a compose file beside the local profile, and validates the pair. */
function validateChanged(change: (compose: string) => string, file = 'docker-compose.yml') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-compose-'));
  try {
    const original = fs.readFileSync(path.join(REPO, file), 'utf8');
    const changed = change(original);
    expect(changed).not.toBe(original);
    for (const name of ['docker-compose.yml', 'docker-compose.local.yml']) {
      fs.copyFileSync(path.join(REPO, name), path.join(dir, name));
    }
    fs.writeFileSync(path.join(dir, file), changed);
    return validate(path.join(dir, 'docker-compose.yml'), path.join(dir, 'docker-compose.local.yml'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('docker-compose.yml is valid: production shape with every secret required, and the local profile with the emulator', () => {
  const { status, output } = validate();
  expect(output).toContain('docker-compose.yml is valid (production: 5 services, api x2, worker x2, every secret required)');
  expect(output).toContain('docker-compose.local.yml (local: 6 services, auth emulator)');
  expect(status).toBe(0);
});

test('the check fails a production file that falls back to a default database password', () => {
  const { status, output } = validateChanged((compose) =>
    compose.replaceAll('${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}', '${POSTGRES_PASSWORD:-campus}'),
  );
  expect(output).toContain('it starts without POSTGRES_PASSWORD; production must require it');
  expect(status).toBe(1);
});

test('the check fails a production file that runs in development mode with the auth emulator', () => {
  const { status, output } = validateChanged((compose) =>
    compose.replace('  NODE_ENV: production\n', '  NODE_ENV: development\n  FIREBASE_AUTH_EMULATOR_HOST: auth-emulator:9099\n'),
  );
  expect(output).toContain('production: api runs with NODE_ENV=development, not production');
  expect(output).toContain('production: the auth emulator belongs to the local profile only');
  expect(status).toBe(1);
});

test('the check fails a compose file whose api publishes a host port and runs alone', () => {
  const { status, output } = validateChanged((compose) =>
    compose.replace('    expose:\n', '    ports: ["8000:8000"]\n    expose:\n').replace('      replicas: 2', '      replicas: 1'),
  );
  expect(status).toBe(1);
  expect(output).toContain('api publishes a host port');
  expect(output).toContain('api must run at least 2 replicas');
});
