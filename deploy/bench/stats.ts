/** What the API benchmarks share: a repeatable generator, percentiles, timed requests and their report. */
import { performance } from 'node:perf_hooks';

/** A small deterministic generator, so every run sends the same requests. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export interface TimedRequest {
  url: string;
  token: string;
  /** The row of the report it counts in. */
  kind: string;
}

/**
 * Sends `warmup` then `requests` requests one at a time (each from `next`), and prints per kind and overall
 * p50/p95/p99 under `title`. Answers whether the overall p99 is within `targetP99Ms`.
 */
export async function timeRequests(options: {
  title: string;
  next: () => TimedRequest;
  warmup: number;
  requests: number;
  targetP99Ms: number;
}): Promise<boolean> {
  async function timed(): Promise<{ kind: string; ms: number }> {
    const { url, token, kind } = options.next();
    const start = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.text();
    const ms = performance.now() - start;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body}`);
    return { kind, ms };
  }
  for (let index = 0; index < options.warmup; index += 1) await timed();
  const samples: { kind: string; ms: number }[] = [];
  for (let index = 0; index < options.requests; index += 1) samples.push(await timed());
  const durations = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const [p50, p95, p99] = [0.5, 0.95, 0.99].map((fraction) => percentile(durations, fraction));
  for (const kind of [...new Set(samples.map((sample) => sample.kind))].sort()) {
    const times = samples
      .filter((sample) => sample.kind === kind)
      .map((sample) => sample.ms)
      .sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(36)} n=${String(times.length).padStart(4)}  p50 ${percentile(times, 0.5).toFixed(1).padStart(5)} ms` +
        `  p99 ${percentile(times, 0.99).toFixed(1).padStart(5)} ms`,
    );
  }
  console.log(
    `${options.title}, ${options.requests} requests after ${options.warmup} warm-up:\n` +
      `  p50 ${p50!.toFixed(1)} ms   p95 ${p95!.toFixed(1)} ms   p99 ${p99!.toFixed(1)} ms   ` +
      `max ${durations.at(-1)!.toFixed(1)} ms   (target p99 <= ${options.targetP99Ms} ms)`,
  );
  if (p99! > options.targetP99Ms) {
    console.error(`FAILED: p99 ${p99!.toFixed(1)} ms is above the ${options.targetP99Ms} ms target.`);
    return false;
  }
  console.log('PASSED: p99 within target.');
  return true;
}
