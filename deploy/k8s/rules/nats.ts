/**
 * NATS as the services need it: three JetStream servers that sync to disk before acknowledging (Jepsen, NATS
 * 2.12.1: the default 2-minute fsync lost acknowledged writes), a user per service publishing its own subjects
 * `lab.<service>.>` and one for the gateway, each password read from a Secret.
 */
import { z } from 'zod';
import type { ServiceName } from '@labline/contracts';
import { objectId, type K8sObject } from '../manifests';
import { MISSING, problem, type Problem } from '../problems';
import type { Workload } from '../workloads';
import { parseImage } from './containers';
import { GATEWAY, type Manifests } from './coverage';
import { configMapSchema } from './objects';

const MIN_SERVERS = 3;
const SYNC_ALWAYS = /jetstream\s*[:=]?\s*\{[^}]*\bsync_interval\s*[:=]\s*['"]?always\b/s;
const PASSWORD_VARIABLE = /\bpassword\s*[:=]\s*\$([A-Za-z_][A-Za-z0-9_]*)/g;

const replicasSchema = z.looseObject({ spec: z.looseObject({ replicas: z.number().optional() }) });

const isNats = (workload: Workload) =>
  workload.object.kind === 'StatefulSet' &&
  workload.spec.containers.some((container) => /(^|\/)nats$/.test(parseImage(container.image ?? '').repository));

/** The ConfigMap holding nats.conf, its files joined (nats.conf includes auth.conf and the TLS files). */
function natsConfig(objects: readonly K8sObject[]): { object: K8sObject; text: string } | undefined {
  for (const object of objects) {
    if (object.kind !== 'ConfigMap') continue;
    const data = configMapSchema.safeParse(object).data?.data ?? {};
    if ('nats.conf' in data) return { object, text: Object.values(data).join('\n') };
  }
  return undefined;
}

/** The text of one user's entry: from its `user:` to the next user's. */
function userEntry(text: string, user: string): string | undefined {
  const start = new RegExp(`\\buser\\s*[:=]\\s*['"]?${user}['"]?\\s`).exec(text);
  if (!start) return undefined;
  const rest = text.slice(start.index + start[0].length);
  const next = /\buser\s*[:=]/.exec(rest);
  return next ? rest.slice(0, next.index) : rest;
}

function checkConfig(config: { object: K8sObject; text: string }, services: readonly ServiceName[]): Problem[] {
  const id = objectId(config.object);
  const problems: Problem[] = [];
  if (!SYNC_ALWAYS.test(config.text)) {
    problems.push(problem(id, 'nats', 'jetstream has no `sync_interval: always`: acknowledged writes could be lost'));
  }
  for (const user of [...services, GATEWAY]) {
    const entry = userEntry(config.text, user);
    if (entry === undefined) problems.push(problem(id, 'nats', `no NATS user ${user}`));
    else if (user !== GATEWAY && !entry.includes(`lab.${user}.>`)) {
      problems.push(problem(id, 'nats', `NATS user ${user} may not publish its subjects lab.${user}.>`));
    }
  }
  return problems;
}

function checkServers(servers: Workload, text: string): Problem[] {
  const problems: Problem[] = [];
  const replicas = replicasSchema.safeParse(servers.object).data?.spec.replicas ?? 1;
  if (replicas < MIN_SERVERS) {
    problems.push(problem(servers.id, 'nats', `${replicas} servers: the stream's 3 replicas need ${MIN_SERVERS}`));
  }
  const fromSecrets = new Set(
    servers.spec.containers.flatMap((container) =>
      (container.env ?? []).filter((variable) => variable.valueFrom?.secretKeyRef).map((variable) => variable.name),
    ),
  );
  for (const [, variable] of text.matchAll(PASSWORD_VARIABLE)) {
    if (variable && !fromSecrets.has(variable)) {
      problems.push(problem(servers.id, 'nats', `${variable} (a NATS password) is not read from a Secret`));
    }
  }
  return problems;
}

export function checkNats(manifests: Manifests, services: readonly ServiceName[]): Problem[] {
  const servers = manifests.workloads.find(isNats);
  const config = natsConfig(manifests.objects);
  if (!servers || !config) return [problem(MISSING, 'nats', 'no NATS StatefulSet with its nats.conf ConfigMap')];
  return [...checkConfig(config, services), ...checkServers(servers, config.text)];
}
