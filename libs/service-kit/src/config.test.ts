import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, parseConfig } from './config';

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
