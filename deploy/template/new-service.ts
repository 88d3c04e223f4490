/**
 * `npm run new-service -- <name> [--port <port>] [--root <dir>]`: a new service from the template
 * (deploy/template): the smallest real service (defineService, a projection and its event, a route installed
 * from its contract, its route-contract coverage test, identity's directory for its callers, a migration, its
 * package.json and its Kubernetes component) in `services/<name>/`, its contracts (its declaration in
 * SERVICE_DECLARATIONS, its event schemas, its route contracts replacing its planned prefixes, their rows in the
 * authorization matrix) and the three edits outside both:
 * its line in k8s/base/kustomization.yaml, its block in docker-compose.yml and its NATS user in
 * k8s/base/nats/auth.conf. README "Adding a service" lists what is left by hand (npm install, the Secrets).
 *
 * `<name>` must be a lower-case word (a schema, a NATS subject token, a DNS name); it joins contracts' SERVICES
 * when not there yet. The port defaults to one above the highest declared. `--root` writes into another copy of
 * the repository (the test's temporary one).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const TEMPLATE = path.join(import.meta.dirname, 'service');
const CONTRACT_TEMPLATE = path.join(import.meta.dirname, 'contracts/events.ts.tmpl');

export interface NewService {
  name: string;
  port: number;
}

const nameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9]{1,30}$/, 'a lower-case word of letters and digits (it names a schema, subjects, a host)');

/** The files it writes and the ones it edits, relative to the root. */
export interface Written {
  created: string[];
  edited: string[];
}

function placeholders({ name, port }: NewService): Record<string, string> {
  const pascal = name[0]!.toUpperCase() + name.slice(1);
  return {
    __name__: name,
    __camel__: name,
    __Pascal__: pascal,
    __CONST__: name.toUpperCase(),
    __UPPER__: name.toUpperCase(),
    __port__: String(port),
  };
}

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((filled, [key, value]) => filled.replaceAll(key, value), text);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Replaces `anchor` (which must occur once) with `replacement(anchor)`. */
function editOnce(text: string, anchor: string | RegExp, replacement: (found: string) => string, file: string) {
  const matches =
    typeof anchor === 'string'
      ? text.split(anchor).length - 1
      : [...text.matchAll(new RegExp(anchor.source, `${anchor.flags}g`))].length;
  if (matches !== 1) throw new Error(`${file}: expected one ${String(anchor)}, found ${matches}`);
  return text.replace(anchor, (found) => replacement(found));
}

const declarationsSchema = z.array(z.object({ name: z.string(), port: z.number().int() }));

/** The declared services, read from the file (the root may be another copy of the repository). */
function declaredServices(root: string): z.infer<typeof declarationsSchema> {
  const source = readFileSync(path.join(root, 'libs/contracts/src/services.ts'), 'utf8');
  const entries = [...source.matchAll(/\{ name: '([a-z0-9]+)', port: (\d+),/g)].map((match) => ({
    name: match[1],
    port: Number(match[2]),
  }));
  return declarationsSchema.parse(entries);
}

function editContracts(root: string, service: NewService, written: Written): void {
  const { name, port } = service;
  const values = placeholders(service);
  const services = 'libs/contracts/src/services.ts';
  const text = readFileSync(path.join(root, services), 'utf8');
  writeFileSync(
    path.join(root, services),
    editOnce(
      text,
      '] as const satisfies readonly ServiceDeclaration[];',
      (end) => `  { name: '${name}', port: ${port}, needs: ['identity-keys'], demoSeed: false },\n${end}`,
      services,
    ),
  );
  written.edited.push(services);

  const envelope = 'libs/contracts/src/events/envelope.ts';
  const names = readFileSync(path.join(root, envelope), 'utf8');
  const list = /export const SERVICES = \[([^\]]*)\] as const;/.exec(names);
  if (!list) throw new Error(`${envelope}: no SERVICES list`);
  if (!list[1]!.includes(`'${name}'`)) {
    writeFileSync(
      path.join(root, envelope),
      names.replace(list[0], `export const SERVICES = [${list[1]!.trimEnd()}\n  '${name}',\n] as const;`),
    );
    written.edited.push(envelope);
  }

  const events = `libs/contracts/src/events/${name}.ts`;
  writeFileSync(path.join(root, events), fill(readFileSync(CONTRACT_TEMPLATE, 'utf8'), values));
  written.created.push(events);
  const index = 'libs/contracts/src/index.ts';
  const exports = readFileSync(path.join(root, index), 'utf8');
  writeFileSync(path.join(root, index), `${exports.trimEnd()}\nexport * from './events/${name}';\n`);
  written.edited.push(index);
}

/** The `{ ... }` entries of PLANNED_PREFIXES, each with the comment lines above it. */
function plannedEntries(body: string): string[] {
  const entries: string[] = [];
  let entry = '';
  let depth = 0;
  for (const line of body.split(/(?<=\n)/)) {
    entry += line;
    if (/^\s*\/\//.test(line)) continue;
    depth += (line.match(/\{/g)?.length ?? 0) - (line.match(/\}/g)?.length ?? 0);
    if (depth === 0 && /\},\n$/.test(line)) {
      entries.push(entry);
      entry = '';
    }
  }
  if (entry.trim() !== '') throw new Error(`PLANNED_PREFIXES: cannot read ${JSON.stringify(entry)}`);
  return entries;
}

/**
 * Its route contracts (libs/contracts/src/routes): its table in paths.ts, replacing its planned prefixes, its
 * schemas in contracts.ts, and its row in the authorization matrix (a signed-in caller of any role passes both
 * gates of the template's status route).
 */
function editRouteContracts(root: string, { name }: NewService, written: Written): void {
  const upper = name.toUpperCase();
  const paths = 'libs/contracts/src/routes/paths.ts';
  let text = readFileSync(path.join(root, paths), 'utf8');
  text = editOnce(
    text,
    '/** The routes of the services that exist (DEPLOYED_SERVICES), by service. */\n',
    (found) => `/** ${name}'s first route: what it holds, for a signed-in caller. */
export const ${upper}_ROUTES = {
  status: { method: 'GET', path: '/${name}/status', ...SIGNED_IN },
} as const satisfies Record<string, RoutePath>;

${found}`,
    paths,
  );
  text = editOnce(
    text,
    /\n\} as const;\nexport type BuiltService /,
    (found) => `\n  ${name}: ${upper}_ROUTES,${found}`,
    paths,
  );
  text = editOnce(
    text,
    // the list's entries (none when every service is built: `= [];`)
    /(?<=export const PLANNED_PREFIXES: readonly PlannedPrefix\[\] = \[)(?:\n[\s\S]*?)?(?=\];\n)/,
    (body) =>
      body === ''
        ? ''
        : `\n${plannedEntries(body.slice(1))
            .filter((entry) => !entry.includes(`service: '${name}',`))
            .join('')}`,
    paths,
  );
  writeFileSync(path.join(root, paths), text);
  written.edited.push(paths);

  const contracts = 'libs/contracts/src/routes/contracts.ts';
  text = readFileSync(path.join(root, contracts), 'utf8');
  text = editOnce(text, /^ {2}NOTIFICATIONS_ROUTES,\n/m, (found) => `${found}  ${upper}_ROUTES,\n`, contracts);
  text = editOnce(
    text,
    '/** The contracts of the services that exist, by service: the same names as ROUTE_PATHS. */\n',
    (found) => `const ${name}StatusSchema = z.object({
  service: z.literal('${name}'),
  items: z.number().int().nonnegative(),
});

const ${name}Schemas = {
  status: { response: { 200: ${name}StatusSchema } },
} as const satisfies SchemasOf<typeof ${upper}_ROUTES>;

export const ${upper}_CONTRACTS = withSchemas(${upper}_ROUTES, ${name}Schemas);

${found}`,
    contracts,
  );
  text = editOnce(
    text,
    /\n\} as const satisfies Record<BuiltService, object>;/,
    (found) => `\n  ${name}: ${upper}_CONTRACTS,${found}`,
    contracts,
  );
  writeFileSync(path.join(root, contracts), text);
  written.edited.push(contracts);

  const matrix = 'libs/contracts/src/routes/authorization-matrix.test.ts';
  text = readFileSync(path.join(root, matrix), 'utf8');
  writeFileSync(
    path.join(root, matrix),
    editOnce(
      text,
      /\n\};\n\nconst contracts = /,
      (found) => `\n  'GET /${name}/status': [T, T, T, T, T, T],${found}`,
      matrix,
    ),
  );
  written.edited.push(matrix);
}

/** docker-compose.yml: the service after the last one, its URL and health to the gateway, its password to NATS. */
function editCompose(root: string, { name }: NewService, last: string, written: Written): void {
  const file = 'docker-compose.yml';
  const upper = name.toUpperCase();
  let text = readFileSync(path.join(root, file), 'utf8');
  const block = `
  # After ${last}, in DEPLOYED_SERVICES order.
  ${name}: &${name}
    <<: *service
    image: \${LABLINE_REGISTRY:-labline}/${name}:\${LABLINE_TAG:-latest}
    build: { <<: *labline-build, args: { <<: *labline-build-args, PACKAGE: services/${name} } }
    environment: &${name}-environment
      <<: *service-environment
      DATABASE_URL: postgres://${name}_app:\${${upper}_DB_PASSWORD:-${name}-db-dev}@postgres:5432/labline
      NATS_USER: ${name}
      NATS_PASSWORD: \${NATS_${upper}_PASSWORD:-${name}-nats-dev}
      IDENTITY_JWKS_URL: http://identity:8080/.well-known/jwks.json
    depends_on:
      <<: *service-depends-on
      ${name}-migrate: { condition: service_completed_successfully }
      ${last}: { condition: service_healthy }
  ${name}-migrate:
    <<: [*migrate, *${name}]
    environment: { <<: [*migrate-environment, *${name}-environment] }
`;
  text = editOnce(
    text,
    `    environment: { <<: [*migrate-environment, *${last}-environment] }\n`,
    (found) => found + block,
    file,
  );
  const lastUpper = last.toUpperCase();
  text = editOnce(
    text,
    new RegExp(`^      ${lastUpper}_URL: http://${last}:8080\\n`, 'm'),
    (found) => `${found}      ${upper}_URL: http://${name}:8080\n`,
    file,
  );
  text = editOnce(
    text,
    new RegExp(`^      NATS_${lastUpper}_PASSWORD: .*\\n`, 'm'),
    (found) => `${found}      NATS_${upper}_PASSWORD: \${NATS_${upper}_PASSWORD:-${name}-nats-dev}\n`,
    file,
  );
  // The gateway waits for every service: its depends_on lists the last one with a block of its own.
  const gateway = text.indexOf('\n  gateway:\n');
  const dependsOn = text.indexOf(`      ${last}:\n        condition: service_healthy\n`, gateway);
  if (gateway === -1 || dependsOn === -1) throw new Error(`${file}: the gateway does not wait for ${last}`);
  const after = dependsOn + `      ${last}:\n        condition: service_healthy\n`.length;
  text = `${text.slice(0, after)}      ${name}:\n        condition: service_healthy\n${text.slice(after)}`;
  writeFileSync(path.join(root, file), text);
  written.edited.push(file);
}

function editKustomization(root: string, { name }: NewService, last: string, written: Written): void {
  const file = 'k8s/base/kustomization.yaml';
  const text = readFileSync(path.join(root, file), 'utf8');
  writeFileSync(
    path.join(root, file),
    editOnce(text, `  - ../../services/${last}/k8s\n`, (found) => `${found}  - ../../services/${name}/k8s\n`, file),
  );
  written.edited.push(file);
}

/** Its NATS user: publishes its own subjects, follows identity's institutions and users (its directory). */
function editNatsUsers(root: string, { name }: NewService, written: Written): void {
  const file = 'k8s/base/nats/auth.conf';
  const text = readFileSync(path.join(root, file), 'utf8');
  const user = `    {
      user: ${name}
      password: $NATS_${name.toUpperCase()}_PASSWORD
      permissions: {
        publish: {
          allow: ['lab.${name}.>', '$JS.API.>', '$JS.ACK.LABLINE.>']
          deny: $APPLICATION_DENIED
        }
        # ${name} projects identity's institutions and users (its callers).
        subscribe: {
          allow: [
            '_INBOX.>'
            'lab.identity.institution.>'
            'lab.identity.user.>'
            '$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.LABLINE.>'
          ]
        }
      }
    }
`;
  // Before the gateway's user, after the services'.
  writeFileSync(
    path.join(root, file),
    editOnce(text, /^ {4}\{\n(?= {6}# The gateway only reads)/m, (found) => user + found, file),
  );
  written.edited.push(file);
}

export function createService(root: string, service: NewService): Written {
  const { name } = service;
  const folder = path.join(root, 'services', name);
  if (existsSync(folder)) throw new Error(`services/${name} exists already`);
  const declared = declaredServices(root);
  if (declared.some((entry) => entry.name === name)) throw new Error(`${name} is declared already`);
  if (declared.some((entry) => entry.port === service.port)) throw new Error(`port ${service.port} is taken`);
  const last = declared.at(-1)?.name;
  if (!last) throw new Error('no service declared in libs/contracts/src/services.ts');

  const written: Written = { created: [], edited: [] };
  const values = placeholders(service);
  for (const source of filesUnder(TEMPLATE)) {
    const relative = fill(path.relative(TEMPLATE, source), values).replace(/\.tmpl$/, '');
    const target = path.join(folder, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, fill(readFileSync(source, 'utf8'), values));
    written.created.push(path.posix.join('services', name, ...relative.split(path.sep)));
  }
  editContracts(root, service, written);
  editRouteContracts(root, service, written);
  editKustomization(root, service, last, written);
  editCompose(root, service, last, written);
  editNatsUsers(root, service, written);
  return written;
}

/** Formats what the generator wrote as the repository does (a longer name can push a line past the width). */
export async function formatWritten(root: string, written: Written): Promise<void> {
  const prettier = await import('prettier');
  for (const file of [...written.created, ...written.edited]) {
    const filepath = path.join(root, file);
    const info = await prettier.getFileInfo(filepath, { ignorePath: path.join(root, '.prettierignore') });
    if (info.ignored || info.inferredParser === null) continue;
    const options = { ...(await prettier.resolveConfig(filepath)), filepath };
    writeFileSync(filepath, await prettier.format(readFileSync(filepath, 'utf8'), options));
  }
}

/** The next port after the highest declared one. */
export const nextPort = (root: string): number => Math.max(...declaredServices(root).map(({ port }) => port)) + 1;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    options: { port: { type: 'string' }, root: { type: 'string' } },
    allowPositionals: true,
  });
  const root = path.resolve(values.root ?? path.join(import.meta.dirname, '../..'));
  const name = nameSchema.parse(positionals[0]);
  const port = values.port ? z.coerce.number().int().min(1024).max(65_535).parse(values.port) : nextPort(root);
  const written = createService(root, { name, port });
  await formatWritten(root, written);
  console.log(`services/${name} (port ${port}):`);
  for (const file of written.created) console.log(`  created ${file}`);
  for (const file of written.edited) console.log(`  edited  ${file}`);
  console.log(
    '\nLeft by hand: `npm install` (adds the workspace to package-lock.json); the Secrets ' +
      `(nats-users key ${name}, ${name}-database, ${name}-database-admin; k8s/README.md); its routes and events.`,
  );
}
