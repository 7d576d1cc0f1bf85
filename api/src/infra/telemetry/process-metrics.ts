import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A registry of this process's own (several apps in one test process never share counters) with
 * Node's metrics (CPU, memory, event loop lag, GC) under `campus_`: the api's and the worker's.
 */
export function createProcessRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'campus_' });
  return registry;
}
