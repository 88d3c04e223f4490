/**
 * The services the dev runner starts, derived from the one list in contracts (SERVICE_DECLARATIONS, in start
 * order): each runs `services/<name>/src/main.ts`, the gateway learns its address from `<NAME>_URL`, and its
 * environment beyond the common one follows from its declared needs.
 */
import {
  SERVICE_DECLARATIONS,
  serviceUrlVariable,
  type ServiceDeclaration,
  type ServiceNeed,
} from '@labline/contracts';

export interface ServiceDefinition extends ServiceDeclaration {
  /** Entry point, relative to the repository root. */
  entry: string;
  /** The gateway's variable for this service's base URL. */
  urlVariable: string;
}

export const SERVICES: readonly ServiceDefinition[] = SERVICE_DECLARATIONS.map((declaration) => ({
  ...declaration,
  entry: `services/${declaration.name}/src/main.ts`,
  urlVariable: serviceUrlVariable(declaration.name),
}));

/** What the dev stack has to offer a service's needs. */
export interface StackFacilities {
  /** The base URLs of the services started before it, by urlVariable. */
  urls: Readonly<Record<string, string>>;
  /** The web app as users open it (the gateway's address). */
  webUrl: string;
  /** The SMTP sandbox's environment. */
  mailEnv: Readonly<Record<string, string>>;
  /** The SMS sandbox's environment for a service listening on `port`. */
  smsEnv(port: number): Record<string, string>;
  /** The laboratory sandbox's environment (EXTERNAL_LAB_FHIR_URL). */
  externalLabEnv: Readonly<Record<string, string>>;
}

function needEnvironment(need: ServiceNeed, port: number, stack: StackFacilities): Record<string, string> {
  switch (need) {
    case 'identity-keys': {
      const identity = stack.urls[serviceUrlVariable('identity')];
      if (!identity) throw new Error('identity must start before a service that verifies tokens with its keys');
      return { IDENTITY_JWKS_URL: `${identity}/.well-known/jwks.json` };
    }
    case 'public-web-url':
      return { PUBLIC_WEB_URL: stack.webUrl };
    case 'mail':
      return { ...stack.mailEnv };
    case 'sms':
      return stack.smsEnv(port);
    case 'external-lab':
      return { ...stack.externalLabEnv };
  }
}

/** A service's own environment in the dev stack: what its declared needs ask for, given the port it listens on. */
export function serviceEnvironment(
  service: ServiceDefinition,
  port: number,
  stack: StackFacilities,
): Record<string, string> {
  return Object.assign({}, ...service.needs.map((need) => needEnvironment(need, port, stack))) as Record<
    string,
    string
  >;
}

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
