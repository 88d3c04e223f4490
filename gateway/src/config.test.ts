import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'vitest';
import { envSchema, gatewayConfigFromEnv } from './config';

const configFrom = (env: Record<string, string>) => gatewayConfigFromEnv(envSchema.parse(env));

test('defaults: port 8080, the JWKS of identity, web/dist of this repository, no trusted proxy', () => {
  const env = envSchema.parse({ IDENTITY_URL: 'http://127.0.0.1:4001/' });
  assert.equal(env.PORT, 8080);
  assert.equal(env.HOST, '0.0.0.0');
  const config = gatewayConfigFromEnv(env);
  assert.deepEqual(config.upstreams, { identity: 'http://127.0.0.1:4001' });
  assert.deepEqual(config.jwks, { jwksUrl: 'http://127.0.0.1:4001/.well-known/jwks.json' });
  assert.equal(config.webDist, path.resolve(import.meta.dirname, '../../web/dist'));
  assert.equal(config.trustProxy, false);
  assert.deepEqual(config.rateLimit, { max: 300, userMax: 600, loginMax: 30, windowMs: 60_000 });
  assert.equal(config.bodyLimit, 1_048_576);
  assert.equal(config.upstreamTimeoutMs, 30_000);
});

test('one URL per service; the ones not set stay unconfigured', () => {
  const config = configFrom({
    IDENTITY_URL: 'http://identity:8080',
    CLINICAL_URL: 'http://clinical:8080',
    NOTIFICATIONS_URL: 'https://notifications.internal',
    IDENTITY_JWKS_URL: 'http://identity:8080/keys',
    WEB_DIST: 'some/dist',
    TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    PORT: '9000',
  });
  assert.deepEqual(config.upstreams, {
    identity: 'http://identity:8080',
    clinical: 'http://clinical:8080',
    notifications: 'https://notifications.internal',
  });
  assert.deepEqual(config.jwks, { jwksUrl: 'http://identity:8080/keys' });
  assert.equal(config.webDist, path.resolve('some/dist'));
  assert.deepEqual(config.trustProxy, ['10.0.0.0/8', '127.0.0.1']);
  assert.equal(configFrom({ IDENTITY_URL: 'http://i', TRUST_PROXY: 'true' }).trustProxy, true);
});

test('refuses a configuration it cannot verify tokens with, or a URL that is not http(s)', () => {
  assert.throws(() => envSchema.parse({}), /IDENTITY_URL/);
  assert.throws(() => envSchema.parse({ IDENTITY_URL: 'ftp://identity' }));
  assert.throws(() => envSchema.parse({ IDENTITY_URL: 'http://identity', RATE_LIMIT_MAX: '0' }));
});

test('follows deactivations on NATS only when NATS_URL is set', () => {
  assert.equal(configFrom({ IDENTITY_URL: 'http://i' }).natsUrl, undefined);
  assert.equal(configFrom({ IDENTITY_URL: 'http://i', NATS_URL: 'nats://nats:4222' }).natsUrl, 'nats://nats:4222');
});

test('NATS credentials apart from the URL, a log level, an OpenTelemetry endpoint', () => {
  const env = envSchema.parse({
    IDENTITY_URL: 'http://i',
    NATS_URL: 'nats://nats:4222',
    NATS_USER: 'gateway',
    NATS_PASSWORD: 'secret',
    LOG_LEVEL: 'warn',
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
  });
  assert.equal(env.NATS_USER, 'gateway');
  assert.equal(env.LOG_LEVEL, 'warn');
  assert.equal(envSchema.parse({ IDENTITY_URL: 'http://i' }).LOG_LEVEL, 'info');
  assert.throws(() => envSchema.parse({ IDENTITY_URL: 'http://i', NATS_URL: 'nats://gateway:pw@nats:4222' }));
  assert.throws(() => envSchema.parse({ IDENTITY_URL: 'http://i', NATS_PASSWORD: 'secret' }), /NATS_USER/);
  assert.throws(() => envSchema.parse({ IDENTITY_URL: 'http://i', LOG_LEVEL: 'loud' }), /LOG_LEVEL/);
});
