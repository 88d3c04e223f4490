/** What the API benchmarks share: a repeatable generator, percentiles, timed requests and their report. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const CLIENT = fileURLToPath(new URL('./client.ts', import.meta.url));

/** What client.ts reads (the requests in order, the first `warmup` untimed) and writes (a duration per request). */
export const planSchema = z.object({
  warmup: z.number().int().nonnegative(),
  requests: z.array(z.object({ url: z.string().url(), token: z.string(), kind: z.string() })),
});
const samplesSchema = z.array(z.object({ kind: z.string(), ms: z.number() }));
export type Sample = z.infer<typeof samplesSchema>[number];

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

/** Runs the plan in a separate process (client.ts) and answers its samples. */
async function runClient(plan: z.input<typeof planSchema>): Promise<Sample[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
  const output: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve(code));
  });
  child.stdin.end(JSON.stringify(plan));
  const code = await exited;
  if (code !== 0) throw new Error(`the benchmark client exited with ${code}`);
  return samplesSchema.parse(JSON.parse(Buffer.concat(output).toString('utf8')));
}

/**
 * Sends `warmup` then `requests` requests one at a time (each from `next`) from a separate process (client.ts), and
 * prints per kind and overall p50/p95/p99 under `title`. Answers whether the overall p99 is within `targetP99Ms`.
 */
export async function timeRequests(options: {
  title: string;
  next: () => TimedRequest;
  warmup: number;
  requests: number;
  targetP99Ms: number;
}): Promise<boolean> {
  const requests = Array.from({ length: options.warmup + options.requests }, () => options.next());
  const samples = await runClient({ warmup: options.warmup, requests });
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
