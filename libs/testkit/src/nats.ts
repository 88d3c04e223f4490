import { findOrStartNats, type StartedInfra } from './infra';

let server: Promise<StartedInfra> | null = null;

/** The NATS server of this test process (found once, started at most once). */
export async function getNatsUrl(): Promise<string> {
  server ??= findOrStartNats();
  return (await server).url;
}
