/**
 * Docker for the deploy test (compose.deploy.ts): whether it runs, the images (deploy/docker/build-images.sh),
 * their sizes, and which Compose drives docker-compose.yml. testcontainers runs `docker compose` (v2) unless
 * told otherwise; where only Debian's docker-compose 1.29 exists (bookworm has no Compose v2 package), it runs
 * that standalone binary instead, which reads the same file (depends_on conditions, profiles, merge keys).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const IMAGES_ENV = path.join(ROOT, '.labline/docker/images.env');

function run(command: string, args: readonly string[]) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

/** Fails with what to do when no Docker daemon answers. */
export function assertDockerRuns(): void {
  const info = run('docker', ['info', '--format', '{{.ServerVersion}}']);
  if (info.ok) return;
  throw new Error(
    'Docker cannot run here, so docker-compose.yml cannot be tested: `docker info` failed' +
      ` (${info.output.split('\n')[0] ?? 'no output'}). Install Docker (Debian: apt-get install docker.io` +
      ' docker-compose debootstrap) and start the daemon as root (dockerd > /var/log/dockerd.log 2>&1 &).',
  );
}

export interface ComposeExecutable {
  /** The `executable` option of testcontainers' compose client. */
  option: { standalone: true; executablePath: string } | { executablePath: string };
  version: string;
}

/** Compose v2 as a docker plugin, else the standalone docker-compose (v1 on Debian bookworm). */
export function composeExecutable(): ComposeExecutable {
  const plugin = run('docker', ['compose', 'version', '--short']);
  if (plugin.ok) return { option: { executablePath: 'docker' }, version: plugin.output };
  const standalone = run('docker-compose', ['version', '--short']);
  if (standalone.ok) {
    return { option: { standalone: true, executablePath: 'docker-compose' }, version: standalone.output };
  }
  throw new Error('Neither `docker compose` nor `docker-compose` runs (Debian: apt-get install docker-compose).');
}

/** Builds the base and the Labline images; returns the base images chosen (images.env) for compose. */
export function buildImages(): Record<string, string> {
  const result = spawnSync('bash', [path.join(ROOT, 'deploy/docker/build-images.sh')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error('deploy/docker/build-images.sh failed (its output is above)');
  const variables: Record<string, string> = {};
  for (const line of readFileSync(IMAGES_ENV, 'utf8').split('\n')) {
    const match = /^([A-Z_]+)=(.+)$/.exec(line.trim());
    if (match) variables[match[1]!] = match[2]!;
  }
  return variables;
}

/** An image's size in MB, as `docker images` counts it. */
export function imageSizeMb(image: string): number {
  const inspected = run('docker', ['image', 'inspect', '--format', '{{.Size}}', image]);
  if (!inspected.ok) throw new Error(`no image ${image}: ${inspected.output}`);
  return Math.round(Number(inspected.output) / 1_000_000);
}

/** `docker compose … down -v` of a project a crashed earlier run may have left behind. */
/** docker-compose (v1) or `docker compose` (v2), as the machine has it. */
function composeCommand(executable: ComposeExecutable): [string, string[]] {
  return 'standalone' in executable.option ? ['docker-compose', []] : ['docker', ['compose']];
}

/**
 * The last lines of every container of the project, exited ones included: what a failed `up` leaves to read (compose
 * itself only says that a container "exited with code 1").
 */
export function projectLogs(project: string, executable: ComposeExecutable, env: Record<string, string>): string {
  const [command, prefix] = composeCommand(executable);
  const logs = spawnSync(
    command,
    [...prefix, '-p', project, '-f', 'docker-compose.yml', 'logs', '--no-color', '--tail', '30'],
    { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 },
  );
  return `${logs.stdout ?? ''}${logs.stderr ?? ''}`;
}

export function removeProject(project: string, executable: ComposeExecutable, env: Record<string, string>): void {
  const [command, prefix] = composeCommand(executable);
  spawnSync(command, [...prefix, '-p', project, '-f', 'docker-compose.yml', 'down', '-v', '--remove-orphans'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'ignore',
    timeout: 300_000,
  });
}
