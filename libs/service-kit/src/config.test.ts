import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, natsConnectionOptions, parseConfig } from './config';
import { baseServiceConfigSchema } from './service';

const schema = z.object({
  DATABASE_URL: z.url(),
  PORT: z.coerce.number().int().positive().default(4001),
  SECRET: z.string().min(8),
});

describe('parseConfig', () => {
  it('parses and applies defaults', () => {
    const config = parseConfig(schema, { DATABASE_URL: 'postgres://localhost/x', SECRET: 'long enough' });
    assert.equal(config.PORT, 4001);
  });

  it('names every bad variable without echoing its value', () => {
    assert.throws(
      () => parseConfig(schema, { PORT: 'abc', SECRET: 'short' }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /DATABASE_URL: is required/);
        assert.match(error.message, /PORT: /);
        assert.match(error.message, /SECRET: /);
        assert.doesNotMatch(error.message, /short/);
        return true;
      },
    );
  });
});

describe('the variables every process reads', () => {
  const base = { DATABASE_URL: 'postgres://identity_app:secret@postgres:5432/labline' };

  it('takes NATS servers without credentials, and the user and password apart', () => {
    const config = parseConfig(baseServiceConfigSchema, {
      ...base,
      NATS_URL: 'nats://nats-0:4222, nats://nats-1:4222',
      NATS_USER: 'identity',
      NATS_PASSWORD: 'nats secret',
    });
    assert.deepEqual(
      natsConnectionOptions({ url: config.NATS_URL, user: config.NATS_USER, password: config.NATS_PASSWORD }),
      { servers: ['nats://nats-0:4222', 'nats://nats-1:4222'], user: 'identity', pass: 'nats secret' },
    );
    assert.deepEqual(natsConnectionOptions({ url: 'nats:4222' }), { servers: ['nats:4222'] });
  });

  it('refuses credentials in NATS_URL (the client would drop them), a half pair and foreign schemes', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig(baseServiceConfigSchema, { ...base, ...env });
        return '';
      } catch (error) {
        assert.ok(error instanceof ConfigError);
        return error.message;
      }
    };
    assert.match(problems({ NATS_URL: 'nats://identity:pw@nats:4222' }), /NATS_URL: must not carry credentials/);
    assert.doesNotMatch(problems({ NATS_URL: 'nats://identity:pw@nats:4222' }), /pw/);
    assert.match(problems({ NATS_URL: 'http://nats:4222' }), /NATS_URL: must be nats:\/\//);
    assert.match(problems({ NATS_PASSWORD: 'secret' }), /NATS_USER: is required with NATS_PASSWORD/);
    assert.match(problems({ NATS_USER: 'identity' }), /NATS_PASSWORD: is required with NATS_USER/);
    assert.match(problems({ DATABASE_URL: 'mysql://db/labline' }), /DATABASE_URL: must be a postgres/);
    assert.match(problems({ DATABASE_ADMIN_URL: 'labline' }), /DATABASE_ADMIN_URL: must be a postgres/);
    assert.match(problems({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }), /OTEL_EXPORTER_OTLP_ENDPOINT/);
    assert.match(problems({ NATS_STREAM_REPLICAS: '0' }), /NATS_STREAM_REPLICAS/);
    assert.equal(problems({}), '');
  });
});
