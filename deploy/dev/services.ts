/**
 * The services the dev runner starts, derived from the one list in contracts (DEPLOYED_SERVICES, in start
 * order): each runs `services/<name>/src/main.ts`, and the gateway learns its address from `<NAME>_URL`.
 */
import { DEPLOYED_SERVICES, serviceUrlVariable, type ServiceName } from '@labline/contracts';

export interface ServiceDefinition {
  name: ServiceName;
  /** Entry point, relative to the repository root. */
  entry: string;
  /** The gateway's variable for this service's base URL. */
  urlVariable: string;
  /** Extra environment from the base URLs of the services started before it (by urlVariable). */
  env?: (urls: Readonly<Record<string, string>>) => Record<string, string>;
}

export const SERVICES: readonly ServiceDefinition[] = DEPLOYED_SERVICES.map((name) => ({
  name,
  entry: `services/${name}/src/main.ts`,
  urlVariable: serviceUrlVariable(name),
  // Every service after identity verifies tokens with identity's keys.
  ...(name === 'identity'
    ? {}
    : { env: (urls) => ({ IDENTITY_JWKS_URL: `${urls[serviceUrlVariable('identity')]}/.well-known/jwks.json` }) }),
}));

export const GATEWAY_ENTRY = 'gateway/src/main.ts';

export const DEMO_ACCOUNTS = [
  ['super@labline.test', 'super_admin'],
  ['admin@northwind.labline.test', 'institution_admin (Northwind General Hospital)'],
  ['clinician@northwind.labline.test', 'clinician (Northwind, also Riverside)'],
  ['client@northwind.labline.test', 'client_admin'],
  ['fulfillment@labline.test', 'fulfillment_agent'],
  ['lab@northwind.labline.test', 'lab_user'],
  ['admin@riverside.labline.test', 'institution_admin (Riverside Clinic)'],
] as const;
export const DEMO_PASSWORD = 'labline-demo';
