import type { ServiceName } from './events/envelope';

/**
 * What a service needs from the system around it, besides its database schema and NATS (which every service has):
 * - `identity-keys`: it verifies tokens with identity's public keys (`IDENTITY_JWKS_URL`);
 * - `public-web-url`: it writes links to the web app as users open it (`PUBLIC_WEB_URL`);
 * - `mail`: it sends e-mail through an SMTP relay (`SMTP_*`, `SUPPORT_EMAIL`; the SMTP sandbox in development);
 * - `sms`: it sends and receives SMS through Twilio (`TWILIO_*`; the SMS sandbox in development, which posts
 *   simulated replies to the service's `/webhooks/twilio/inbound`);
 * - `external-lab`: it sends orders to an external laboratory over FHIR R4 (`EXTERNAL_LAB_FHIR_URL`, the FHIR base;
 *   the laboratory sandbox in development).
 */
export const SERVICE_NEEDS = ['identity-keys', 'public-web-url', 'mail', 'sms', 'external-lab'] as const;
export type ServiceNeed = (typeof SERVICE_NEEDS)[number];

/**
 * A service's deployment facts, declared once: the dev runner, the projection rebuild and the repository checks of
 * docker-compose.yml and the Kubernetes manifests read them. Its code is `services/<name>` (package
 * `@labline/<name>`, entry `src/main.ts`, the ServiceDefinition exported as `service`), its Kubernetes component
 * `services/<name>/k8s`.
 */
export interface ServiceDeclaration {
  readonly name: ServiceName;
  /** The port it listens on in Kubernetes (its component's Service and containerPort, `<NAME>_URL`). */
  readonly port: number;
  readonly needs: readonly ServiceNeed[];
  /** It loads demo data when started with `LABLINE_SEED=demo` (the dev runner's and compose's default). */
  readonly demoSeed: boolean;
}

/**
 * The services that exist, in start order: the one list the dev runner, the gateway, compose, Kubernetes and CI
 * follow (identity first: the others verify tokens with its keys and wait for its demo data). A new service adds
 * its declaration here (docs/adding-a-service.md).
 */
export const SERVICE_DECLARATIONS = [
  { name: 'identity', port: 4001, needs: ['public-web-url'], demoSeed: true },
  { name: 'clinical', port: 4002, needs: ['identity-keys'], demoSeed: true },
  { name: 'notifications', port: 4006, needs: ['identity-keys', 'mail', 'sms'], demoSeed: false },
  { name: 'analytics', port: 4007, needs: ['identity-keys'], demoSeed: false },
  { name: 'inventory', port: 4008, needs: ['identity-keys'], demoSeed: true },
  { name: 'fulfillment', port: 4009, needs: ['identity-keys'], demoSeed: true },
  { name: 'results', port: 4010, needs: ['identity-keys', 'external-lab'], demoSeed: true },
] as const satisfies readonly ServiceDeclaration[];

export type DeployedService = (typeof SERVICE_DECLARATIONS)[number]['name'];

/** The names of SERVICE_DECLARATIONS, in start order. */
export const DEPLOYED_SERVICES: readonly DeployedService[] = SERVICE_DECLARATIONS.map(({ name }) => name);

/** The declaration of a deployed service. */
export function serviceDeclaration(name: DeployedService): ServiceDeclaration {
  const found = SERVICE_DECLARATIONS.find((declaration) => declaration.name === name);
  if (!found) throw new Error(`${name} is not a deployed service`);
  return found;
}

/** The workspace package of a service (`services/<name>`), whose `service` export is its ServiceDefinition. */
export const servicePackage = <N extends ServiceName>(name: N) => `@labline/${name}` as const;

/** The environment variable that holds a service's base URL, e.g. `CLINICAL_URL`. */
export const serviceUrlVariable = <N extends ServiceName>(name: N) =>
  `${name.toUpperCase() as Uppercase<N>}_URL` as const;
