import type { ServiceName } from './events/envelope';

/**
 * The services that exist, in start order: the one list the dev runner, the gateway and CI read (identity
 * first: the others verify tokens with its keys and wait for its demo data). A new service adds its name
 * here and nowhere else; `services/<name>/src/main.ts` is its entry point.
 */
export const DEPLOYED_SERVICES = ['identity', 'clinical', 'notifications'] as const satisfies readonly ServiceName[];

/** The environment variable that holds a service's base URL, e.g. `CLINICAL_URL`. */
export const serviceUrlVariable = <N extends ServiceName>(name: N) =>
  `${name.toUpperCase() as Uppercase<N>}_URL` as const;
