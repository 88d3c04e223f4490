/**
 * Builds the overlays with `kubectl kustomize`: the kustomize inside kubectl 1.27+ (v5; the manifests use components
 * and replacements, which Debian bookworm's kubectl 1.20 with kustomize v2.0.3 does not read). `KUBECTL` picks
 * another binary.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';

const run = promisify(execFile);
const MAX_OUTPUT = 64 * 1024 * 1024;

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const OVERLAYS_DIR = path.join(ROOT, 'k8s/overlays');

export class KubectlMissingError extends Error {
  override readonly name = 'KubectlMissingError';
}

export const kubectlBinary = (): string => process.env.KUBECTL || 'kubectl';

const versionSchema = z.object({
  clientVersion: z.object({ gitVersion: z.string() }),
  kustomizeVersion: z.string().optional(),
});

function isMissingBinary(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}

const missingMessage = (binary: string) =>
  `kubectl not found (${binary}): the manifests are built with \`kubectl kustomize\` (kubectl 1.27+, kustomize v5). ` +
  'Install it or point KUBECTL at one.';

/** `v1.32.4 (kustomize v5.5.0)`; kubectl before 1.24 does not report its kustomize (1.20: v2.0.3). */
export async function kubectlVersion(): Promise<string> {
  const binary = kubectlBinary();
  try {
    const { stdout } = await run(binary, ['version', '--client', '-o', 'json']);
    const version = versionSchema.parse(JSON.parse(stdout));
    return `${version.clientVersion.gitVersion} (kustomize ${version.kustomizeVersion ?? 'version not reported'})`;
  } catch (error) {
    if (isMissingBinary(error)) throw new KubectlMissingError(missingMessage(binary));
    throw error;
  }
}

/** The overlays: every folder under k8s/overlays. */
export function overlayNames(): string[] {
  return readdirSync(OVERLAYS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The overlay's manifests as YAML. Kustomize's deprecation warnings (stderr) are shown only on failure. */
export async function buildOverlay(name: string): Promise<string> {
  const binary = kubectlBinary();
  try {
    const { stdout } = await run(binary, ['kustomize', path.join(OVERLAYS_DIR, name)], { maxBuffer: MAX_OUTPUT });
    return stdout;
  } catch (error) {
    if (isMissingBinary(error)) throw new KubectlMissingError(missingMessage(binary));
    const stderr = typeof error === 'object' && error !== null && 'stderr' in error ? String(error.stderr) : '';
    throw new Error(`kubectl kustomize k8s/overlays/${name} failed: ${stderr.trim() || String(error)}`, {
      cause: error,
    });
  }
}
