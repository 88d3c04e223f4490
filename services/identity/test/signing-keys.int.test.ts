import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { SessionUser } from '@labline/contracts';
import { createTokenVerifier } from '@labline/service-kit';
import { generatePrivateKeyPem, loadSigningKeys } from '../src/security/signing-keys';
import { createTokenIssuer } from '../src/security/tokens';
import { startIdentity, type IdentityTestContext } from './harness';

const SAMPLE_USER: SessionUser = {
  id: 1,
  email: 'sample@labline.test',
  first_name: 'Sam',
  last_name: 'Ple',
  phone: null,
  role: 'lab_user',
  institution_id: 1,
  institution_name: 'Northwind General Hospital',
  clinician_institution_ids: [],
  permissions: [],
  is_active: true,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('signing keys', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({ seed: false });
  });
  afterAll(() => context.close());

  it('generates one key, kept in the database for every replica and restart', async () => {
    const [first, second] = await Promise.all([loadSigningKeys(context.pool), loadSigningKeys(context.pool)]);
    assert.equal(first.current.kid, context.signingKeys.current.kid);
    assert.equal(second.current.kid, first.current.kid);
    assert.equal(first.jwks.keys.length, 1);
    assert.equal(first.jwks.keys[0]?.d, undefined, 'the JWKS holds public keys only');
  });

  it('signs with a configured key and still lists the generated one for live tokens', async () => {
    const configured = await loadSigningKeys(context.pool, { privateKeyPem: await generatePrivateKeyPem() });
    assert.notEqual(configured.current.kid, context.signingKeys.current.kid);
    assert.deepEqual(
      configured.jwks.keys.map((key) => key.kid),
      [configured.current.kid, context.signingKeys.current.kid],
    );
    const oldToken = await createTokenIssuer(context.signingKeys, 60).issue(SAMPLE_USER, {
      sessionId: randomUUID(),
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const verification = await createTokenVerifier({ jwks: configured.jwks }).verify(`Bearer ${oldToken}`);
    assert.ok(verification.ok);
  });
});
