/**
 * The dev runner gives each service the environment its declaration asks for (SERVICE_DECLARATIONS' needs), and
 * nothing it does not: deploy/dev/services.ts, the only place the stack learns what a service needs.
 */
import { SERVICE_DECLARATIONS } from '@labline/contracts';
import { describe, expect, it } from 'vitest';
import { SERVICES, serviceEnvironment, type StackFacilities } from '@labline/deploy/services';

const stack: StackFacilities = {
  urls: { IDENTITY_URL: 'http://127.0.0.1:4101' },
  webUrl: 'http://localhost:8081',
  mailEnv: { SMTP_HOST: '127.0.0.1', SMTP_PORT: '2525' },
  smsEnv: (port) => ({ TWILIO_INBOUND_URL: `http://127.0.0.1:${port}/webhooks/twilio/inbound` }),
  externalLabEnv: { EXTERNAL_LAB_FHIR_URL: 'http://127.0.0.1:1100/fhir/R4' },
};

describe('the dev runner', () => {
  it('starts every declared service, in its order, from services/<name>/src/main.ts', () => {
    expect(SERVICES.map(({ name, entry }) => [name, entry])).toEqual(
      SERVICE_DECLARATIONS.map(({ name }) => [name, `services/${name}/src/main.ts`]),
    );
  });

  it.each(SERVICES)('gives $name what its needs ask for, and nothing else', (service) => {
    const environment = serviceEnvironment(service, 4242, stack);
    const expected = {
      ...(service.needs.includes('identity-keys')
        ? { IDENTITY_JWKS_URL: 'http://127.0.0.1:4101/.well-known/jwks.json' }
        : {}),
      ...(service.needs.includes('public-web-url') ? { PUBLIC_WEB_URL: 'http://localhost:8081' } : {}),
      ...(service.needs.includes('mail') ? stack.mailEnv : {}),
      ...(service.needs.includes('sms') ? { TWILIO_INBOUND_URL: 'http://127.0.0.1:4242/webhooks/twilio/inbound' } : {}),
      ...(service.needs.includes('external-lab') ? stack.externalLabEnv : {}),
    };
    expect(environment).toEqual(expected);
  });

  it('refuses a service that needs identity-keys before identity has started', () => {
    const clinical = SERVICES.find(({ needs }) => needs.includes('identity-keys'));
    expect(clinical).toBeDefined();
    expect(() => serviceEnvironment(clinical!, 4242, { ...stack, urls: {} })).toThrow(/identity must start before/);
  });
});
