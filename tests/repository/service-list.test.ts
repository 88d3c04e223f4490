/**
 * The one list of services (contracts' SERVICE_DECLARATIONS) and the tree agree: every listed service has its
 * declaration, entry point, package and Kubernetes component (with the declared name and port, taken by the base in
 * the list's order), and no folder under services/ is missing from the list, so the dev runner, the gateway, the
 * projection rebuild and CI cannot forget one.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { DEPLOYED_SERVICES, SERVICE_DECLARATIONS, SERVICES, servicePackage } from '@labline/contracts';

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

const componentDeclarationSchema = z.object({
  kind: z.literal('ServiceDeclaration'),
  spec: z.object({ name: z.string(), port: z.number().int() }),
});
const packageSchema = z.object({ name: z.string() });
const baseSchema = z.object({ components: z.array(z.string()) });

test("every service's package and Kubernetes component follow its declaration", () => {
  for (const { name, port } of SERVICE_DECLARATIONS) {
    const folder = path.join(ROOT, 'services', name);
    const manifest = packageSchema.parse(JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')));
    assert.equal(
      manifest.name,
      servicePackage(name),
      `services/${name}/package.json (the projection rebuild imports it)`,
    );
    const declaration = componentDeclarationSchema.parse(
      parse(readFileSync(path.join(folder, 'k8s/declaration.yaml'), 'utf8')),
    );
    assert.deepEqual(declaration.spec, { name, port }, `services/${name}/k8s/declaration.yaml`);
  }
  const base = baseSchema.parse(parse(readFileSync(path.join(ROOT, 'k8s/base/kustomization.yaml'), 'utf8')));
  assert.deepEqual(
    base.components.filter((component) => component.startsWith('../../services/')),
    DEPLOYED_SERVICES.map((name) => `../../services/${name}/k8s`),
  );
});
