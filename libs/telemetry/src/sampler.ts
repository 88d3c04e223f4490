import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace';

/**
 * The standard `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG` (always_on, always_off, traceidratio and
 * their parentbased_ forms), which a bare TracerProvider does not read itself; undefined leaves the default,
 * parentbased_always_on (a trace the caller sampled is sampled here too).
 */
export function samplerFromEnv(env: Readonly<Record<string, string | undefined>>): Sampler | undefined {
  const name = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase();
  if (!name) return undefined;
  const argument = Number(env.OTEL_TRACES_SAMPLER_ARG);
  const ratio = Number.isFinite(argument) && argument >= 0 && argument <= 1 ? argument : 1;
  const roots: Record<string, Sampler> = {
    always_on: new AlwaysOnSampler(),
    always_off: new AlwaysOffSampler(),
    traceidratio: new TraceIdRatioBasedSampler(ratio),
  };
  const parentBased = name.startsWith('parentbased_');
  const root = roots[parentBased ? name.slice('parentbased_'.length) : name];
  if (!root) return undefined;
  return parentBased ? new ParentBasedSampler({ root }) : root;
}
