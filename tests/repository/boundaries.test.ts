/**
 * The package boundaries are enforced by lint (eslint.config.js), and lint is a CI step: these cases prove
 * that each rule fails a deliberate violation and lets the allowed import through.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'vitest';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary errors lint reports for `code` as if it stood in `file`. */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.endsWith('no-restricted-imports'))
    .map((message) => message.message);
}

describe('package boundaries', () => {
  it('refuses a lib importing a service', async () => {
    const found = await violations('libs/db/src/boundary.ts', "export { service } from '@labline/clinical';\n");
    assert.match(found.join('\n'), /A lib must not import a service/);
  });

  it('refuses a service importing another service or the gateway', async () => {
    const found = await violations(
      'services/identity/src/boundary.ts',
      "export { service } from '@labline/clinical';\nexport { buildGateway } from '@labline/gateway';\n",
    );
    assert.equal(found.length, 2);
    assert.match(found[0]!, /A service must not import another service/);
  });

  it('refuses the web importing anything but contracts', async () => {
    const found = await violations(
      'web/src/boundary.ts',
      "export { ERRORS } from '@labline/contracts';\nexport { httpError } from '@labline/service-kit';\n",
    );
    assert.deepEqual(found.length, 1);
    assert.match(found[0]!, /The web may import @labline\/contracts only/);
  });

  it('refuses a deep import past a package’s exports, and allows its named entries', async () => {
    const deep = await violations(
      'gateway/src/boundary.ts',
      "export { createTokenVerifier } from '@labline/service-kit/jwt';\n",
    );
    assert.match(deep.join('\n'), /Deep import past the package's "exports"/);
    const named = await violations(
      'services/clinical/src/boundary.ts',
      "export { launch } from '@labline/service-kit/launch';\n",
    );
    assert.deepEqual(named, []);
  });

  it("refuses a route reading a projection's queries instead of the caller-bound repository", async () => {
    const found = await violations(
      'services/clinical/src/routes/boundary.ts',
      "export { findPatient } from '../projections/patients/queries';\n",
    );
    assert.match(found.join('\n'), /caller-bound repository/);
  });

  it('refuses test-only code in runtime code', async () => {
    const found = await violations(
      'libs/eventstore/src/boundary.ts',
      "export { deciderSpecification } from './testing';\n",
    );
    assert.match(found.join('\n'), /Test-only module/);
  });
});
