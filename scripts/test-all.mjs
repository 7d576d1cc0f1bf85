#!/usr/bin/env node
// `npm test`: every suite, in order, against real services: type checks, the schema and
// generated-code staleness checks, api integration tests (PostgreSQL, Redis, auth emulator),
// web unit tests, browser tests (Debian's Chromium) and the compose validation.
// Ends with one line "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEmulator } from './emulator.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = { passed: 0, failed: 0 };
const failures = [];
const only = process.argv.slice(2);
// The browser tests need a fresh build.
if (only.includes('e2e') && !only.includes('build')) only.push('build');
// Every workspace imports the shared input rules from their build.
if (only.length && !only.includes('rules-build')) only.push('rules-build');

const failedTests = [];
const flaky = [];

function run(name, command, args, options = {}) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const outcome = spawnSync(command, args, { cwd: options.cwd ?? root, stdio: 'inherit', env: { ...process.env, ...options.env } });
  const ok = outcome.status === 0;
  const counted = options.count?.();
  if (counted) {
    results.passed += counted.passed;
    results.failed += counted.failed;
    if (!ok && counted.failed === 0) results.failed += 1;
  } else {
    results[ok ? 'passed' : 'failed'] += 1;
  }
  if (!ok) failures.push(name);
  if (!ok && options.failed) failedTests.push(...options.failed().map((line) => `${name}: ${line}`));
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** The failed tests of a jest JSON report, one line each with the first line of its message, so the
 * end of a long CI log names what failed even when only its tail is kept. */
function jestFailures(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    return report.testResults.flatMap((suite) => {
      const where = path.relative(root, suite.name);
      const failed = suite.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      if (!failed.length && suite.status === 'failed') failed.push(`${where}: ${firstLine(suite.message)}`);
      return failed;
    });
  } catch {
    return [];
  }
}

/** The browser tests that failed, and those that passed only on their retry (flaky: named, never hidden). */
function playwrightOutcomes(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const lines = [];
    const walk = (suite, where) => {
      for (const child of suite.suites ?? []) walk(child, child.file ?? where);
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
          const error = test.results.find((result) => result.error)?.error?.message;
          const label = test.status === 'flaky' ? 'passed on retry' : 'failed';
          lines.push(`${where} › ${spec.title} [${test.projectName}] ${label}: ${firstLine(error)}`);
        }
      }
    };
    for (const suite of report.suites ?? []) walk(suite, suite.file);
    return lines;
  } catch {
    return [];
  }
}

function firstLine(message = '') {
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  return (plain.split('\n').find((line) => line.trim()) ?? '').trim().slice(0, 300);
}

function jestCounter(file) {
  return () => {
    try {
      const report = JSON.parse(fs.readFileSync(file, 'utf8'));
      return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites };
    } catch {
      return null;
    }
  };
}

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-tests-'));
const emulator = await ensureEmulator({ port: Number(process.env.TEST_AUTH_EMULATOR_PORT || 9099) });
const env = { FIREBASE_AUTH_EMULATOR_HOST: emulator.host };
try {
  // A lock without the other platforms' optional bindings makes a clean `npm ci` refuse it.
  run('lockfile', process.execPath, ['scripts/lock-platform-bindings.mjs', '--check']);
  run('rules-build', 'npm', ['run', 'build', '-w', 'packages/rules']);
  run('typecheck-rules', 'npx', ['tsc', '-p', 'packages/rules/tsconfig.test.json', '--noEmit']);
  // The layers and hooks rules (eslint.config.mjs), then the code's one format (Prettier).
  run('lint', 'npx', ['eslint', '.']);
  // Which feature may import which (feature-graph.mjs): no cycle, no stale pair, no web -> api, and
  // docs/ARCHITECTURE.md's "Between features" list as the code has it.
  run('feature-graph', process.execPath, ['scripts/check-feature-graph.mjs']);
  run('format', 'npx', ['prettier', '--check', '.']);
  run('typecheck-api', 'npx', ['tsc', '-p', 'api/tsconfig.json', '--noEmit']);
  run('typecheck-web', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']);
  run('typecheck-ide', 'npx', ['tsc', '-p', 'web/ide/tsconfig.json', '--noEmit']);
  run('typecheck-e2e', 'npx', ['tsc', '-p', 'web/e2e/tsconfig.json', '--noEmit']);
  run('codegen-fresh', process.execPath, ['scripts/check-codegen.mjs']);
  const apiReport = path.join(reports, 'api.json');
  run('api', 'npx', ['jest', '--runInBand', '--json', `--outputFile=${apiReport}`], {
    cwd: path.join(root, 'api'),
    env: { ...env, NODE_OPTIONS: '--experimental-vm-modules' },
    count: jestCounter(apiReport),
    failed: () => jestFailures(apiReport),
  });
  const webReport = path.join(reports, 'web.json');
  run('web', 'npx', ['jest', '--json', `--outputFile=${webReport}`], {
    cwd: path.join(root, 'web'),
    count: jestCounter(webReport),
    failed: () => jestFailures(webReport),
  });
  const rulesReport = path.join(reports, 'rules.json');
  run('rules', 'npx', ['jest', '--json', `--outputFile=${rulesReport}`], {
    cwd: path.join(root, 'packages', 'rules'),
    count: jestCounter(rulesReport),
    failed: () => jestFailures(rulesReport),
  });
  if (fs.existsSync(path.join(root, 'web', 'playwright.config.ts'))) {
    run('build', 'npm', ['run', 'build']);
    const e2eReport = path.join(reports, 'e2e.json');
    run('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      cwd: path.join(root, 'web'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
      failed: () => playwrightOutcomes(e2eReport),
    });
    // Retried browser tests are named even when the step passes.
    for (const line of playwrightOutcomes(e2eReport).filter((outcome) => outcome.includes('passed on retry'))) flaky.push(line);
  }
  if (fs.existsSync(path.join(root, 'scripts', 'validate-compose.sh'))) run('compose', 'bash', ['scripts/validate-compose.sh']);
  // The benchmark asks for what the web sends: every scenario request is one of the web app's own
  // generated operations, with the web's variables and page sizes (issue 30).
  run('bench-operations', process.execPath, ['--test', 'bench/scenarios/web-operations.test.mjs']);
  // The benchmark at tiny scale with short runs: fails only when it crashes or a request errs, never on time.
  // It drives the built api: build it when only this step is asked for and there is no build yet.
  run('bench-smoke', 'sh', ['-c', 'test -f api/dist/main.js || npm run build -w api; npm run bench -- --scale tiny --smoke'], { env });
} finally {
  await emulator.stop();
  fs.rmSync(reports, { recursive: true, force: true });
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
for (const line of failedTests) console.log(`  ✘ ${line}`);
for (const line of flaky) console.log(`  ! flaky: ${line}`);
console.log(`\nTests: ${results.passed} passed, ${results.failed} failed`);
process.exit(failures.length ? 1 : 0);
