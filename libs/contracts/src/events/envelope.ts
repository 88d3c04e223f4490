import { z } from 'zod';
import { roleSchema } from '../access-schemas';

/** Who caused an event: the signed-in user, or the system (userId null). */
export const actorSchema = z.object({
  userId: z.number().int().nullable(),
  role: roleSchema.nullable(),
  institutionId: z.number().int().nullable(),
});
export type Actor = z.infer<typeof actorSchema>;

export const SYSTEM_ACTOR: Actor = { userId: null, role: null, institutionId: null };

/** The envelope of docs/architecture.md §3. `data` is validated by the schema registered for `type`. */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  stream: z.string().min(1),
  version: z.number().int().nonnegative(),
  occurredAt: z.iso.datetime({ offset: true }),
  actor: actorSchema,
  correlationId: z.string().min(1),
  causationId: z.string().nullable(),
  traceparent: z.string().nullable(),
  data: z.unknown(),
});
export type EventEnvelope<TData = unknown, TType extends string = string> = Omit<
  z.infer<typeof eventEnvelopeSchema>,
  'data' | 'type'
> & { type: TType; data: TData };

/** Stream names are `<aggregate>-<id>`, e.g. `user-12`; the aggregate is the subject's third token. */
export function streamName(aggregate: string, id: number | string): string {
  return `${aggregate}-${id}`;
}

export function aggregateOfStream(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}

export const SERVICES = [
  'identity',
  'clinical',
  'inventory',
  'fulfillment',
  'results',
  'notifications',
  'analytics',
] as const;
export type ServiceName = (typeof SERVICES)[number];

/** NATS subject of docs/architecture.md §3: lab.<service>.<aggregate>.<EventName>. */
export function subjectFor(service: ServiceName, event: Pick<EventEnvelope, 'stream' | 'type'>): string {
  return `lab.${service}.${aggregateOfStream(event.stream)}.${event.type}`;
}

/** The JetStream stream that carries every Labline subject. */
export const JETSTREAM_STREAM = 'LABLINE';
export const JETSTREAM_SUBJECTS = ['lab.>'];

/**
 * A registry of event data schemas: producers validate before appending, consumers after receiving,
 * both with the same schema.
 */
export type EventSchemaMap = Record<string, z.ZodType>;

export function parseEventData<M extends EventSchemaMap, T extends keyof M & string>(
  schemas: M,
  type: T,
  data: unknown,
): z.infer<M[T]> {
  const schema = schemas[type];
  if (!schema) throw new Error(`Unknown event type ${type}`);
  return schema.parse(data) as z.infer<M[T]>;
}
