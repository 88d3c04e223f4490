/**
 * The services the dev runner starts, in start order. A later issue adds its service here; the gateway
 * learns each one's address from the environment variable named by `urlVariable`.
 */
export interface ServiceDefinition {
  name: string;
  /** Entry point, relative to the repository root. */
  entry: string;
  /** The gateway's variable for this service's base URL. */
  urlVariable: string;
  /** Extra environment from the base URLs of the services started before it (by urlVariable). */
  env?: (urls: Readonly<Record<string, string>>) => Record<string, string>;
}

export const SERVICES: readonly ServiceDefinition[] = [
  { name: 'identity', entry: 'services/identity/src/main.ts', urlVariable: 'IDENTITY_URL' },
  {
    name: 'clinical',
    entry: 'services/clinical/src/main.ts',
    urlVariable: 'CLINICAL_URL',
    // Verifies tokens with identity's keys; learns identity's institutions and users over NATS.
    env: (urls) => ({ IDENTITY_JWKS_URL: `${urls.IDENTITY_URL}/.well-known/jwks.json` }),
  },
];

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
