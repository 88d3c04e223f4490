/**
 * Whose telemetry a span or an instrument belongs to. In production a process is one service and everything
 * goes to the global providers; tests and the benchmark run the gateway and several services in one process,
 * each with its own providers (and so its own `service.name`). Code that knows its service (an HTTP app, the
 * relay, a consumer) asks for that service's tracer; code beneath it that does not (the event-store append)
 * finds the service in the active context, where the request's span put it.
 */
import { context, createContextKey, metrics, trace, type Context, type Meter, type Tracer } from '@opentelemetry/api';

/** The instrumentation scope of the spans and instruments Labline's own code creates. */
export const INSTRUMENTATION_SCOPE = '@labline/telemetry';

const SERVICE_KEY = createContextKey('labline.service');

interface ServiceInstruments {
  tracer: Tracer;
  meter: Meter;
}

const registered = new Map<string, ServiceInstruments>();

export function registerServiceTelemetry(service: string, instruments: ServiceInstruments): void {
  registered.set(service, instruments);
}

export function clearServiceTelemetry(): void {
  registered.clear();
}

/** `from` with `service` as the service whose code runs in it. */
export function contextInService(service: string, from: Context = context.active()): Context {
  return from.setValue(SERVICE_KEY, service);
}

function serviceIn(active: Context): string | undefined {
  const value = active.getValue(SERVICE_KEY);
  return typeof value === 'string' ? value : undefined;
}

/** The service's tracer (the active context's service when none is named); the global one otherwise. */
export function tracerFor(service?: string): Tracer {
  const name = service ?? serviceIn(context.active());
  return (name === undefined ? undefined : registered.get(name)?.tracer) ?? trace.getTracer(INSTRUMENTATION_SCOPE);
}

/**
 * The service's meter; the global one otherwise. Ask after `startTelemetry`: unlike a tracer, a meter taken
 * from the API before a provider is registered stays a no-op.
 */
export function meterFor(service?: string): Meter {
  return (
    (service === undefined ? undefined : registered.get(service)?.meter) ?? metrics.getMeter(INSTRUMENTATION_SCOPE)
  );
}
