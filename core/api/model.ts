/** The typed model built from a specification in the OpenAPI 3 shape. Pure: the loader reads the files. */
import { dereference, formatOf } from './normalize';
import { readLifecycles } from './lifecycle';
import { SpecError } from './source';
import {
  HTTP_METHODS,
  type ApiModel,
  type CortexCmdlet,
  type CortexExtension,
  type HttpMethod,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Response,
  type Schema,
  type Tag,
} from './types';

/** The cmdlets file's content: tags, and operation-shaped entries in the Swagger 2.0 style. */
export type CmdletsFile = { file: string; tags?: Tag[]; cmdlets: Record<string, unknown>[] };

type RawOperation = Omit<Partial<Operation>, 'parameters'> & { parameters?: Parameter[] };
type PathItem = Record<string, unknown> & { parameters?: Parameter[] };

/** The example a request or response body shows: its `example`, else its first named example's value. */
export function mediaExample(media: MediaType | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  return Object.values(media.examples ?? {})[0]?.value;
}

/** The JSON body of a response (or request body): its `application/json` content, else its first. */
export function jsonContent(
  body: { content?: Record<string, MediaType> } | undefined,
): MediaType | undefined {
  const content = body?.content ?? {};
  return content['application/json'] ?? Object.entries(content).find(([type]) => type.includes('json'))?.[1];
}

/** The first 2xx response and its status. */
export function successResponse(operation: Operation): { status: string; response: Response } | undefined {
  const entry = Object.entries(operation.responses).find(([status]) => /^2/.test(status));
  return entry && { status: entry[0], response: entry[1] };
}

function operationsOf(resolved: OpenApiDocument): Operation[] {
  return Object.entries(resolved.paths ?? {}).flatMap(([path, raw]) => {
    const item = (raw ?? {}) as PathItem;
    // In the document's order, as the reference and the cmdlet tables list them.
    const methods = Object.keys(item).filter(
      (key): key is HttpMethod => HTTP_METHODS.includes(key as HttpMethod) && typeof item[key] === 'object',
    );
    return methods.map((method): Operation => {
      const operation = item[method] as RawOperation;
      // Path-level parameters apply unless the operation has its own of the same name and place.
      const own = operation.parameters ?? [];
      const inherited = (item.parameters ?? []).filter(
        (parameter) => !own.some((mine) => mine.name === parameter.name && mine.in === parameter.in),
      );
      return {
        ...operation,
        operationId: operation.operationId ?? `${method} ${path}`,
        method,
        path,
        tags: operation.tags ?? [],
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        parameters: [...inherited, ...own],
        responses: operation.responses ?? {},
      };
    });
  });
}

/** Every string value of every enum in the document. */
function enumValuesOf(document: unknown): Set<string> {
  const values = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value))
        value.forEach((item) => typeof item === 'string' && values.add(item));
      else walk(value);
    }
  };
  walk(document);
  return values;
}

/** Swagger 2.0 keys of a non-body parameter that belong in its OpenAPI 3 `schema`. */
const SCHEMA_KEYS = new Set([
  'type',
  'format',
  'items',
  'enum',
  'default',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'pattern',
  'properties',
  'required',
]);

/**
 * An entry of the cmdlets file (written like a Swagger 2.0 operation) in the model's shape: `in: path`
 * parameters make up its path, in order; responses refer to the specification's schemas by name.
 */
function cmdletEntry(raw: Record<string, unknown>, model: ApiModel, file: string): Operation {
  const schemaNamed = (schema: unknown): Schema | undefined => {
    const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
    if (typeof ref !== 'string') return schema as Schema | undefined;
    const found = model.schemas[ref.split('/').pop() ?? ''];
    if (!found)
      throw new SpecError(`${file}: unresolved reference ${ref} (no such schema in ${model.source})`);
    return found;
  };
  const parameters = ((raw.parameters ?? []) as Record<string, unknown>[]).map((parameter): Parameter => {
    const result: Record<string, unknown> = {};
    const schema: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(parameter)) {
      if (key === 'x-example') result.example = value;
      else if (SCHEMA_KEYS.has(key) && !(key === 'required' && typeof value === 'boolean'))
        schema[key] = value;
      else result[key] = value;
    }
    return { ...(result as Parameter), schema: schema as Schema };
  });
  const responses = Object.fromEntries(
    Object.entries((raw.responses ?? {}) as Record<string, { description?: string; schema?: unknown }>).map(
      ([status, { schema, ...response }]) => [
        status,
        schema ? { ...response, content: { 'application/json': { schema: schemaNamed(schema) } } } : response,
      ],
    ),
  );
  const path = parameters
    .filter((parameter) => parameter.in === 'path')
    .map((parameter) => `/{${parameter.name}}`)
    .join('');
  return {
    ...(raw as Partial<Operation>),
    operationId: (raw.operationId as string | undefined) ?? `get ${path}`,
    method: 'get',
    path,
    tags: (raw.tags as string[] | undefined) ?? [],
    summary: (raw.summary as string | undefined) ?? '',
    description: (raw.description as string | undefined) ?? '',
    parameters,
    responses,
  };
}

/**
 * The cmdlets: one per `x-cortex.cmdlet` of the operations, then one per entry of the cmdlets file. An
 * operation that an entry wraps (it names the entry's cmdlet and the entry lists it in `x-cortex.calls`,
 * as Connect-SMService does the token operation) belongs to that entry's cmdlet.
 */
function cmdletsOf(operations: Operation[], entries: Operation[]): CortexCmdlet[] {
  const fromEntries = entries.map((entry) => ({
    name: String(entry['x-cortex']?.cmdlet),
    operations: [] as Operation[],
    entry,
  }));
  const byName = new Map<string, CortexCmdlet>();
  for (const operation of operations) {
    const name = (operation['x-cortex'] as CortexExtension | undefined)?.cmdlet;
    if (name === undefined) continue;
    const wrapper = fromEntries.find(
      (cmdlet) =>
        cmdlet.name === String(name) &&
        ((cmdlet.entry['x-cortex'] as CortexExtension | undefined)?.calls ?? []).includes(
          operation.operationId,
        ),
    );
    if (wrapper) {
      wrapper.operations.push(operation);
      continue;
    }
    const cmdlet = byName.get(String(name)) ?? { name: String(name), operations: [] };
    cmdlet.operations.push(operation);
    byName.set(cmdlet.name, cmdlet);
  }
  return [...byName.values(), ...fromEntries];
}

function urlParts(url: string | undefined): { basePath: string; host?: string } {
  if (!url) return { basePath: '' };
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
  const parsed = absolute ? new URL(url) : undefined;
  return {
    basePath: (parsed ? parsed.pathname : url).replace(/\/+$/, ''),
    ...(parsed ? { host: parsed.host } : {}),
  };
}

/**
 * The model of a document in the OpenAPI 3 shape (`document`, `$ref`s kept), written originally in
 * `original` format, and of the cmdlets file when there is one.
 */
export function buildModel(
  document: OpenApiDocument,
  options: { source: string; format?: ApiModel['format']; cmdlets?: CmdletsFile },
): ApiModel {
  const { resolved, names } = dereference(document, options.source);
  const format = options.format ?? formatOf(document);
  const schemas = (resolved.components?.schemas ?? {}) as Record<string, Schema>;
  const operations = operationsOf(resolved);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const serverUrl = resolved.servers?.[0]?.url;
  const model: ApiModel = {
    source: options.source,
    format,
    document,
    title: resolved.info?.title ?? '',
    version: resolved.info?.version,
    description: resolved.info?.description,
    serverUrl,
    ...urlParts(serverUrl),
    tags: resolved.tags ?? [],
    operations,
    schemas,
    schemaName: (schema) => (schema ? names.get(schema) : undefined),
    schemaPointer: (name) =>
      `${format === 'swagger-2.0' ? '#/definitions/' : '#/components/schemas/'}${name}`,
    enumValues: enumValuesOf(document),
    operation: (operationId) => byId.get(operationId),
    cmdlets: [],
    cmdletTags: options.cmdlets?.tags ?? [],
    cmdletsFile: options.cmdlets?.file,
    lifecycles: readLifecycles(document, options.source),
  };
  const entries = (options.cmdlets?.cmdlets ?? []).map((raw) =>
    cmdletEntry(raw, model, options.cmdlets!.file),
  );
  model.cmdlets = cmdletsOf(operations, entries);
  return model;
}
