/**
 * Every object against the OpenAPI schema of its apiVersion and kind, as the npm package kubernetes-models
 * ships it (5.x: Kubernetes 1.36). Each model class validates with a precompiled ajv function: `validate()`
 * throws with `data/<path> <message>`. A kind the package has no model for is a problem too: an object no
 * schema checks could be anything.
 *
 * The schemas allow unknown fields (as the OpenAPI documents do), so a misspelt field passes here; the rules
 * catch the misspellings that matter (a probe, a security setting, a limit is then missing).
 */
import { objectId, type K8sObject } from './manifests';
import { problem, type Problem } from './problems';

const API_VERSION = /^(?:[a-z0-9]+(?:[.-][a-z0-9]+)*\/)?v\d+(?:(?:alpha|beta)\d+)?$/;
const KIND = /^[A-Z][A-Za-z0-9]*$/;

interface ModelClass {
  new (data: unknown): { validate(): void };
  apiVersion: string;
  kind: string;
}

function isModelClass(value: unknown): value is ModelClass {
  return (
    typeof value === 'function' &&
    'apiVersion' in value &&
    'kind' in value &&
    typeof (value.prototype as { validate?: unknown } | undefined)?.validate === 'function'
  );
}

const models = new Map<string, Promise<ModelClass | null>>();

/** The model class of an apiVersion and kind (each module is `kubernetes-models/<apiVersion>/<Kind>`). */
function modelOf(apiVersion: string, kind: string): Promise<ModelClass | null> {
  const key = `${apiVersion}/${kind}`;
  let model = models.get(key);
  if (!model) {
    model =
      API_VERSION.test(apiVersion) && KIND.test(kind)
        ? import(`kubernetes-models/${apiVersion}/${kind}`).then(
            (module: Record<string, unknown>) => {
              const candidate = module[kind];
              return isModelClass(candidate) && candidate.apiVersion === apiVersion ? candidate : null;
            },
            () => null,
          )
        : Promise.resolve(null);
    models.set(key, model);
  }
  return model;
}

export async function checkSchema(object: K8sObject): Promise<Problem[]> {
  const Model = await modelOf(object.apiVersion, object.kind);
  if (!Model) {
    return [problem(objectId(object), 'schema', `no Kubernetes schema for ${object.apiVersion} ${object.kind}`)];
  }
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [problem(objectId(object), 'schema', error instanceof Error ? error.message : String(error))];
  }
}

export async function checkSchemas(objects: readonly K8sObject[]): Promise<Problem[]> {
  return (await Promise.all(objects.map(checkSchema))).flat();
}
