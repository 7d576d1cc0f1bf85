import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegBinaries } from '../../src/infra/media/ffmpeg-binaries';
import { probeVideo } from '../../src/infra/media/probe-media';
import { cpuTimeMs, lowPriorityCommand, MediaToolTimeout, runTool } from '../../src/infra/media/run-tool';
import { planRenditions, transcodeVideo } from '../../src/infra/media/transcode';
import { TRANSCODE } from '../../src/modules/video-processing';

jest.setTimeout(60_000);

const binaries = resolveFfmpegBinaries();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-nice-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The pid of the running process whose command line names `marker`, or null. */
function pidNaming(marker: string): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes(marker)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/**
 * On a host shared with the api, transcoding must take only the CPU and disk requests leave
 * (issue 23, item 8): ffmpeg at niceness 19 in an autogroup of niceness 19 (Linux shares the CPU
 * between sessions first), idle I/O class, and the threads it is given.
 */
describe('ffmpeg for transcoding runs at the lowest priority with bounded threads', () => {
  it('is seen running at niceness 19, in a niceness-19 autogroup, idle I/O, with -threads 1', async () => {
    const input = path.join(scratch, 'source.mp4');
    execFileSync(binaries.ffmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=640x360:r=30:d=10',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-y',
      input,
    ]);
    const source = (await probeVideo(binaries, input, { timeLimitMs: 30_000, threads: 1 }))!;
    const renditions = planRenditions(source);
    const outputs = renditions.map((plan) => path.join(scratch, `out-${plan.label}.mp4`));
    let seen: { nice: number; autogroup: string; ioClass: string; cmdline: string[] } | null = null;
    // Looked at while it runs; the wall limit then ends it (at niceness 19 a busy machine may give it little CPU).
    const look = setInterval(() => {
      const pid = seen ? null : pidNaming(outputs[0]!);
      if (!pid) return;
      try {
        // /proc/<pid>/stat: after the name, the 17th field is the niceness.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const sample = {
          nice: Number(fields[16]),
          autogroup: fs.existsSync(`/proc/${pid}/autogroup`) ? fs.readFileSync(`/proc/${pid}/autogroup`, 'latin1').trim() : 'none',
          ioClass: execFileSync('ionice', ['-p', String(pid)], { encoding: 'latin1' }).trim(),
          cmdline: fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0'),
        };
        // A process that has just ended (a zombie) has an empty command line: keep the last live look.
        if (sample.cmdline[0]) seen = sample;
      } catch {
        // it ended meanwhile
      }
    }, 50);
    try {
      await transcodeVideo(binaries, {
        input,
        source,
        renditions,
        outputs,
        limits: { timeLimitMs: 60_000, wallLimitMs: 3_000, threads: 1, niceness: TRANSCODE.niceness },
      }).catch((error: unknown) => {
        if (!(error instanceof MediaToolTimeout)) throw error;
      });
    } finally {
      clearInterval(look);
    }

    expect(seen).not.toBeNull();
    const { nice, autogroup, ioClass, cmdline } = seen!;
    expect(nice).toBe(19);
    if (autogroup !== 'none') expect(autogroup).toMatch(/ nice 19$/);
    expect(ioClass).toBe('idle');
    // The pid is ffmpeg's own (nice and ionice exec it), and every -threads it is given is 1.
    expect(cmdline[0]).toBe(binaries.ffmpeg);
    const threads = cmdline.flatMap((arg, i) => (arg === '-threads' || arg === '-filter_threads' ? [cmdline[i + 1]] : []));
    expect(threads.length).toBeGreaterThan(0);
    expect(new Set(threads)).toEqual(new Set(['1']));
  });

  it('counts CPU time against its limit, so a starved run is not taken for a bad file; the wall limit still ends it', async () => {
    const marker = path.join(scratch, 'starved.mp4');
    const started = Date.now();
    const running = runTool(binaries.ffmpeg, ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=s=64x64:r=5:d=30', '-y', marker], {
      timeLimitMs: 500,
      wallLimitMs: 3_000,
      threads: 1,
      niceness: 19,
    });
    // Starve it completely (as a saturated host might): it uses no CPU from here on.
    let pid: number | null = null;
    while (!pid && Date.now() - started < 2_000) {
      pid = pidNaming(marker);
      if (!pid) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pid).not.toBeNull();
    process.kill(pid!, 'SIGSTOP');

    // Ended as starved (the job is retried later), not as a file that is too costly.
    await expect(running).rejects.toMatchObject({ name: 'MediaToolTimeout', starved: true });
    // Well past its 0.5 s of CPU time, ended only by the 3 s wall limit.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    // And it was killed (gone, or a zombie about to be reaped), not left stopped.
    const deadline = Date.now() + 2_000;
    const state = () => (cpuTimeMs(pid!) === null ? 'gone' : fs.readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]![0]);
    while (!['gone', 'Z'].includes(state()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(['gone', 'Z']).toContain(state());
  });

  it('runs probes on the request path as they are (niceness 0: no wrapper)', () => {
    expect(lowPriorityCommand('/usr/bin/ffprobe', ['-v', 'error'], 0)).toEqual({ command: '/usr/bin/ffprobe', args: ['-v', 'error'] });
    const low = lowPriorityCommand('/usr/bin/ffmpeg', ['-i', 'x'], 19);
    expect([low.command, ...low.args].join(' ')).toMatch(/nice -n 19 (\S*ionice -c 3 )?\/usr\/bin\/ffmpeg -i x$/);
  });
});
