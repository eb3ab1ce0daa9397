import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  jsonContent,
  mediaExample,
  successResponse,
  type ApiModel,
  type Operation,
  type Schema as ModelSchema,
} from '@services-manager-docs/core/api';
import { parseTree, walk } from '../plugins/content-model/parse';
import { exampleFor, isPage } from '../plugins/api-reference/schema';
import { HEADER_CODES, QUERY_OPTION_CODES } from '../plugins/api-reference/cortex/errors';
import {
  filterProperties,
  orderOf,
  parseFilter,
  satisfies,
  valueAt,
} from '../plugins/api-reference/cortex/filter';
import type { Cmdlet, CortexReference } from '../plugins/api-reference/cortex/model';
import { readInvocations, readListOutput } from '../plugins/api-reference/cortex/powershell';
import { restPageId } from '../plugins/api-reference/cortex/reference';
import { COMMON_PARAMETERS, parameterName } from '../plugins/api-reference/cortex/rules';
import {
  allowedWhen,
  disallowed,
  examplePath,
  names,
  readObjects,
  restriction,
} from '../plugins/api-reference/cortex/targets';

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

/** The request body example the reference and Cortex pages show (plugins/api-reference/schema.ts). */
export function requestExample(schema: ModelSchema | undefined): unknown {
  return schema ? exampleFor(schema) : undefined;
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

/** Request body ids and the `target.type`s of a queued request that must carry the same id. */
const TARGET_IDS: Record<string, string[]> = {
  userId: ['User'],
  itemId: ['CustomerItem', 'WorkspaceItem'],
};

/**
 * The resource an operation answers with, when it is one its path names: the longest part of the path
 * ending with a parameter that a get operation reads with the same schema (`/workspace/lists/{listId}`
 * for removing an item from a list, which answers with the list), else the path's last parameter. The
 * get operation is the resource as it was before a change.
 */
export function ownResource(
  model: ApiModel,
  operation: Operation,
): { path: string; parameter: string; read?: Operation } | undefined {
  const schema = model.schemaName(jsonContent(successResponse(operation)?.response)?.schema);
  const prefixes = [...operation.path.matchAll(/\{([^}]+)\}/g)]
    .map((match) => ({ path: operation.path.slice(0, match.index + match[0].length), parameter: match[1] }))
    .reverse();
  for (const prefix of prefixes) {
    const read = model.operations.find(
      (candidate) =>
        candidate.method === 'get' &&
        candidate.path === prefix.path &&
        schema !== undefined &&
        model.schemaName(jsonContent(successResponse(candidate)?.response)?.schema) === schema,
    );
    if (read) return { ...prefix, read };
  }
  return prefixes[0] && operation.path.endsWith(`{${prefixes[0].parameter}}`) ? prefixes[0] : undefined;
}

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
    // A page's entries; an object with an `items` array of its own (a Workspace list) is one object.
    // (Without a schema, an `items` array is taken for a page.)
    const entries =
      (media?.schema ? isPage(media.schema) : true) && Array.isArray(example.items)
        ? example.items.filter(isObject)
        : undefined;
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

    // Path parameters against the response: their examples, or the object in an allowed state that the
    // examples of an operation the lifecycle restricts act on instead (plugins/api-reference/cortex/targets.ts).
    const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    const chosen = examplePath(model, operation);
    const exampleOf = (name: string) => {
      const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
      return chosen?.[name] ?? parameter?.example ?? parameter?.['x-example'];
    };
    for (const name of pathNames) {
      const value = exampleOf(name);
      if (value === undefined) continue;
      const own =
        name === ownResource(model, operation)?.parameter ||
        (isRequest && path.startsWith('/requests/{requestId}'));
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
        const allowed = field === 'target.id' ? pathNames.map(exampleOf) : [value];
        if (actual !== undefined && !allowed.includes(actual))
          problems.push(
            `${id}: ${field} is ${JSON.stringify(actual)} in the response example, but the path parameter {${name}} is ${JSON.stringify(value)}`,
          );
      }
    }
  }
  return problems;
}

/* ------------------------------------------------------------------------------------------------ */
/* Generated examples: what the REST and Cortex pages show tells the same story as the call.        */
/* ------------------------------------------------------------------------------------------------ */

/** One example a generated page shows: the call it makes and what it shows the API answered. */
export type GeneratedExample = {
  /** The page and example, for messages: `REST createBillingRule`, `New-SMBillingRule, example 1`. */
  where: string;
  operation: Operation;
  sent: {
    body?: unknown;
    /** Path parameters by their name in the specification. */
    path: Record<string, unknown>;
    filter?: string;
    orderBy?: string;
    /** `$top` (REST) or `-First` (Cortex). */
    top?: number;
  };
  /** Cortex follows `nextLink` and returns every entry up to `-First`; a REST call returns one page. */
  followsNextLink?: boolean;
  /** The answer: one object, or the entries of a page. */
  shown?: { object?: Record<string, unknown>; entries?: Record<string, unknown>[] };
};

/** A REST operation page's Markdown, as the reference generator writes it. */
export type RestPage = { operationId: string; markdown: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (value: unknown) => JSON.stringify(value);

/** The sections of a generated page by heading (`### Request body`, `### 201 Created …`). */
function sections(markdown: string): { heading: string; body: string }[] {
  return markdown
    .split(/^(?=#{2,3} )/m)
    .map((part) => ({ heading: part.split('\n')[0], body: part.slice(part.indexOf('\n') + 1) }));
}

const jsonAfterExample = (body: string): unknown => {
  const match = /Example:\s*```json\n([\s\S]*?)\n```/.exec(body);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]);
  } catch {
    return undefined;
  }
};

/** The values a concrete path gives its template's parameters: `/users/{userId}` ← `/users/4d8f…`. */
function pathValues(template: string, url: string): Record<string, unknown> {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, name) => {
    names.push(name);
    return '([^/?]+)';
  });
  const match = new RegExp(`${pattern}(?:\\?|$)`).exec(url);
  return Object.fromEntries(
    names.map((name, i) => [name, match ? decodeURIComponent(match[i + 1]) : undefined]),
  );
}

/** The example a REST operation page shows: its code samples' call, the request body, the success answer. */
export function restExample(model: ApiModel, page: RestPage): GeneratedExample | undefined {
  const operation = model.operation(page.operationId);
  if (!operation) return undefined;
  const parts = sections(page.markdown);
  const url = /curl -X \w+ '([^']+)'/.exec(page.markdown)?.[1] ?? '';
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  const body = jsonAfterExample(
    parts.find((part) => part.heading.startsWith('### Request body'))?.body ?? '',
  );
  const success = successResponse(operation);
  const answer = jsonAfterExample(
    parts.find((part) => success && part.heading.startsWith(`### ${success.status} `))?.body ?? '',
  );
  const schema = jsonContent(success?.response)?.schema;
  return {
    where: `REST ${operation.operationId}`,
    operation,
    sent: {
      ...(body !== undefined ? { body } : {}),
      path: pathValues(operation.path, url),
      ...(query.get('$filter') ? { filter: query.get('$filter')! } : {}),
      ...(query.get('$orderby') ? { orderBy: query.get('$orderby')! } : {}),
      ...(query.get('$top') ? { top: Number(query.get('$top')) } : {}),
    },
    ...(isObject(answer)
      ? {
          shown:
            isPage(schema) && Array.isArray(answer.items)
              ? { entries: answer.items.filter(isObject) }
              : { object: answer },
        }
      : {}),
  };
}

/** The parameter set a call fits: every argument is one of its parameters, every mandatory one is given. */
function setOf(cmdlet: Cmdlet, args: Record<string, unknown>, piped: boolean) {
  const given = Object.keys(args).filter(
    (name) =>
      !name.startsWith('#') && !COMMON_PARAMETERS.includes(name) && !/^(Wait|TimeoutSeconds)$/.test(name),
  );
  const named = (set: Cmdlet['sets'][number], name: string) =>
    set.parameters.find(
      (parameter) =>
        parameter.name.toLowerCase() === name.toLowerCase() ||
        parameter.aliases.some((alias) => alias.toLowerCase() === name.toLowerCase()),
    );
  return cmdlet.sets.find(
    (set) =>
      given.every((name) => named(set, name)) &&
      set.parameters.every(
        (parameter) =>
          !parameter.required ||
          (piped && parameter.pipeline) ||
          given.some((name) => named(set, name) === parameter),
      ),
  );
}

/**
 * The examples a cmdlet page shows, each read back from its text: the last `Verb-SM` call of its code
 * (whose result the output shows) and the output in PowerShell's list view. A call that fits none of
 * the cmdlet's parameter sets is a problem.
 */
export function cortexExamples(
  model: ApiModel,
  reference: CortexReference,
  cmdlet: Cmdlet,
): { examples: GeneratedExample[]; problems: string[] } {
  const examples: GeneratedExample[] = [];
  const problems: string[] = [];
  for (const [i, example] of cmdlet.examples.entries()) {
    const where = `${cmdlet.name}, example ${i + 1} (${example.title})`;
    const calls = readInvocations(example.code);
    for (const [n, call] of calls.entries()) {
      const called = reference.cmdlets.find((candidate) => candidate.name === call.name);
      if (!called) {
        problems.push(`${where}: calls ${call.name}, which is not a cmdlet of the reference`);
        continue;
      }
      const set = setOf(called, call.args, call.piped);
      if (!set) {
        problems.push(
          `${where}: ${call.name} ${Object.keys(call.args)
            .map((name) => `-${name}`)
            .join(' ')} fits none of its parameter sets`,
        );
        continue;
      }
      if (n !== calls.length - 1) continue;
      const base = set.name.replace(/InputObject$/, '').toLowerCase();
      const operation = model.operations.find((candidate) => candidate.operationId.toLowerCase() === base);
      if (!operation || called.name !== cmdlet.name) continue;
      const renames = operation['x-cortex']?.parameters;
      const argument = (name: string) => {
        const wanted = parameterName(name, renames).toLowerCase();
        const parameter = set.parameters.find((candidate) => candidate.name.toLowerCase() === wanted);
        const key = Object.keys(call.args).find(
          (arg) =>
            arg.toLowerCase() === wanted ||
            parameter?.aliases.some((alias) => alias.toLowerCase() === arg.toLowerCase()),
        );
        return key === undefined ? undefined : call.args[key];
      };
      const path = Object.fromEntries(
        operation.parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => [parameter.name, argument(parameter.name)]),
      );
      const bodySchema = jsonContent(operation.requestBody)?.schema;
      let body: unknown;
      if (call.args.InputObject !== undefined) body = call.args.InputObject;
      else if (bodySchema?.properties) {
        // `-ItemIds 'a'` is a list of one: PowerShell binds a single value to an array parameter.
        const entries = Object.entries(bodySchema.properties)
          .map(([key, property]) => {
            const value = argument(key);
            return [
              key,
              property.type === 'array' && value !== undefined && !Array.isArray(value) ? [value] : value,
            ] as const;
          })
          .filter(([, value]) => value !== undefined);
        if (entries.length) body = Object.fromEntries(entries);
      }
      const filter = argument('$filter');
      const orderBy = argument('$orderby');
      const top = argument('$top');
      const schema = jsonContent(successResponse(operation)?.response)?.schema;
      const entrySchema = isPage(schema) ? schema?.properties?.items?.items : schema;
      const objects = example.output ? readListOutput(example.output, entrySchema) : undefined;
      if (objects && objects.length > 1 && !isPage(schema))
        problems.push(
          `${where}: the output shows ${objects.length} objects, but ${operation.operationId} answers one ${model.schemaName(schema) ?? 'object'}`,
        );
      examples.push({
        where,
        operation,
        sent: {
          ...(body !== undefined ? { body } : {}),
          path,
          ...(typeof filter === 'string' ? { filter } : {}),
          ...(typeof orderBy === 'string' ? { orderBy } : {}),
          ...(top !== undefined && !Number.isNaN(Number(top)) ? { top: Number(top) } : {}),
        },
        followsNextLink: true,
        ...(objects?.length ? { shown: isPage(schema) ? { entries: objects } : { object: objects[0] } } : {}),
      });
    }
  }
  return { examples, problems };
}

/** Deep equality of JSON values; objects whatever their key order. */
function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => same(a[key], b[key]));
  }
  return a === b;
}

/** `before` with `change` applied as a merge patch: objects merge, anything else replaces. */
function merged(before: unknown, change: unknown): unknown {
  if (!isObject(before) || !isObject(change)) return change;
  const result: Record<string, unknown> = { ...before };
  for (const [key, value] of Object.entries(change)) result[key] = merged(before[key], value);
  return result;
}

/** Every string at a `format: uuid` place of a value that is not a UUID, as `path ("value")`. */
function notUuids(value: unknown, schema: ModelSchema | undefined, at = ''): string[] {
  if (!schema || value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => notUuids(item, schema.items, `${at}[${i}]`));
  if (isObject(value))
    return Object.entries(value).flatMap(([key, item]) =>
      notUuids(
        item,
        schema.properties?.[key] ??
          (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined),
        at ? `${at}.${key}` : key,
      ),
    );
  return schema.format === 'uuid' && typeof value === 'string' && !UUID.test(value)
    ? [`${at || '(the value)'} is ${text(value)}`]
    : [];
}

/** The ids of a list of objects with `id`s, or undefined when it is not one. */
const idsOf = (value: unknown) =>
  Array.isArray(value) && value.every((item) => isObject(item) && 'id' in item)
    ? value.map((item) => (item as Record<string, unknown>).id)
    : undefined;

/** When an object was last changed (`updatedAt`), as a number; NaN without one. */
const changedAt = (value: Record<string, unknown>) =>
  typeof value.updatedAt === 'string' ? Date.parse(value.updatedAt) : NaN;

/**
 * A resource as it was before a change that answers with `after`: of the states the examples show of
 * it (the get example `read`, and what the other changes of the same resource answer), the last one
 * changed before `after` was; the get example when `after` shows no time or nothing came before it.
 * So the examples of changes made one after another (a list renamed at 10:35, an item added at 10:40)
 * each start where the one before ended.
 */
function stateBefore(
  model: ApiModel,
  operation: Operation,
  read: Operation,
  after: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const base = mediaExample(jsonContent(successResponse(read)?.response));
  if (!isObject(base)) return undefined;
  const at = changedAt(after);
  if (Number.isNaN(at)) return base;
  const states = [
    base,
    ...model.operations
      .filter((other) => other !== operation && other !== read && ownResource(model, other)?.read === read)
      .map((other) => mediaExample(jsonContent(successResponse(other)?.response))),
  ].filter(
    (state): state is Record<string, unknown> =>
      isObject(state) && state.id === after.id && changedAt(state) < at,
  );
  return states.sort((a, b) => changedAt(a) - changedAt(b)).at(-1) ?? base;
}

/**
 * Problems with one generated example, each `where: …`:
 * - a list shows an entry its own call's `$filter` excludes, or entries out of its `$orderby`;
 * - a list shows another number of entries than its call returns: one page of `$top` (its default when
 *   not sent) for a REST call, every entry up to `-First` for a cmdlet, of the example's `totalCount`;
 * - a created object lacks or changes what was sent, or shows a property the call could send and did
 *   not (unless it is the property's default: a dry run only when one was asked for);
 * - a changed object differs from the object before the change (the get example of the same resource,
 *   or the last change of it before this one) in more than what was sent, what the API keeps itself
 *   (read-only properties), and the member added or removed;
 * - a queued request that has not started has child requests;
 * - a queued request acts on another object than the one the call names, or counts other than the
 *   entries sent;
 * - an id is not in the API's format (a UUID where the schema says `format: uuid`);
 * - an operation the `x-lifecycle` restricts (to states, or to a property's value) acts on an object
 *   that a read example shows in a state or with a value where it is not allowed.
 */
export function generatedExampleProblems(model: ApiModel, example: GeneratedExample): string[] {
  const { where, operation, sent, shown } = example;
  const problems: string[] = [];
  const responseSchema = jsonContent(successResponse(operation)?.response)?.schema;
  const bodySchema = jsonContent(operation.requestBody)?.schema;
  const schemaName = model.schemaName(responseSchema);
  const entrySchema = isPage(responseSchema) ? responseSchema?.properties?.items?.items : responseSchema;

  // Ids in the API's format.
  for (const [i, subject] of (shown?.entries ?? (shown?.object ? [shown.object] : [])).entries())
    for (const id of notUuids(subject, entrySchema))
      problems.push(
        `${where}: ${shown?.entries ? `entry ${i + 1}: ` : ''}${id} in the output, not a UUID (the schema's format is uuid)`,
      );
  for (const id of notUuids(sent.body, bodySchema))
    problems.push(`${where}: ${id} in the call, not a UUID (the schema's format is uuid)`);

  // An operation the lifecycle restricts acts on an object the read examples show in an allowed state.
  const restricted = restriction(model, operation.operationId);
  if (restricted) {
    const reported = new Set<string>();
    for (const object of readObjects(model, restricted.schemas)) {
      if (!names(operation.path, object.chain, sent.path)) continue;
      const why = disallowed(object.chain[0], restricted.rule);
      const message = `${where}: the call acts on a ${restricted.lifecycle.noun} whose ${why} in the ${object.read} example, but ${operation.operationId} is allowed only ${allowedWhen(restricted.rule)} (otherwise 409 InvalidState)`;
      if (why && !reported.has(message)) {
        reported.add(message);
        problems.push(message);
      }
    }
  }

  // A list against its own call's filter and order.
  if (shown?.entries && sent.filter) {
    const filter = parseFilter(sent.filter);
    if (!filter) problems.push(`${where}: the filter "${sent.filter}" is not in the API's $filter syntax`);
    else
      for (const [i, entry] of shown.entries.entries())
        if (satisfies(entry, filter) === false)
          problems.push(
            `${where}: entry ${i + 1} of the output does not satisfy the call's filter "${sent.filter}": ${filterProperties(
              filter,
            )
              .map((property) => `${property} is ${text(valueAt(entry, property))}`)
              .join(', ')}`,
          );
  }
  // A list shows as many entries as its call returns: every entry up to `-First` (Cortex follows
  // `nextLink`), or one page of `$top` (its default when not sent) for a REST call. The list's size is
  // the example answer's `totalCount`; a filtered call's is not known.
  const answer = mediaExample(jsonContent(successResponse(operation)?.response));
  const total = isObject(answer) ? answer.totalCount : undefined;
  if (shown?.entries && !sent.filter && typeof total === 'number') {
    const fallback = operation.parameters.find(
      (parameter) => parameter.in === 'query' && parameter.name === '$top',
    )?.schema?.default;
    const limit =
      sent.top ?? (!example.followsNextLink && typeof fallback === 'number' ? fallback : Infinity);
    const returned = Math.min(limit, total);
    const asked = example.followsNextLink
      ? sent.top !== undefined
        ? `-First ${sent.top}`
        : 'without -First'
      : sent.top !== undefined
        ? `$top=${sent.top}`
        : `without $top${typeof fallback === 'number' ? ` (default ${fallback})` : ''}`;
    if (shown.entries.length !== returned)
      problems.push(
        `${where}: the output shows ${shown.entries.length} entries, but the call (${asked}) returns ${returned} of the list's ${total}`,
      );
  }
  if (shown?.entries && sent.orderBy)
    for (let i = 1; i < shown.entries.length; i++)
      if (orderOf(shown.entries[i - 1], shown.entries[i], sent.orderBy) > 0)
        problems.push(
          `${where}: entries ${i} and ${i + 1} of the output are not in the call's order "${sent.orderBy}"`,
        );

  const object = shown?.object;
  const body = isObject(sent.body) ? sent.body : undefined;
  if (!object) return problems;

  // A queued request: the object it acts on, and what it counts.
  if (schemaName === 'Request') {
    const target = isObject(object.target) ? object.target : undefined;
    // A request in its initial state that has not started has no child requests yet: its lifecycle
    // creates them later (InProgress → WaitingForChildren). A retried one keeps those it has.
    const initial = model.lifecycles.lifecycles.get('Request')?.initial ?? [];
    const unstarted =
      typeof object.status === 'string' && initial.includes(object.status) && object.startedAt === undefined;
    if (unstarted && typeof object.childCount === 'number' && object.childCount > 0)
      problems.push(
        `${where}: the queued request has ${object.childCount} child requests, but a request that is ${object.status} and has not started has none yet`,
      );
    if (body && target)
      for (const field of differingFields(body, target))
        problems.push(`${where}: the queued request contradicts the call: ${field}`);
    for (const [key, types] of Object.entries(TARGET_IDS)) {
      const named = body?.[key];
      if (typeof named === 'string' && target && types.includes(String(target.type)) && target.id !== named)
        problems.push(
          `${where}: the call names ${key} ${text(named)}, but the queued request acts on ${text(target.id)}`,
        );
    }
    const sentLists = Object.entries(body ?? {}).filter(
      ([, value]) => Array.isArray(value) && value.every(isObject),
    ) as [string, unknown[]][];
    if (sentLists.length === 1) {
      const [key, list] = sentLists[0];
      const counted = /^(\d+) /.exec(String(target?.name ?? ''))?.[1];
      if (counted !== undefined && Number(counted) !== list.length)
        problems.push(
          `${where}: the queued request's target is ${text(target?.name)}, but the call sends ${list.length} ${key}`,
        );
      if (
        !unstarted &&
        /one child request per item/.test(operation.description) &&
        typeof object.childCount === 'number' &&
        object.childCount !== list.length
      )
        problems.push(
          `${where}: the queued request has ${object.childCount} child requests, but the call sends ${list.length} ${key} (one child request per item)`,
        );
    }
    return problems;
  }
  if (!responseSchema?.properties || isPage(responseSchema)) return problems;
  const properties = responseSchema.properties;
  const writable = (schema: ModelSchema | undefined, key: string) =>
    Boolean(schema?.properties?.[key]) && !schema?.properties?.[key].readOnly;
  const resource = ownResource(model, operation);
  const isChange =
    resource?.read !== undefined &&
    (operation.method === 'patch' || operation.method === 'put' || resource.path !== operation.path);

  if (isChange) {
    // Against the resource before the change: the get example of the same resource, or the state a
    // change of it shows last before this one (successive changes tell one story).
    const before = stateBefore(model, operation, resource!.read!, object);
    if (!before) return problems;
    let expected = merged(
      before,
      Object.fromEntries(Object.entries(body ?? {}).filter(([key]) => key in properties)),
    ) as Record<string, unknown>;
    // A member added (a body's only id) or removed (the path's last id) changes one list of members.
    const members = Object.keys(properties).find((key) => idsOf(before[key]) !== undefined);
    const memberId =
      operation.method === 'post' &&
      body &&
      Object.keys(body).length === 1 &&
      /Id$/.test(Object.keys(body)[0])
        ? { add: Object.values(body)[0] }
        : operation.method === 'delete' && operation.path !== resource!.path
          ? { remove: sent.path[[...operation.path.matchAll(/\{([^}]+)\}/g)].at(-1)![1]] }
          : undefined;
    if (members && memberId) {
      const ids = idsOf(before[members])!;
      expected = {
        ...expected,
        [members]:
          'add' in memberId
            ? [...ids.filter((id) => id !== memberId.add), memberId.add]
            : ids.filter((id) => id !== memberId.remove),
      };
    }
    for (const [key, schema] of Object.entries(properties)) {
      if (schema.readOnly) continue;
      const [actual, wanted] =
        members === key && memberId ? [idsOf(object[key]), expected[key]] : [object[key], expected[key]];
      if (
        same(actual, wanted) ||
        (members === key &&
          memberId &&
          same([...((actual as unknown[]) ?? [])].sort(), [...(wanted as unknown[])].sort()))
      )
        continue;
      const why =
        members === key && memberId
          ? `the ids ${text(actual)} in the output, but ${text(wanted)} after the call ${'add' in memberId ? `adds ${text(memberId.add)}` : `removes ${text(memberId.remove)}`}`
          : body && key in body
            ? `${text(actual)} in the output, but the call sends ${text(body[key])}`
            : `${text(actual)} in the output, but ${text(before[key])} before the call, which does not change it`;
      problems.push(`${where}: ${key} is ${why}`);
    }
    return problems;
  }

  if (operation.method !== 'post' || !bodySchema?.properties) return problems;
  // A created object: what was sent, what the API adds (read-only properties, defaults), nothing else.
  for (const [key, value] of Object.entries(body ?? {})) {
    if (!(key in properties) || bodySchema.properties[key]?.format === 'password') continue;
    if (!same(object[key], value))
      problems.push(
        object[key] === undefined
          ? `${where}: ${key} is sent as ${text(value)}, but the output does not show it`
          : `${where}: ${key} is sent as ${text(value)}, but the output shows ${text(object[key])}`,
      );
  }
  for (const [key, value] of Object.entries(object)) {
    if (!writable(bodySchema, key) || (body && key in body)) continue;
    const fallback = bodySchema.properties[key].default;
    if (fallback === undefined)
      problems.push(`${where}: ${key} is ${text(value)} in the output, but the call does not send it`);
    else if (!same(value, fallback))
      problems.push(
        `${where}: ${key} is ${text(value)} in the output, but the call does not ask for it (default ${text(fallback)})`,
      );
  }
  return problems;
}

/** An error table as a page shows it: per status, the codes listed and the row's text. */
export type ErrorTableRow = { status: string; codes: string[]; text: string };

/** The rows of the REST page's error table (`| 400 Bad Request | `ValidationFailed` | … |`). */
export function restErrorRows(markdown: string): ErrorTableRow[] {
  const table = sections(markdown).find((part) => part.heading.startsWith('### Errors'))?.body ?? '';
  return readErrorTable(table);
}

/** The rows of a cmdlet page's error table, in its notes. */
export function cortexErrorRows(cmdlet: Cmdlet): ErrorTableRow[] {
  return readErrorTable(cmdlet.notes.find((note) => note.startsWith('| HTTP status |')) ?? '');
}

function readErrorTable(table: string): ErrorTableRow[] {
  return table.split('\n').flatMap((line) => {
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((part) => part.trim());
    const status = /^(\d{3})\b/.exec(cells[0] ?? '')?.[1];
    if (!status || cells.length < 2) return [];
    const codes = cells.length > 2 ? [...cells[1].matchAll(/`(\w+)`/g)].map((match) => match[1]) : [];
    return [{ status, codes, text: cells.slice(1).join(' | ') }];
  });
}

/** Every parameter of the specification, by name, with what its description says. */
function allParameters(model: ApiModel) {
  const seen = new Map<string, { name: string; in: string; description?: string }>();
  for (const operation of model.operations)
    for (const parameter of operation.parameters)
      if (!seen.has(parameter.name)) seen.set(parameter.name, parameter);
  return [...seen.values()];
}

/** What the specification says about an operation's errors. */
export type SpecErrors = {
  /** Per error status, the codes the specification gives for it. */
  codes: Map<string, string[]>;
  /** Codes a parameter the operation does not take causes (`IdempotencyKeyReused`). */
  foreign: string[];
  /** Header parameters of the specification the operation does not take (`Idempotency-Key`). */
  headers: string[];
};

/**
 * The codes the specification gives for each error status of an operation: the response's example and
 * the codes its description names, the codes the operation's or its parameters' descriptions give with
 * that status ("409 `InvalidState`"), and for 400 the codes of the query options it takes. A code that a
 * parameter's description gives (`IdempotencyKeyReused`, of `Idempotency-Key`) belongs to operations
 * that take the parameter only.
 */
export function specErrors(model: ApiModel, operation: Operation): SpecErrors {
  const order = quotedCodes(model.schemas.Error?.properties?.code?.description);
  const known = new Set(order);
  const takes = (name: string) => operation.parameters.some((parameter) => parameter.name === name);
  const stated = (texts: (string | undefined)[]) =>
    texts.flatMap((value) =>
      [...(value ?? '').matchAll(/\b(\d{3}) `(\w+)`/g)].map(([, status, code]) => ({ status, code })),
    );
  const parameters = allParameters(model);
  const owned = new Map<string, string>();
  for (const parameter of parameters)
    for (const { code } of stated([parameter.description])) owned.set(code, parameter.name);
  for (const [header, codes] of Object.entries(HEADER_CODES))
    for (const code of codes) owned.set(code, header);
  const foreign = [...owned].filter(([, parameter]) => !takes(parameter)).map(([code]) => code);
  const own = stated([
    operation.description,
    ...operation.parameters.map((parameter) => parameter.description),
  ]);
  const codes = new Map<string, string[]>();
  for (const [status, response] of Object.entries(operation.responses)) {
    if (Number(status) < 400) continue;
    const example = mediaExample(jsonContent(response)) as { code?: unknown } | undefined;
    const given = [
      ...(typeof example?.code === 'string' ? [example.code] : []),
      ...quotedCodes(response.description),
      ...own.filter((entry) => entry.status === status).map((entry) => entry.code),
      ...(status === '400'
        ? Object.entries(QUERY_OPTION_CODES)
            .filter(([option]) => takes(option))
            .map(([, code]) => code)
        : []),
    ].filter((code) => known.has(code) && !foreign.includes(code));
    codes.set(
      status,
      [...new Set(given)].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    );
  }
  const headers = parameters
    .filter((parameter) => parameter.in === 'header' && !takes(parameter.name))
    .map((parameter) => parameter.name);
  return { codes, foreign, headers };
}

const common = (lists: string[][]) =>
  lists.length ? lists.reduce((shared, list) => shared.filter((value) => list.includes(value))) : [];

/**
 * Problems with an error table of a page that documents `operations` (a REST page: one; a cmdlet page:
 * its operations, whose codes it merges): a status without a code the specification gives for it, a
 * code the operations cannot answer with, and a header they do not take named in a row.
 */
export function errorTableProblems(
  model: ApiModel,
  where: string,
  operations: Operation[],
  rows: ErrorTableRow[],
): string[] {
  const problems: string[] = [];
  const specs = operations.map((operation) => specErrors(model, operation));
  const statuses = [...new Set(specs.flatMap((spec) => [...spec.codes.keys()]))].sort();
  const foreign = common(specs.map((spec) => spec.foreign));
  const headers = common(specs.map((spec) => spec.headers));
  for (const status of statuses) {
    const expected = [...new Set(specs.flatMap((spec) => spec.codes.get(status) ?? []))];
    const row = rows.find((candidate) => candidate.status === status);
    if (!row) {
      if (expected.length)
        problems.push(
          `${where}: the error table has no row for ${status}, whose codes are ${expected.join(', ')}`,
        );
      continue;
    }
    const missing = expected.filter((code) => !row.codes.includes(code));
    if (missing.length)
      problems.push(
        `${where}: the error table lists ${row.codes.join(', ') || 'no code'} for ${status}, but the specification also gives ${missing.join(', ')}`,
      );
  }
  for (const row of rows) {
    for (const code of foreign)
      if (row.text.includes(`\`${code}\``))
        problems.push(
          `${where}: the error table names ${code} for ${row.status}, but the operation does not take the parameter that causes it`,
        );
    for (const header of headers)
      if (row.text.includes(`\`${header}\``))
        problems.push(
          `${where}: the error table's ${row.status} row names \`${header}\`, which the operation does not take`,
        );
  }
  return problems;
}

/** Every status value of the specification (each schema's `status` enum). */
function allStates(model: ApiModel): Set<string> {
  return new Set(
    Object.values(model.schemas).flatMap((schema) => (schema.properties?.status?.enum ?? []).map(String)),
  );
}

/**
 * Problems with a cmdlet page's outputs and waiting: "one object per entry" only for an operation that
 * answers with a page; for an operation that answers 202, the `-Wait` text, the notes and the example
 * remarks name only states of the object it answers with and cmdlets that read that object.
 */
export function cortexPageProblems(model: ApiModel, reference: CortexReference, cmdlet: Cmdlet): string[] {
  const problems: string[] = [];
  const operations = cmdlet.operations
    .map((ref) => model.operation(ref.operationId))
    .filter((operation): operation is Operation => Boolean(operation));
  const own =
    cmdlet.outputs.length &&
    model.operations.some((operation) => operation['x-cortex']?.cmdlet === cmdlet.name);
  if (own)
    for (const line of cmdlet.outputs) {
      const operationId = /\(\.\.\/reference\/([\w-]+)#/.exec(line)?.[1];
      const operation = operations.find((candidate) => restPageId(candidate.operationId) === operationId);
      if (!operation) continue;
      const page = isPage(jsonContent(successResponse(operation)?.response)?.schema);
      if (/one object per entry/.test(line) !== page)
        problems.push(
          page
            ? `${cmdlet.name}: the output of ${operation.operationId} is a page, but the Outputs section does not say one object per entry`
            : `${cmdlet.name}: the Outputs section says one object per entry for ${operation.operationId}, which answers one ${model.schemaName(jsonContent(successResponse(operation)?.response)?.schema) ?? 'object'}`,
        );
    }
  const states = allStates(model);
  for (const operation of operations) {
    const success = successResponse(operation);
    const schema = jsonContent(success?.response)?.schema;
    const name = model.schemaName(schema);
    if (success?.status !== '202' || !name || operation['x-cortex']?.cmdlet !== cmdlet.name) continue;
    const allowed = new Set((schema?.properties?.status?.enum ?? []).map(String));
    const readers = new Set(
      reference.cmdlets
        .filter((other) =>
          other.operations.some(
            (ref) =>
              model.operation(ref.operationId)?.method === 'get' &&
              model.schemaName(
                jsonContent(successResponse(model.operation(ref.operationId)!)?.response)?.schema,
              ) === name,
          ),
        )
        .map((other) => other.name),
    );
    const texts = [
      ...cmdlet.notes.filter((note) => note.startsWith('Asynchronous')),
      ...cmdlet.sets
        .flatMap((set) => set.parameters)
        .filter((p) => /^(Wait|TimeoutSeconds)$/.test(p.name))
        .map((p) => p.description),
      ...cmdlet.examples.flatMap((example) => (example.remarks ? [example.remarks] : [])),
      ...cmdlet.outputs,
    ];
    for (const value of new Set(
      texts.flatMap((line) => [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1])),
    )) {
      if (states.has(value) && !allowed.has(value))
        problems.push(
          `${cmdlet.name}: the page says a ${name} can be \`${value}\`, which is not a state of ${name}`,
        );
      if (/^[A-Z][a-z]+-SM\w+$/.test(value) && value !== cmdlet.name && !readers.has(value))
        problems.push(
          `${cmdlet.name}: the page sends the reader to \`${value}\` to follow the ${name} it starts, but ${value} does not read a ${name}`,
        );
    }
  }
  return problems;
}

/**
 * Every problem of the generated reference (REST pages and the Cortex reference) with the rules above:
 * each example against its own call, each error table against the specification, each cmdlet page's
 * outputs and waiting against the operations it calls.
 */
export function generatedProblems(model: ApiModel, pages: RestPage[], reference: CortexReference): string[] {
  const problems: string[] = [];
  for (const page of pages) {
    const example = restExample(model, page);
    if (!example) continue;
    problems.push(...generatedExampleProblems(model, example));
    problems.push(
      ...errorTableProblems(model, example.where, [example.operation], restErrorRows(page.markdown)),
    );
  }
  for (const cmdlet of reference.cmdlets) {
    const { examples, problems: calls } = cortexExamples(model, reference, cmdlet);
    problems.push(...calls);
    for (const example of examples) problems.push(...generatedExampleProblems(model, example));
    const operations = cmdlet.operations
      .map((ref) => model.operation(ref.operationId))
      .filter((operation): operation is Operation => Boolean(operation))
      .filter((operation) => operation['x-cortex']?.cmdlet === cmdlet.name);
    if (operations.length)
      problems.push(...errorTableProblems(model, cmdlet.name, operations, cortexErrorRows(cmdlet)));
    problems.push(...cortexPageProblems(model, reference, cmdlet));
  }
  return problems;
}
