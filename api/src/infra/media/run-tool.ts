import { spawn } from 'node:child_process';
import os from 'node:os';

/** How long one ffmpeg/ffprobe run may take, and how many threads it may use. */
export interface ToolLimits {
  timeLimitMs: number;
  threads: number;
  /**
   * Scheduling priority, 0 (normal) to 19 (lowest): background transcoding yields the CPU to
   * requests on a shared host. Probes on the request path keep 0.
   */
  niceness?: number;
}

/** An ffmpeg/ffprobe run that passed its time limit; its whole process group was killed. */
export class MediaToolTimeout extends Error {
  constructor(readonly tool: string) {
    super(`${tool} passed its time limit`);
    this.name = 'MediaToolTimeout';
  }
}

const MAX_OUTPUT = 1024 * 1024;

/**
 * Runs a tool on untrusted input: in its own process group, so a timeout kills it and anything it
 * started; resolves with stdout on exit code 0, rejects otherwise (MediaToolTimeout on timeout).
 * `onOutput` sees stdout as it arrives (ffmpeg's -progress lines).
 */
export function runTool(
  file: string,
  args: string[],
  timeLimitMs: number,
  onOutput?: (chunk: string) => void,
  niceness = 0,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    if (niceness && child.pid) {
      try {
        os.setPriority(child.pid, niceness);
      } catch {
        // not allowed here: it runs at normal priority
      }
    }
    let stdout = '';
    let stderr = '';
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      settle(() => reject(new MediaToolTimeout(file)));
    }, timeLimitMs);
    child.stdout.on('data', (chunk: Buffer) => {
      onOutput?.(chunk.toString('utf8'));
      if (stdout.length < MAX_OUTPUT) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => settle(() => reject(error)));
    child.on('close', (code, signal) => {
      settle(() => (code === 0 ? resolve(stdout) : reject(new Error(`${file} exited with ${code ?? signal}: ${stderr.trim()}`))));
    });
  });
}
