import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { packageVersion, serviceResourceAttributes } from './resource';
import { samplerFromEnv } from './sampler';

describe('resource attributes', () => {
  it('name the service, its version and environment, from configuration with defaults', () => {
    const attributes = serviceResourceAttributes('clinical', { version: '0.3.0', env: {} });
    assert.equal(attributes['service.name'], 'clinical');
    assert.equal(attributes['service.version'], '0.3.0');
    assert.equal(attributes['deployment.environment.name'], 'development');
    assert.match(String(attributes['service.instance.id']), /^[0-9a-f-]{36}$/);
    const configured = serviceResourceAttributes('clinical', {
      env: { OTEL_SERVICE_NAME: 'clinical-eu', LABLINE_ENVIRONMENT: 'production' },
    });
    assert.equal(configured['service.name'], 'clinical-eu');
    assert.equal(configured['deployment.environment.name'], 'production');
    assert.equal('service.version' in configured, false);
  });

  it('find the version in the nearest package.json above the entry point', () => {
    assert.equal(packageVersion(new URL('./sdk.ts', import.meta.url)), '0.1.0');
  });
});

describe('OTEL_TRACES_SAMPLER', () => {
  it('maps the standard samplers and leaves the default otherwise', () => {
    assert.equal(samplerFromEnv({}), undefined);
    assert.equal(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'jaeger_remote' }), undefined);
    assert.match(String(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'always_off' })), /AlwaysOff/);
    assert.match(
      String(samplerFromEnv({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' })),
      /ParentBased.*0\.25/,
    );
  });
});
