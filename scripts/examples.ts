import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
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
type Operation = {
  operationId?: string;
  parameters?: { in?: string; schema?: Schema; $ref?: string }[];
  responses?: Record<string, { schema?: Schema; $ref?: string }>;
};
export type Spec = {
  definitions?: Record<string, Schema>;
  responses?: Record<string, { schema?: Schema }>;
  parameters?: Record<string, { in?: string; schema?: Schema }>;
  paths?: Record<string, Record<string, Operation>>;
};

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
 * Swagger 2.0 schemas as JSON Schema for Ajv: objects list every property they allow (an example may
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
export function createValidator(spec: Spec): Validator {
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'])
    ajv.addFormat(format, true);
  const definitions = toJsonSchema(spec.definitions ?? {}) as Schema;
  const operations = new Map(
    Object.values(spec.paths ?? {}).flatMap((item) =>
      Object.values(item)
        .filter((operation) => operation?.operationId)
        .map((operation) => [operation.operationId as string, operation]),
    ),
  );
  const property = (definition: string, name: string) =>
    (spec.definitions?.[definition]?.properties as Record<string, Schema> | undefined)?.[name];
  const errorCodes = new Set(quotedCodes(property('Error', 'code')?.description));
  const detailCodes = new Set<string>();
  JSON.stringify(spec, (key, value) => {
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
  index(definitions, '#/definitions');

  const schemaFor = (declaration: Declaration): Schema | string => {
    const operation = operations.get(declaration.operationId);
    if (!operation) return `no operation "${declaration.operationId}" in the specification`;
    if (declaration.kind === 'request') {
      const body = (operation.parameters ?? [])
        .map((parameter) =>
          parameter.$ref ? spec.parameters?.[parameter.$ref.split('/').pop() as string] : parameter,
        )
        .find((parameter) => parameter?.in === 'body');
      return body?.schema ?? `${declaration.operationId} takes no request body`;
    }
    let response = operation.responses?.[declaration.status as string];
    if (response?.$ref) response = spec.responses?.[response.$ref.split('/').pop() as string];
    if (!response)
      return `${declaration.operationId} has no ${declaration.status} response (it has ${Object.keys(operation.responses ?? {}).join(', ')})`;
    return response.schema ?? `the ${declaration.status} response of ${declaration.operationId} has no body`;
  };

  return (declaration, value) => {
    const schema = schemaFor(declaration);
    if (typeof schema === 'string') return [schema];
    const root = typeof schema.$ref === 'string' ? schema.$ref.replace('#/definitions/', '') : undefined;
    const key = `${declaration.kind} ${declaration.operationId} ${declaration.status ?? ''}`;
    let validate = compiled.get(key);
    if (!validate) {
      const body = (root ? definitions[root] : toJsonSchema(schema)) as Schema;
      const whole = { ...body, definitions };
      if (!root) index(body, '#');
      pointers.set(whole, root ? `#/definitions/${root}` : '#');
      validate = ajv.compile(whole);
      compiled.set(key, validate);
    }
    const problems = validate(value)
      ? []
      : (validate.errors ?? []).map(
          (error) =>
            `${error.instancePath || '(the body)'} ${error.message}${error.keyword === 'additionalProperties' ? ` ("${(error.params as { additionalProperty: string }).additionalProperty}")` : ''} (schema ${pointers.has(error.parentSchema) ? `${pointers.get(error.parentSchema)}/${error.keyword}` : error.schemaPath})`,
        );
    if (schema.$ref === '#/definitions/Error' && value && typeof value === 'object') {
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
export function exampleProblems(file: string, source: string, spec: Spec, validate: Validator): string[] {
  const problems: string[] = [];
  const definitions = Object.entries(spec.definitions ?? {}).map(
    ([name, schema]) => [name, new Set(Object.keys((schema.properties as Schema) ?? {}))] as const,
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
