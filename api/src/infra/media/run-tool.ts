import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** How long one ffmpeg/ffprobe run may take, and how many threads it may use. */
export interface ToolLimits {
  /**
   * How long it may take; for a tool at low priority with `wallLimitMs`, how much CPU time it may
   * use instead (requests may starve it for a while: that says nothing about the file).
   */
  timeLimitMs: number;
  /** With `niceness`: the most it may take in all, starved or not. */
  wallLimitMs?: number;
  threads: number;
  /**
   * Scheduling priority, 0 (normal) to 19 (lowest): background transcoding yields the CPU (and,
   * above 0, the disk) to requests on a shared host. Probes on the request path keep 0.
   */
  niceness?: number;
}

/** An ffmpeg/ffprobe run that passed its time limit; its whole process group was killed. */
export class MediaToolTimeout extends Error {
  /**
   * `starved`: a low-priority run ended by its wall limit well within its CPU time: the host was
   * busy, the file may be fine (worth trying again later).
   */
  constructor(
    readonly tool: string,
    readonly starved = false,
  ) {
    super(`${tool} passed its time limit${starved ? ' (starved of CPU by other work)' : ''}`);
    this.name = 'MediaToolTimeout';
  }
}

const MAX_OUTPUT = 1024 * 1024;

/** A program on PATH (nice, ionice: util-linux and coreutils, absent on some minimal images), or null. */
function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

let wrappers: { nice: string | null; ionice: string | null } | null = null;

/**
 * The command line that runs `file` at this niceness: through `nice -n N` (so it is low from its
 * first instruction) and `ionice -c 3` (idle I/O: it reads and writes only when nobody else does)
 * where those programs exist; both exec the tool, so the pid is the tool's. Niceness 0: as is.
 */
export function lowPriorityCommand(file: string, args: string[], niceness: number): { command: string; args: string[] } {
  if (niceness <= 0) return { command: file, args };
  wrappers ??= { nice: onPath('nice'), ionice: onPath('ionice') };
  const tool = wrappers.ionice ? [wrappers.ionice, '-c', '3', file] : [file];
  if (wrappers.nice) return { command: wrappers.nice, args: ['-n', String(niceness), ...tool, ...args] };
  return { command: tool[0]!, args: [...tool.slice(1), ...args] };
}

/**
 * Linux groups each session's processes (a tool runs in a session of its own, see runTool) and
 * shares the CPU between the groups first: a niced process alone in its group would still get as
 * much as the whole api. The group's own niceness makes it yield to the api's session too.
 */
function lowerSessionPriority(pid: number, niceness: number): void {
  try {
    // Where there is no `nice` program (already this niceness otherwise).
    os.setPriority(pid, niceness);
  } catch {
    // not allowed here
  }
  try {
    fs.writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {
    // no autogroups here (disabled, not Linux): the process's own niceness is what counts
  }
}

/**
 * Process groups of the tools running now. Each runs in a session of its own, so it would outlive
 * this process (a worker stopped mid-transcode would leave its ffmpeg running, unbounded): they
 * are killed when this process exits.
 */
const running = new Set<number>();
let exitHookInstalled = false;
function killAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const pid of running) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** Linux's clock ticks per second in /proc/<pid>/stat (USER_HZ, 100 on every Linux ABI in use). */
const TICKS_PER_SECOND = 100;

/** CPU time used by the process so far (user + system, all threads), in ms; null when unreadable. */
export function cpuTimeMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    // After the name (in parentheses, may hold spaces): utime and stime are the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Runs a tool on untrusted input: in its own process group, so a timeout kills it and anything it
 * started; resolves with stdout on exit code 0, rejects otherwise (MediaToolTimeout on timeout).
 * `onOutput` sees stdout as it arrives (ffmpeg's -progress lines).
 */
export function runTool(file: string, args: string[], limits: ToolLimits, onOutput?: (chunk: string) => void): Promise<string> {
  const niceness = limits.niceness ?? 0;
  return new Promise((resolve, reject) => {
    const run = lowPriorityCommand(file, args, niceness);
    const child = spawn(run.command, run.args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    if (niceness > 0 && child.pid) lowerSessionPriority(child.pid, niceness);
    if (child.pid) {
      killAllOnExit();
      running.add(child.pid);
    }
    let stdout = '';
    let stderr = '';
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      if (child.pid) running.delete(child.pid);
      clearTimeout(timer);
      clearInterval(cpuWatch);
      action();
    };
    const kill = (starved: boolean) => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      settle(() => reject(new MediaToolTimeout(file, starved)));
    };
    // At low priority the limit is CPU time, read each second; the wall limit still holds.
    const byCpu = niceness > 0 && limits.wallLimitMs !== undefined && child.pid !== undefined && cpuTimeMs(child.pid) !== null;
    const timer = setTimeout(() => kill(byCpu), byCpu ? limits.wallLimitMs! : limits.timeLimitMs);
    const cpuWatch = setInterval(() => {
      if (!byCpu) return;
      const used = cpuTimeMs(child.pid!);
      if (used !== null && used > limits.timeLimitMs) kill(false);
    }, 1000);
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
