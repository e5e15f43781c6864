// Load generation and the numbers kept from one run: HTTP load through autocannon, in-process loads
// (raw SQL, argon2, disk writes, task completion) through a fixed number of concurrent callers.
import autocannon from 'autocannon';
import type { CpuPerOp } from './cpu-account.js';

export interface Run {
  /** Completed operations per second. */
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx responses or thrown errors. */
  errors: number;
  /** Completed operations. */
  ops: number;
  /** Highest server RSS seen during the run, MB (HTTP runs only). */
  rssMb?: number;
  /** CPU per operation by process (api-bench's measure). */
  cpu?: CpuPerOp;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const percentile = (sorted: number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN;

export interface HttpLoad {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A new path per request (random ids). */
  path?: () => string;
}

export async function httpLoad(load: HttpLoad): Promise<Run> {
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    method: load.method ?? 'GET',
    headers: load.headers,
    body: load.body,
    timeout: 30,
    ...(load.path ? { requests: [{ setupRequest: (req) => ({ ...req, path: load.path!() }) }] } : {}),
  });
  return {
    rps: result.requests.average,
    ops: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** Runs `one` from `concurrency` callers until `seconds` pass or `items` run out (each item once). */
export async function drive<T = undefined>(
  options: { concurrency: number; seconds?: number; items?: T[] },
  one: (item: T) => Promise<void>,
): Promise<Run> {
  const queue = options.items ? [...options.items] : undefined;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const started = performance.now();
  const end = started + (options.seconds ?? Infinity) * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < end) {
        let item: T | undefined;
        if (queue) {
          if (!queue.length) return;
          item = queue.shift();
        }
        const t = performance.now();
        try {
          await one(item as T);
          latencies.push(performance.now() - t);
        } catch (e) {
          errors++;
          firstError ??= e;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (firstError) console.warn(`  ${errors} errors, first: ${String(firstError)}`);
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    ops: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}
