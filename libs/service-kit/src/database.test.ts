import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { runsAsApplicationOnly } from './database';

describe('who migrates', () => {
  it('the service itself, where it holds an admin connection', () => {
    assert.equal(runsAsApplicationOnly({ DATABASE_URL: 'postgres://postgres@db/labline' }, 'identity'), false);
    const both = {
      DATABASE_URL: 'postgres://identity_app:pw@db/labline',
      DATABASE_ADMIN_URL: 'postgres://admin:pw@db/labline',
    };
    assert.equal(runsAsApplicationOnly(both, 'identity'), false);
  });

  it('a --migrate-only run before it, where DATABASE_URL is the application role alone', () => {
    assert.equal(runsAsApplicationOnly({ DATABASE_URL: 'postgres://identity_app:pw@db/labline' }, 'identity'), true);
    // another service's application role is not this one's: it is taken as an admin (and refused by Postgres)
    assert.equal(runsAsApplicationOnly({ DATABASE_URL: 'postgres://clinical_app:pw@db/labline' }, 'identity'), false);
    assert.equal(runsAsApplicationOnly({ DATABASE_URL: 'postgres://lab_app@db/labline' }, 'lab'), true);
  });
});
