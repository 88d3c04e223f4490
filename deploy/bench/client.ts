/**
 * The benchmarks' load generator, in a process of its own: the service under test keeps its event loop, heap and
 * garbage collector to itself, as it would beside real clients. It reads a plan from stdin (the requests, each with
 * its token and the row it counts in), sends them one at a time (the warm-up first, untimed in the report) and
 * writes each timed request's duration to stdout as JSON. Run by stats.ts (timeRequests); not a command of its own.
 */
import { performance } from 'node:perf_hooks';
import { planSchema, type Sample } from './stats';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  const plan = planSchema.parse(JSON.parse(await readStdin()));
  const samples: Sample[] = [];
  for (const [index, { url, token, kind }] of plan.requests.entries()) {
    const start = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.arrayBuffer();
    const ms = performance.now() - start;
    if (response.status !== 200) {
      throw new Error(`${url} answered ${response.status}: ${Buffer.from(body).toString('utf8').slice(0, 500)}`);
    }
    if (index >= plan.warmup) samples.push({ kind, ms });
  }
  process.stdout.write(JSON.stringify(samples));
}

await main();
