/**
 * `npm run test:deploy`: docker-compose.yml for real. Builds the images (deploy/docker/build-images.sh: base
 * images official or built locally, then one image per service and the gateway), starts the whole file with
 * testcontainers' Compose support and waits until every container is healthy, then uses the system through the
 * gateway as the web app does: a demo administrator signs in, creates a patient at clinical, and identity's
 * institution stats count it (clinical's event crossed NATS from one container to another). clinical's container
 * restarts and the patient is still there. Everything is removed at the end, volumes included.
 * Fails, saying so, when Docker cannot run here.
 */
import net from 'node:net';
import {
  clinicianListResponseSchema,
  DEPLOYED_SERVICES,
  institutionStatsResponseSchema,
  patientDetailResponseSchema,
  patientResponseSchema,
} from '@labline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, signIn } from './api';
import {
  assertDockerRuns,
  buildImages,
  composeExecutable,
  imageSizeMb,
  projectLogs,
  removeProject,
  ROOT,
} from './docker';

// Ryuk, testcontainers' reaper, is an image from a registry this test may not reach; the test removes its
// project itself (afterAll, and before starting, whatever a crashed run left).
process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
const { DockerComposeEnvironment } = await import('testcontainers');
type StartedEnvironment = Awaited<ReturnType<InstanceType<typeof DockerComposeEnvironment>['up']>>;

const PROJECT = 'labline-deploy-test';
const IMAGES = [...DEPLOYED_SERVICES, 'gateway'].map((name) => `labline/${name}:latest`);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

describe('docker-compose.yml', () => {
  let environment: StartedEnvironment | undefined;
  let baseUrl = '';
  let containerName = (service: string) => service;

  beforeAll(async () => {
    assertDockerRuns();
    const executable = composeExecutable();
    // Compose v2 names containers <project>-<service>-1, v1 <project>_<service>_1 (which testcontainers keeps).
    containerName =
      'standalone' in executable.option ? (service) => `${PROJECT}_${service}_1` : (service) => `${service}-1`;

    let started = performance.now();
    const baseImages = buildImages();
    console.log(`[deploy] images ready in ${seconds(started)}`);
    for (const image of IMAGES) console.log(`[deploy] ${image}: ${imageSizeMb(image)} MB`);

    const port = await freePort();
    const env = { ...baseImages, LABLINE_PORT: String(port), LABLINE_SEED: 'demo' };
    removeProject(PROJECT, executable, env);
    started = performance.now();
    try {
      environment = await new DockerComposeEnvironment(ROOT, 'docker-compose.yml')
        .withProjectName(PROJECT)
        .withEnvironment(env)
        .withClientOptions({ executable: executable.option })
        .withStartupTimeout(600_000)
        .up();
    } catch (error) {
      // Which container failed, and why: the containers' own last lines (no secrets: the services log none).
      console.error(
        `[deploy] compose up failed; the containers' last lines:\n${projectLogs(PROJECT, executable, env)}`,
      );
      removeProject(PROJECT, executable, env);
      throw error;
    }
    baseUrl = `http://127.0.0.1:${port}`;
    console.log(`[deploy] compose ${executable.version}: every container healthy ${seconds(started)} after up`);
  });

  afterAll(async () => {
    const started = performance.now();
    await environment?.down({ removeVolumes: true, timeout: 30_000 });
    if (environment) console.log(`[deploy] down in ${seconds(started)}`);
  });

  it('serves the web app and its API on one port, as npm start does', async () => {
    const page = await fetch(`${baseUrl}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
  });

  it("counts a patient created at clinical in identity's institution stats, kept across a restart", async () => {
    const { user, api } = await signIn(baseUrl, 'admin@northwind.labline.test', 'labline-demo');
    const institutionId = user.institution_id;
    if (institutionId === null) throw new Error('the demo administrator has no institution');
    const statsPath = `/api/institutions/${institutionId}/stats`;
    const before = (await api.get(statsPath, institutionStatsResponseSchema)).stats.patients;

    const { clinicians } = await api.get(`/api/institutions/${institutionId}/clinicians`, clinicianListResponseSchema);
    const { patient } = await api.post(
      '/api/patients',
      {
        first_name: 'Compose',
        last_name: `Deploy ${Date.now()}`,
        institution_ids: [institutionId],
        clinician_id: clinicians[0]?.id ?? null,
      },
      patientResponseSchema,
    );
    const counted = await eventually('identity counts the new patient', async () => {
      const { stats } = await api.get(statsPath, institutionStatsResponseSchema);
      return stats.patients === before + 1 ? stats.patients : undefined;
    });
    expect(counted).toBe(before + 1);

    const started = performance.now();
    await environment!.getContainer(containerName('clinical')).restart({ timeout: 30_000 });
    console.log(`[deploy] clinical restarted and healthy in ${seconds(started)}`);
    const kept = await eventually('the patient after the restart', async () =>
      api.get(`/api/patients/${patient.id}`, patientDetailResponseSchema),
    );
    expect(kept.patient.last_name).toBe(patient.last_name);
    expect((await api.get(statsPath, institutionStatsResponseSchema)).stats.patients).toBe(before + 1);
  });
});
