import type { TestServer } from './test-server';

/**
 * Whether the api keeps answering while hostile requests are in flight: GET /healthz is asked again
 * and again until they have all been answered, as a load balancer's health check would.
 *
 * Each wait is counted in CPU time of this process, which runs the test server: the work the event
 * loop did before it could answer. Wall time on this shared machine (2 cores, many test runs at
 * once) also counts the moments other processes had the CPU, and there even a lone /healthz can
 * take tens of milliseconds.
 */
export async function healthzWaits(server: TestServer, inFlight: Array<Promise<unknown>>): Promise<number[]> {
  let settled = false;
  void Promise.allSettled(inFlight).then(() => {
    settled = true;
  });
  const waits: number[] = [];
  do {
    const started = process.cpuUsage();
    const response = await fetch(`${server.url}/healthz`);
    await response.text();
    const { user, system } = process.cpuUsage(started);
    waits.push(Math.round((user + system) / 1000));
  } while (!settled);
  await Promise.all(inFlight); // (a request's own failed expectation fails the test)
  return waits;
}

/**
 * The longest /healthz wait while each of `send`'s batches is in flight: a batch of hostile requests
 * and, for comparison, a batch of as many ordinary ones. A batch of 16 requests of any kind
 * delays /healthz, since one event loop answers them all; what must not happen is a hostile batch
 * delaying it much more. Rounds alternate between the two; a hostile round within the bound ends
 * the comparison, one far past it is no accident of timing and ends it at once.
 */
export async function longestHealthzWaits(
  server: TestServer,
  send: { hostile: () => Array<Promise<unknown>>; ordinary: () => Array<Promise<unknown>> },
  boundMs: number,
): Promise<{ hostile: number; ordinary: number }> {
  await healthzWaits(server, send.ordinary()); // warms the code both batches run through
  const ordinaryWaits: number[] = [];
  let hostile = Infinity;
  for (let round = 0; round < 3; round++) {
    ordinaryWaits.push(Math.max(...(await healthzWaits(server, send.ordinary()))));
    const ordinary = median(ordinaryWaits);
    hostile = Math.min(hostile, Math.max(...(await healthzWaits(server, send.hostile()))));
    if (hostile <= ordinary + boundMs || hostile > 10 * (ordinary + boundMs)) break;
  }
  return { hostile, ordinary: median(ordinaryWaits) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
