import { spawn, type ChildProcess } from 'node:child_process';
import { accepts, freePort, sleep } from '../../support/free-port';

/**
 * A redis-server of the test's own (the machine's shared one on 6379 is never touched): a child
 * process with no persistence, which the test kills and starts again on the same port.
 */
export interface PrivateRedis {
  port: number;
  url: string;
  /** SIGKILL, as a crash: no goodbye to the clients. Resolves once the port is closed. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start() {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    child = started;
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode} (port ${port} taken?)`);
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
      await sleep(20);
    }
  }

  async function kill() {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  }

  await start();
  return { port, url: `redis://127.0.0.1:${port}`, kill, start, stop: kill };
}
