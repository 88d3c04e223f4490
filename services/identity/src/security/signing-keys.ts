import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';

export const SIGNING_ALGORITHM = 'EdDSA';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface SigningKeys {
  /** Signs new tokens. */
  current: SigningKey;
  /** Every key a live token may carry: the current one and earlier generated ones. */
  jwks: JSONWebKeySet;
}

async function signingKeyFromPem(pem: string): Promise<SigningKey> {
  const privateKey = await importPKCS8(pem, SIGNING_ALGORITHM, { extractable: true });
  // The public JWK is the private one without its secret part `d`.
  const { kty, crv, x } = await exportJWK(privateKey);
  const base: JWK = { kty, crv, x };
  const kid = await calculateJwkThumbprint(base);
  return { kid, privateKey, publicJwk: { ...base, kid, alg: SIGNING_ALGORITHM, use: 'sig' } };
}

export async function generatePrivateKeyPem(): Promise<string> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { crv: 'Ed25519', extractable: true });
  return exportPKCS8(privateKey);
}

const storedKeySchema = z.object({ private_key_pem: z.string() });

/**
 * The configured key (JWT_PRIVATE_KEY, PKCS#8 PEM), else the newest key in identity's database, generated
 * there once under a lock so that replicas starting together and later restarts all sign with the same key.
 */
export async function loadSigningKeys(
  pool: DatabasePool,
  options: { privateKeyPem?: string | undefined } = {},
): Promise<SigningKeys> {
  const storedPems = await pool.transaction(async (transaction) => {
    await transaction.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext('labline-identity-signing-key'))`);
    const stored = await transaction.any(
      sql.type(storedKeySchema)`SELECT private_key_pem FROM signing_keys ORDER BY created_at DESC, kid`,
    );
    if (stored.length > 0 || options.privateKeyPem) return stored.map((row) => row.private_key_pem);
    const pem = await generatePrivateKeyPem();
    const key = await signingKeyFromPem(pem);
    await transaction.query(sql.unsafe`INSERT INTO signing_keys (kid, private_key_pem) VALUES (${key.kid}, ${pem})`);
    return [pem];
  });
  const stored = await Promise.all(storedPems.map(signingKeyFromPem));
  const configured = options.privateKeyPem ? await signingKeyFromPem(options.privateKeyPem) : null;
  const current = configured ?? stored[0];
  if (!current) throw new Error('No signing key is available');
  const all = [current, ...stored.filter((key) => key.kid !== current.kid)];
  return { current, jwks: { keys: all.map((key) => key.publicJwk) } };
}
