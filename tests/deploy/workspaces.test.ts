/**
 * The image build's manifest trimming (deploy/docker/workspaces.ts `trim`): the manifests cut down to one package and
 * the workspaces it depends on, for `npm ci --omit=dev` of just those.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, test } from 'vitest';

/** As the Dockerfile runs it: plain Node on the script. */
function trim(tree: string, packageDir: string): void {
  const script = path.resolve(import.meta.dirname, '../../deploy/docker/workspaces.ts');
  const result = spawnSync(process.execPath, [script, 'trim', tree, packageDir], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
}

const root = mkdtempSync(path.join(os.tmpdir(), 'labline-trim-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function manifest(dir: string, content: Record<string, unknown>): void {
  mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify(content));
}

test('keeps a package nested in another workspace, with the workspaces it depends on, and drops the rest', () => {
  manifest('.', { name: 'root', workspaces: ['libs/*', 'deploy/sandboxes/*', 'deploy'], devDependencies: { x: '1' } });
  manifest('libs/contracts', { name: '@labline/contracts', dependencies: { zod: '4' } });
  manifest('deploy', { name: '@labline/deploy', dependencies: { '@labline/contracts': '*' } });
  manifest('deploy/sandboxes/kit', { name: '@labline/sandbox-kit', dependencies: { zod: '4' } });
  manifest('deploy/sandboxes/sms', {
    name: '@labline/sms-sandbox',
    dependencies: { '@labline/sandbox-kit': '*' },
    devDependencies: { typescript: '5' },
  });

  trim(root, 'deploy/sandboxes/sms');

  const read = (dir: string) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  assert.deepEqual(read('.').workspaces, ['deploy/sandboxes/kit', 'deploy/sandboxes/sms']);
  assert.equal(read('.').devDependencies, undefined);
  assert.equal(read('deploy/sandboxes/sms').devDependencies, undefined);
  assert.equal(read('deploy/sandboxes/kit').name, '@labline/sandbox-kit');
  assert.equal(existsSync(path.join(root, 'deploy/package.json')), false, 'the deploy workspace is dropped');
  assert.equal(existsSync(path.join(root, 'libs/contracts/package.json')), false, 'an unused library is dropped');
});
