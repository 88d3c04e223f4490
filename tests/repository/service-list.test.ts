/**
 * The one list of services (contracts' DEPLOYED_SERVICES) and the tree agree: every listed service has its
 * declaration and entry point, and no folder under services/ is missing from the list, so the dev runner, the
 * gateway and CI cannot forget one.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'vitest';
import { DEPLOYED_SERVICES, SERVICES } from '@labline/contracts';

const ROOT = path.resolve(import.meta.dirname, '../..');

test('every service folder is in the one list, and every listed service has its declaration and entry', () => {
  const folders = readdirSync(path.join(ROOT, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  assert.deepEqual(folders, [...DEPLOYED_SERVICES].sort());
  for (const name of DEPLOYED_SERVICES) {
    assert.ok((SERVICES as readonly string[]).includes(name), `${name} has NATS subjects and gateway routes`);
    for (const file of ['src/service.ts', 'src/main.ts', 'migrations']) {
      assert.ok(existsSync(path.join(ROOT, 'services', name, file)), `services/${name}/${file}`);
    }
  }
});
