/**
 * identity believes X-Forwarded-For from the gateway's address alone (TRUST_PROXY, loopback by default). A
 * caller that reaches identity from anywhere else, a private network included, cannot pick the address its
 * sign-in attempts count against by forging the header.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ERRORS } from '@labline/contracts';
import { identityConfigSchema } from '../src/config';
import { login, startIdentity, type IdentityTestContext } from './harness';

const PER_ADDRESS = 3;

describe('X-Forwarded-For at identity', () => {
  let context: IdentityTestContext;
  beforeAll(async () => {
    context = await startIdentity({ login: { perAddressMax: PER_ADDRESS, perAddressWindowMs: 60_000 } });
  });
  afterAll(() => context.close());

  /** Attempts on accounts that do not exist, so only the per-address limit can refuse them. */
  const attempts = async (remoteAddress: string, forwardedFor: (attempt: number) => string | undefined) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PER_ADDRESS; attempt += 1) {
      const header = forwardedFor(attempt);
      const response = await login(
        context.app,
        `nobody-${remoteAddress.replace(/[^a-z0-9]/g, '-')}-${attempt}@labline.test`,
        'whatever-it-is',
        header === undefined ? {} : { 'x-forwarded-for': header },
        remoteAddress,
      );
      if (response.statusCode === 429) assert.deepEqual(response.json(), { error: ERRORS.tooManyLoginAttempts });
      statuses.push(response.statusCode);
    }
    return statuses;
  };
  const throttledAtLast = [...Array<number>(PER_ADDRESS).fill(401), 429];

  it('trusts only loopback by default, where the dev runner runs the gateway', () => {
    assert.equal(identityConfigSchema.parse({ DATABASE_URL: 'postgres://x' }).TRUST_PROXY, 'loopback');
  });

  for (const [network, remoteAddress] of [
    ['a private network (10/8)', '10.0.0.5'],
    ['a private network (192.168/16)', '192.168.1.50'],
    ['a link-local address', '169.254.10.10'],
    ['a unique-local IPv6 address', 'fd00::5'],
  ] as const) {
    it(`counts forged X-Forwarded-For from ${network} against the real address`, async () => {
      assert.deepEqual(
        await attempts(remoteAddress, (attempt) => `203.0.113.${attempt + 1}`),
        throttledAtLast,
        'a new forged address per attempt does not buy new attempts',
      );
    });
  }

  it('counts a forged chain against the real address, whatever it claims to pass through', async () => {
    assert.deepEqual(
      await attempts('10.20.30.40', (attempt) => `198.51.100.${attempt + 1}, 127.0.0.1`),
      throttledAtLast,
    );
  });

  it('still believes the gateway on loopback: its clients count apart', async () => {
    assert.deepEqual(
      await attempts('127.0.0.1', () => '198.51.100.200'),
      throttledAtLast,
      'one client behind the gateway',
    );
    const another = await login(context.app, 'nobody-else@labline.test', 'whatever-it-is', {
      'x-forwarded-for': '198.51.100.201',
    });
    assert.equal(another.statusCode, 401, 'another client behind the gateway has its own budget');
  });
});
