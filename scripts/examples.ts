import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  jsonContent,
  mediaExample,
  successResponse,
  type ApiModel,
  type Schema as ModelSchema,
} from '@services-manager-docs/core/api';
import { parseTree, walk } from '../plugins/content-model/parse';

/**
 * Request and response examples in the guides, checked against the REST API v2 specification. A code
 * block declares the operation it belongs to in its meta: ```json request=createCustomer or
 * ```json response=createCustomer 202 (an ```http block's body after its headers counts the same).
 */

export type CodeBlock = { line: number; lang: string; meta: string; body: string };
export type Declaration = {
  kind: 'request' | 'response';
  operationId: string;
  status?: string;
  text: string;
};

type Schema = Record<string, unknown>;

/**
 * The code blocks of a page with the line of their opening fence, read with the site's Markdown parser
 * (plugins/content-model): an indented block's body comes dedented. `file` decides MD or MDX.
 */
export function codeBlocks(source: string, file = 'page.md'): CodeBlock[] {
  return [...walk(parseTree(file, source))]
    .filter((node) => node.type === 'code')
    .map((node) => ({
      line: node.position?.start.line ?? 0,
      lang: node.lang ?? '',
      meta: (node.meta ?? '').trim(),
      body: node.value ?? '',
    }));
}

/** `request=createCustomer` or `response=createCustomer 202` in a code block's meta. */
export function parseDeclaration(meta: string): Declaration | string | undefined {
  const match = /\b(request|response)=(\S*)(?:\s+(\S+))?/.exec(meta);
  if (!match) return undefined;
  const [text, kind, operationId, status] = match;
  if (!/^[a-z][A-Za-z0-9]*$/.test(operationId))
    return `"${text}" needs an operationId, e.g. ${kind}=createCustomer`;
  if (kind === 'response' && !/^\d{3}$/.test(status ?? ''))
    return `"${text}" needs the HTTP status after the operationId, e.g. response=${operationId} 200`;
  return {
    kind: kind as Declaration['kind'],
    operationId,
    status: kind === 'response' ? status : undefined,
    text,
  };
}

/** An HTTP message written out: a request line or a status line first. */
const HTTP_MESSAGE = /^\s*(HTTP\/[\d.]+ \d{3}|(GET|POST|PUT|PATCH|DELETE) \S+)/;
const isHttp = (block: CodeBlock) =>
  block.lang === 'http' || (block.lang === 'text' && HTTP_MESSAGE.test(block.body));

/** The JSON a block shows: the whole block, or an HTTP message's body after the first blank line. */
export function exampleJson(block: CodeBlock): string {
  if (!isHttp(block)) return block.body;
  const blank = block.body.search(/\n\s*\n/);
  return blank < 0 ? '' : block.body.slice(blank).trim();
}

/**
 * The model's schemas as JSON Schema for Ajv: objects list every property they allow (an example may
 * not invent one), and Swagger's `file` type accepts anything.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const result: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example' || key === 'examples' || key.startsWith('x-')) continue;
    result[key] = key === 'properties' ? mapValues(value as Schema, toJsonSchema) : toJsonSchema(value);
  }
  if (result.type === 'file') delete result.type;
  if (result.properties && result.additionalProperties === undefined) result.additionalProperties = false;
  return result;
}

const mapValues = (object: Schema, fn: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, fn(value)]));

/** Backquoted codes in a description: "HTTP errors use `ValidationFailed`, `InvalidFilter` …". */
const quotedCodes = (text: unknown) =>
  [...String(text ?? '').matchAll(/`([A-Z][A-Za-z]+)`/g)].map((match) => match[1]);

export type Validator = (declaration: Declaration, value: unknown) => string[];

/**
 * Validates an example against its operation's request body or response schema. An error response
 * (the `Error` model) must also use a code the model lists, and detail codes the specification uses.
 */
export function createValidator(model: ApiModel): Validator {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'])
    ajv.addFormat(format, true);
  // A named schema is a reference to it, so recursive schemas stay finite and errors name their place.
  const LOCAL = '#/components/schemas/';
  const withRefs = (schema: ModelSchema, root = true): unknown => {
    const name = model.schemaName(schema);
    if (name && !root) return { $ref: `${LOCAL}${name}` };
    const walk = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(walk)
        : value && typeof value === 'object'
          ? withRefs(value as ModelSchema, false)
          : value;
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        key === 'properties'
          ? mapValues(value as Schema, walk)
          : key === 'example' || key === 'enum' || key === 'default'
            ? value
            : walk(value),
      ]),
    );
  };
  const schemas = toJsonSchema(
    mapValues(model.schemas, (schema) => withRefs(schema as ModelSchema)),
  ) as Schema;
  const property = (schema: string, name: string) => model.schemas[schema]?.properties?.[name];
  const errorCodes = new Set(quotedCodes(property('Error', 'code')?.description));
  const detailCodes = new Set<string>();
  JSON.stringify(model.document, (key, value) => {
    if (key === 'details' && Array.isArray(value))
      for (const detail of value) if (typeof detail?.code === 'string') detailCodes.add(detail.code);
    return value;
  });
  const detailExample = property('ErrorDetail', 'code')?.example;
  if (typeof detailExample === 'string') detailCodes.add(detailExample);
  const compiled = new Map<string, ValidateFunction>();
  // Where each schema object sits in the specification, so an error names `#/definitions/Customer/required`.
  const pointers = new Map<unknown, string>();
  const index = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object' || pointers.has(node)) return;
    pointers.set(node, pointer);
    for (const [key, value] of Object.entries(node)) index(value, `${pointer}/${key}`);
  };
  for (const [name, schema] of Object.entries(schemas)) index(schema, model.schemaPointer(name));

  /** The operation's request or response body schema, or what is missing. */
  const schemaFor = (declaration: Declaration): ModelSchema | string => {
    const operation = model.operation(declaration.operationId);
    if (!operation) return `no operation "${declaration.operationId}" in the specification`;
    if (declaration.kind === 'request') {
      return jsonContent(operation.requestBody)?.schema ?? `${declaration.operationId} takes no request body`;
    }
    const response = operation.responses[declaration.status as string];
    if (!response)
      return `${declaration.operationId} has no ${declaration.status} response (it has ${Object.keys(operation.responses).join(', ')})`;
    return (
      jsonContent(response)?.schema ??
      `the ${declaration.status} response of ${declaration.operationId} has no body`
    );
  };

  return (declaration, value) => {
    const schema = schemaFor(declaration);
    if (typeof schema === 'string') return [schema];
    const root = model.schemaName(schema);
    const key = `${declaration.kind} ${declaration.operationId} ${declaration.status ?? ''}`;
    let validate = compiled.get(key);
    if (!validate) {
      const body = (root ? schemas[root] : toJsonSchema(withRefs(schema))) as Schema;
      const whole = { ...body, components: { schemas } };
      if (!root) index(body, '#');
      pointers.set(whole, root ? model.schemaPointer(root) : '#');
      validate = ajv.compile(whole);
      compiled.set(key, validate);
    }
    const problems = validate(value)
      ? []
      : (validate.errors ?? []).map(
          (error) =>
            `${error.instancePath || '(the body)'} ${error.message}${error.keyword === 'additionalProperties' ? ` ("${(error.params as { additionalProperty: string }).additionalProperty}")` : ''} (schema ${pointers.has(error.parentSchema) ? `${pointers.get(error.parentSchema)}/${error.keyword}` : error.schemaPath})`,
        );
    if (root === 'Error' && value && typeof value === 'object') {
      const error = value as { code?: unknown; details?: { code?: unknown }[] };
      if (typeof error.code === 'string' && !errorCodes.has(error.code))
        problems.push(
          `/code "${error.code}" is not an error code of the Error model (${[...errorCodes].join(', ')})`,
        );
      for (const [i, detail] of (Array.isArray(error.details) ? error.details : []).entries())
        if (typeof detail?.code === 'string' && !detailCodes.has(detail.code))
          problems.push(
            `/details/${i}/code "${detail.code}" is not a detail code the specification uses (${[...detailCodes].join(', ')})`,
          );
    }
    return problems;
  };
}

/**
 * Problems with a page's examples, each as `file:line: …`: a declared block that is not JSON or does
 * not match its schema, and an undeclared JSON object that reads like an API body (an HTTP message's
 * body, or more than half of its top-level properties belong to one definition of the specification).
 */
export function exampleProblems(
  file: string,
  source: string,
  model: ApiModel,
  validate: Validator,
): string[] {
  const problems: string[] = [];
  const definitions = Object.entries(model.schemas).map(
    ([name, schema]) => [name, new Set(Object.keys(schema.properties ?? {}))] as const,
  );
  for (const block of codeBlocks(source, file)) {
    if (block.lang !== 'json' && !isHttp(block)) continue;
    const where = `${file}:${block.line}`;
    const declaration = parseDeclaration(block.meta);
    if (typeof declaration === 'string') {
      problems.push(`${where}: ${declaration}`);
      continue;
    }
    const text = exampleJson(block);
    if (!declaration) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        continue;
      }
      const keys = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
      const shared = (properties: Set<string>) => keys.filter((key) => properties.has(key)).length;
      const [match] = definitions
        .filter(([, properties]) => shared(properties) * 2 > keys.length)
        .sort((a, b) => shared(b[1]) - shared(a[1]));
      // Every HTTP message with a JSON body is an example of an operation.
      if (keys.length && (match || isHttp(block)))
        problems.push(
          `${where}: this JSON reads like an API body${match ? ` (${match[0]})` : ''}; declare its operation in the fence: \`\`\`json request=operationId or response=operationId status`,
        );
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push(
        `${where}: ${declaration.text}: the example is not valid JSON (${(error as Error).message})`,
      );
      continue;
    }
    for (const problem of validate(declaration, value))
      problems.push(`${where}: ${declaration.text}: ${problem}`);
  }
  return problems;
}

/* ------------------------------------------------------------------------------------------------ */
/* Example coherence: the specification's own examples tell one story.                              */
/* ------------------------------------------------------------------------------------------------ */

const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * The request body example the reference and Cortex pages show: each property's own `example`, an
 * enumeration's first value, `true` for a boolean; properties without one are left out (they show a
 * placeholder, which says nothing about the response).
 */
export function requestExample(schema: ModelSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (schema['x-example'] !== undefined) return schema['x-example'];
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  if (schema.type === 'boolean') return true;
  if (isObject(schema.properties)) {
    const entries = Object.entries(schema.properties)
      .filter(([, property]) => !property.readOnly)
      .map(([key, property]) => [key, requestExample(property, depth + 1)] as const)
      .filter(([, value]) => value !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return undefined;
}

/** Scalar leaves of `request` that `response` also has, with a different value: `contact.email`. */
function differingFields(request: unknown, response: unknown, prefix = ''): string[] {
  if (!isObject(request) || !isObject(response)) return [];
  return Object.entries(request).flatMap(([key, value]) => {
    if (!(key in response)) return [];
    const other = response[key];
    if (isObject(value)) return differingFields(value, other, `${prefix}${key}.`);
    if (Array.isArray(value) && Array.isArray(other)) {
      const sorted = (list: unknown[]) => JSON.stringify(list.map((entry) => JSON.stringify(entry)).sort());
      return sorted(value) === sorted(other)
        ? []
        : [`${prefix}${key} (request ${JSON.stringify(value)}, response ${JSON.stringify(other)})`];
    }
    if (Array.isArray(value) || value === undefined || other === undefined) return [];
    return value === other
      ? []
      : [`${prefix}${key} (request ${JSON.stringify(value)}, response ${JSON.stringify(other)})`];
  });
}

/** One clause of a simple `$filter`: `prop eq 'x'`, `prop ne 5`, `startswith(prop,'x')`, `contains(…)`. */
type Clause = { property: string; op: 'eq' | 'ne' | 'startswith' | 'contains'; value: unknown };

const literal = (text: string): unknown => {
  const quoted = /^'(.*)'$/.exec(text);
  if (quoted) return quoted[1].replace(/''/g, "'");
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
};

/**
 * The clauses of a filter made of `and`-joined simple comparisons, or undefined when it uses anything
 * else (`or`, `not`, brackets, `gt` …): such a filter is not checked.
 */
export function simpleFilter(filter: string): Clause[] | undefined {
  const parts = filter.split(/\s+and\s+/);
  const clauses: Clause[] = [];
  for (const part of parts.map((text) => text.trim())) {
    const fn = /^(startswith|contains)\(\s*([\w/]+)\s*,\s*('(?:[^']|'')*')\s*\)$/.exec(part);
    if (fn) {
      clauses.push({ property: fn[2], op: fn[1] as Clause['op'], value: literal(fn[3]) });
      continue;
    }
    const cmp = /^([\w/]+)\s+(eq|ne)\s+('(?:[^']|'')*'|[\w.:+-]+)$/.exec(part);
    if (!cmp) return undefined;
    clauses.push({ property: cmp[1], op: cmp[2] as Clause['op'], value: literal(cmp[3]) });
  }
  return clauses;
}

/** Why an entry does not satisfy a clause, or undefined when it does (or lacks the property). */
function unmet(entry: Record<string, unknown>, clause: Clause): string | undefined {
  const actual = clause.property
    .split('/')
    .reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), entry);
  if (actual === undefined) return undefined;
  const ok =
    clause.op === 'eq'
      ? actual === clause.value
      : clause.op === 'ne'
        ? actual !== clause.value
        : typeof actual === 'string' &&
          typeof clause.value === 'string' &&
          (clause.op === 'startswith'
            ? actual.toLowerCase().startsWith(clause.value.toLowerCase())
            : actual.toLowerCase().includes(clause.value.toLowerCase()));
  return ok
    ? undefined
    : `${clause.property} is ${JSON.stringify(actual)}, which does not satisfy ${clause.op === 'eq' || clause.op === 'ne' ? `${clause.property} ${clause.op} ${JSON.stringify(clause.value)}` : `${clause.op}(${clause.property},${JSON.stringify(clause.value)})`}`;
}

/** Request body ids and the `target.type`s of a queued request that must carry the same id. */
const TARGET_IDS: Record<string, string[]> = {
  userId: ['User'],
  itemId: ['CustomerItem', 'WorkspaceItem'],
};

/**
 * Contradictions between an operation's examples, each as `operationId: …` naming the field:
 * - a field of the request body example that the success response example (for a `Request`, its
 *   `target`) also has, with another value (`name`: Contoso in, Adatum out);
 * - a path parameter's example that the response gives another value: a property of the same name
 *   (`customerId`), or the `id` of the resource the path ends with (`target.id` of a queued request);
 * - an entry of a list example that does not satisfy the `$filter` example in the operation's
 *   description (`eq`, `ne`, `startswith`, `contains`, joined by `and`), or whose parent id differs
 *   from the path's.
 */
export function coherenceProblems(model: ApiModel): string[] {
  const problems: string[] = [];
  for (const operation of model.operations) {
    const { operationId: id, path, parameters } = operation;
    const success = successResponse(operation);
    if (!success) continue;
    const media = jsonContent(success.response);
    const example = mediaExample(media);
    if (!isObject(example)) continue;
    const isRequest = model.schemaName(media?.schema) === 'Request';
    const entries = Array.isArray(example.items) ? example.items.filter(isObject) : undefined;
    const subjects = entries ?? [example];

    // The request body against the response.
    const sent = requestExample(jsonContent(operation.requestBody)?.schema);
    if (isObject(sent) && !entries) {
      const subject = isRequest && isObject(example.target) ? example.target : example;
      for (const field of differingFields(sent, subject))
        problems.push(`${id}: the response example contradicts the request example: ${field}`);
      // The id the request names is the one the queued request acts on, or an entry of the result.
      const target = isRequest && isObject(example.target) ? example.target : undefined;
      for (const [key, types] of Object.entries(TARGET_IDS)) {
        const named = sent[key];
        if (typeof named !== 'string') continue;
        if (target && types.includes(String(target.type)) && target.id !== named)
          problems.push(
            `${id}: the response example contradicts the request example: ${key} is ${JSON.stringify(named)}, target.id is ${JSON.stringify(target.id)}`,
          );
        const listed = Array.isArray(example.items) ? example.items.filter(isObject) : undefined;
        if (!target && listed && !listed.some((entry) => entry.id === named))
          problems.push(
            `${id}: the response example contradicts the request example: ${key} ${JSON.stringify(named)} is not among its items`,
          );
      }
    }

    // Path parameters against the response.
    const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    for (const name of pathNames) {
      const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
      const value = parameter?.example ?? parameter?.['x-example'];
      if (value === undefined) continue;
      const own = path.endsWith(`{${name}}`) || (isRequest && path.startsWith('/requests/{requestId}'));
      // A log that includes child requests lists their entries too, each with the child's id.
      const children = parameters.some((candidate) => candidate.name === 'includeChildren');
      for (const [i, subject] of subjects.entries()) {
        const where = entries ? `items[${i}].` : '';
        if (name in subject && subject[name] !== value && !(entries && children))
          problems.push(
            `${id}: ${where}${name} is ${JSON.stringify(subject[name])} in the response example, but the path parameter {${name}} is ${JSON.stringify(value)}`,
          );
        if (!own || entries) continue;
        const field = isRequest && !path.startsWith('/requests/') ? 'target.id' : 'id';
        const actual = field === 'id' ? subject.id : isObject(subject.target) ? subject.target.id : undefined;
        // A queued request may act on any resource of its path (a user's item: the user or the item).
        const allowed =
          field === 'target.id'
            ? pathNames.map(
                (other) =>
                  parameters.find((candidate) => candidate.in === 'path' && candidate.name === other)
                    ?.example,
              )
            : [value];
        if (actual !== undefined && !allowed.includes(actual))
          problems.push(
            `${id}: ${field} is ${JSON.stringify(actual)} in the response example, but the path parameter {${name}} is ${JSON.stringify(value)}`,
          );
      }
    }

    // A list against the filter its description shows.
    const filter = /Example: `\$filter=([^`&]*)/.exec(operation.description ?? '')?.[1];
    const clauses = entries && filter ? simpleFilter(filter) : undefined;
    for (const [i, entry] of (clauses ? (entries ?? []) : []).entries())
      for (const clause of clauses ?? []) {
        const why = unmet(entry, clause);
        if (why) problems.push(`${id}: items[${i}] does not satisfy the example filter "${filter}": ${why}`);
      }
  }
  return problems;
}
