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

function validate(file?: string) {
  const result = spawnSync(SCRIPT, file ? [file] : [], { cwd: REPO, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('docker-compose.yml is valid: five services with health checks, two api replicas, no fixed api port', () => {
  const { status, output } = validate();
  expect(output).toContain('docker-compose.yml is valid (5 services, api x2)');
  expect(status).toBe(0);
});

test('the check fails a compose file whose api publishes a host port and runs alone', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-compose-'));
  try {
    const original = fs.readFileSync(path.join(REPO, 'docker-compose.yml'), 'utf8');
    const broken = original.replace('    expose:\n', '    ports: ["8000:8000"]\n    expose:\n').replace('      replicas: 2', '      replicas: 1');
    expect(broken).not.toBe(original);
    fs.writeFileSync(path.join(dir, 'docker-compose.yml'), broken);
    const { status, output } = validate(path.join(dir, 'docker-compose.yml'));
    expect(status).toBe(1);
    expect(output).toContain('api publishes a host port');
    expect(output).toContain('api must run at least 2 replicas');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
