import { JETSTREAM_STREAM, JETSTREAM_SUBJECTS } from '@labline/contracts';
import {
  DiscardPolicy,
  NatsError,
  RetentionPolicy,
  StorageType,
  nanos,
  type NatsConnection,
  type StreamConfig,
  type StreamInfo,
} from 'nats';

export interface JetStreamOptions {
  /** Default LABLINE; tests may use a stream of their own. */
  name?: string;
  /** Default `lab.>`. */
  subjects?: string[];
  /**
   * How long JetStream remembers a Nats-Msg-Id (the event id): a relay that republishes within it after a
   * crash is deduplicated by the server. Consumers also deduplicate, so this is an optimisation. Default 2 min.
   */
  duplicateWindowMs?: number;
  /** Keep messages this long; 0 (default) keeps them, so a new consumer can replay history. */
  maxAgeMs?: number;
  replicas?: number;
}

const STREAM_NOT_FOUND = 10059;

/** Creates the stream carrying every Labline subject, or brings an existing one to this configuration. */
export async function ensureJetStream(nc: NatsConnection, options: JetStreamOptions = {}): Promise<StreamInfo> {
  const jsm = await nc.jetstreamManager();
  const name = options.name ?? JETSTREAM_STREAM;
  const settings = {
    subjects: options.subjects ?? JETSTREAM_SUBJECTS,
    duplicate_window: nanos(options.duplicateWindowMs ?? 120_000),
    max_age: nanos(options.maxAgeMs ?? 0),
    num_replicas: options.replicas ?? 1,
  };
  try {
    const existing = await jsm.streams.info(name);
    return await jsm.streams.update(name, { ...existing.config, ...settings });
  } catch (error) {
    if (!(error instanceof NatsError && error.api_error?.err_code === STREAM_NOT_FOUND)) throw error;
  }
  const config: Partial<StreamConfig> & { name: string } = {
    name,
    ...settings,
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
  };
  return jsm.streams.add(config);
}
