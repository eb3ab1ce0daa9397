/**
 * The Cortex reference built from the REST API specification (every operation's `x-cortex` extension)
 * and the data file of cmdlets that wrap no single operation. Pure: the caller reads the files.
 */
import type {
  Cmdlet,
  CmdletExample,
  CmdletParameter,
  CortexReference,
  OperationRef,
  ParameterSet,
} from './model';
import { formatList, psCommand, psLiteral } from './powershell';
import {
  CortexRuleError,
  cmdletNameProblem,
  parameterName,
  parameterSets,
  type OperationShape,
  type SpecParameter,
  type SpecSchema,
} from './rules';

type Response = {
  description?: string;
  schema?: SpecSchema & { $ref?: string };
  examples?: Record<string, unknown>;
};
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: (SpecParameter & { $ref?: string })[];
  responses?: Record<string, Response & { $ref?: string }>;
  security?: Record<string, string[]>[];
  'x-cortex'?: {
    cmdlet?: unknown;
    parameters?: Record<string, string>;
    calls?: string[];
    examples?: CmdletExample[];
    notes?: string[];
  };
};
export type Spec = {
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  definitions?: Record<string, SpecSchema>;
  parameters?: Record<string, SpecParameter>;
  responses?: Record<string, Response>;
};
/** The data file: tags and operation-shaped entries for cmdlets that wrap no single operation. */
export type Extras = { tags?: { name: string; description?: string }[]; cmdlets: Operation[] };

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** `addCustomerPlan` → `add-customer-plan`: the id of the operation's generated REST page. */
export const restPageId = (operationId: string) =>
  operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

function resolve<T>(spec: Spec, value: T): T {
  const ref = (value as { $ref?: string } | undefined)?.$ref;
  if (!ref) return value;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], spec);
  if (target === undefined) throw new CortexRuleError(`unresolved reference ${ref}`);
  return resolve(spec, target as T);
}

/** A schema with every nested `$ref` resolved (cycles cut at the repeated schema). */
function deepResolve(spec: Spec, schema: SpecSchema, seen = new Set<unknown>()): SpecSchema {
  const resolved = resolve(spec, schema);
  if (seen.has(resolved)) return { type: 'object' };
  const next = new Set(seen).add(resolved);
  return {
    ...resolved,
    ...(resolved.properties
      ? {
          properties: Object.fromEntries(
            Object.entries(resolved.properties).map(([key, value]) => [key, deepResolve(spec, value, next)]),
          ),
        }
      : {}),
    ...(resolved.items ? { items: deepResolve(spec, resolved.items, next) } : {}),
  };
}

const refName = (schema?: { $ref?: string }) => schema?.$ref?.split('/').pop();

const firstSentence = (text = '') =>
  (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/^.*?[.!?](\s|$)/)?.[0] ?? text
  ).trim();

type Entry = { method: string; path: string; operation: Operation; shape: OperationShape };

function shapeOf(
  spec: Spec,
  method: string,
  path: string,
  operation: Operation,
  cmdlet: string,
): OperationShape {
  const parameters = (operation.parameters ?? []).map((parameter) => resolve(spec, parameter));
  const body = parameters.find((parameter) => parameter.in === 'body');
  const success = Object.entries(operation.responses ?? {}).find(([code]) => /^2/.test(code));
  return {
    operationId: operation.operationId ?? `${method} ${path}`,
    method,
    path,
    cmdlet,
    renames: operation['x-cortex']?.parameters,
    parameters: parameters
      .filter((parameter) => parameter.in !== 'body')
      .map((parameter) =>
        parameter.type
          ? parameter
          : ({ ...parameter, ...deepResolve(spec, parameter.schema ?? {}) } as SpecParameter),
      ),
    body: body?.schema ? deepResolve(spec, body.schema) : undefined,
    bodyRequired: body ? body.required !== false : undefined,
    longRunning: success?.[0] === '202',
  };
}

/** An example value for a schema: its own example, else one built from its parts. */
function exampleValue(schema: SpecSchema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema['x-example'] !== undefined) return schema['x-example'];
  if (schema.properties) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    // Required keys keep nested examples short; an object without any shows what has an example.
    const entries = Object.entries(schema.properties)
      .filter(
        ([key, property]) =>
          !property.readOnly && (required.size ? required.has(key) : property.example !== undefined),
      )
      .map(([key, property]) => [key, exampleValue(property)] as const)
      .filter(([, value]) => value !== undefined);
    return Object.fromEntries(entries);
  }
  if (schema.type === 'array' && schema.items) {
    const item = exampleValue(schema.items);
    return item === undefined ? undefined : [item];
  }
  if (schema.enum?.length) return schema.enum[0];
  return undefined;
}

function argument(parameter: CmdletParameter, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (parameter.type === 'SwitchParameter') return value ? `-${parameter.name}` : undefined;
  return `-${parameter.name} ${psLiteral(value)}`;
}

/** The example values of one operation's call: path and required query parameters, and the body. */
function exampleCall(entry: Entry, set: ParameterSet): string[] {
  const { shape, operation } = entry;
  const byName = new Map(set.parameters.map((parameter) => [parameter.name, parameter]));
  const args: string[] = [];
  for (const parameter of shape.parameters) {
    if (parameter.in === 'header') continue;
    const cmdletParameter = byName.get(parameterName(parameter.name, shape.renames));
    if (!cmdletParameter) continue;
    if (parameter.in === 'path' || parameter.required) {
      const value = parameter['x-example'] ?? exampleValue(parameter);
      const arg = argument(cmdletParameter, parameter.type === 'file' ? './contoso-crm.svg' : value);
      if (arg) args.push(arg);
    }
  }
  const filter = /Example: `\$filter=([^`]*?)(?:&\$orderby=([^`]*))?`/.exec(operation.description ?? '');
  if (filter) {
    args.push(`-Filter "${filter[1].replace(/"/g, '`"')}"`);
    if (filter[2]) args.push(`-OrderBy ${psLiteral(filter[2])}`);
  } else if (byName.has('First')) args.push('-First 10');
  if (shape.body?.properties) {
    const required = new Set(Array.isArray(shape.body.required) ? shape.body.required : []);
    const properties = Object.entries(shape.body.properties).filter(([, schema]) => !schema.readOnly);
    // A create call shows its required properties; an update (nothing required) its first change.
    const chosen = required.size
      ? properties.filter(([key]) => required.has(key))
      : properties.filter(([, schema]) => exampleValue(schema) !== undefined).slice(0, 1);
    for (const [key, schema] of chosen) {
      const cmdletParameter = byName.get(parameterName(key, shape.renames));
      const arg = cmdletParameter && argument(cmdletParameter, exampleValue(schema));
      if (arg) args.push(arg);
    }
  }
  return args;
}

function successResponse(spec: Spec, operation: Operation) {
  const entry = Object.entries(operation.responses ?? {}).find(([code]) => /^2/.test(code));
  return entry ? { code: entry[0], response: resolve(spec, entry[1]) } : undefined;
}

/** What a call prints: the response example, one object per entry for a page of results. */
function exampleOutput(spec: Spec, operation: Operation): string | undefined {
  const success = successResponse(spec, operation);
  const example = success?.response.examples?.['application/json'] as Record<string, unknown> | undefined;
  if (!example || typeof example !== 'object') return undefined;
  const items = Array.isArray(example.items) ? (example.items as Record<string, unknown>[]) : [example];
  return items.map(formatList).join('\n\n');
}

function examplesFor(spec: Spec, cmdlet: string, entries: Entry[], sets: ParameterSet[]): CmdletExample[] {
  const examples: CmdletExample[] = [];
  for (const entry of entries) {
    const set = sets.find(
      (candidate) => candidate.name.toLowerCase() === entry.shape.operationId.toLowerCase(),
    );
    if (!set) continue;
    const args = exampleCall(entry, set);
    const summary = entry.operation.summary ?? entry.shape.operationId;
    examples.push({
      title: summary,
      code: psCommand(cmdlet, args),
      output: exampleOutput(spec, entry.operation),
    });
    if (entry.shape.longRunning) {
      examples.push({
        title: `${summary} and wait until it has finished`,
        code: psCommand(cmdlet, [...args, '-Wait', '-TimeoutSeconds 900']),
        remarks:
          'The cmdlet polls the work it started and returns the final object; a failed request is written as an error.',
      });
    }
  }
  return examples;
}

/** The error codes the `Error` model defines, in its description's order. */
function errorCodes(spec: Spec): string[] {
  const description = spec.definitions?.Error?.properties?.code?.description ?? '';
  return [...description.matchAll(/`(\w+)`/g)].map((match) => match[1]);
}

/** One row per HTTP error status of the cmdlet's operations, with the `Error` codes each can carry. */
function errorNotes(spec: Spec, operations: Operation[]): string[] {
  const known = new Set(errorCodes(spec));
  const rows = new Map<string, { codes: Set<string>; when: string }>();
  for (const operation of operations) {
    const mentioned = [...(operation.description ?? '').matchAll(/(\d{3}) `(\w+)`/g)];
    for (const [status, raw] of Object.entries(operation.responses ?? {})) {
      if (Number(status) < 400) continue;
      const response = resolve(spec, raw);
      const example = (response.examples?.['application/json'] as { code?: string } | undefined)?.code;
      const row = rows.get(status) ?? { codes: new Set<string>(), when: firstSentence(response.description) };
      [
        ...(example ? [example] : []),
        ...[...(response.description ?? '').matchAll(/`(\w+)`/g)].map((match) => match[1]),
        ...mentioned.filter((match) => match[1] === status).map((match) => match[2]),
      ]
        .filter((code) => known.has(code))
        .forEach((code) => row.codes.add(code));
      rows.set(status, row);
    }
  }
  const lines = [...rows]
    .filter(([, row]) => row.codes.size)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(
      ([status, row]) =>
        `| ${status} | ${[...row.codes].map((code) => `\`${code}\``).join(', ')} | ${row.when.replace(/\|/g, '\\|')} |`,
    );
  if (!lines.length) return [];
  return [
    "Errors are written as PowerShell errors whose `FullyQualifiedErrorId` starts with the API's error `code`:",
    ['| HTTP status | Codes | When |', '| --- | --- | --- |', ...lines].join('\n'),
  ];
}

function notesFor(spec: Spec, cmdlet: string, entries: Entry[]): string[] {
  const scopes = [
    ...new Set(entries.flatMap(({ operation }) => (operation.security ?? []).flatMap((s) => s.oauth2 ?? []))),
  ];
  const notes: string[] = [];
  if (scopes.length)
    notes.push(
      `Needs a connection with the scope ${scopes.map((scope) => `\`${scope}\``).join(' or ')} (\`Connect-SMService -Scope\`).`,
    );
  if (entries.some((entry) => entry.shape.longRunning))
    notes.push(
      `Asynchronous: the API answers 202 Accepted as soon as the platform has recorded the change, and the work continues after the call returns. ${cmdlet} returns the accepted object at once; with \`-Wait\` it returns when the work has finished, and \`Wait-SMRequest\` waits for a request later.`,
    );
  if (entries.some((entry) => entry.method === 'delete'))
    notes.push(
      `${cmdlet} asks for confirmation before it removes anything; add \`-Confirm:$false\` in unattended scripts.`,
    );
  return [
    ...notes,
    ...errorNotes(
      spec,
      entries.map((entry) => entry.operation),
    ),
  ];
}

function inputsFor(sets: ParameterSet[]): string[] {
  const lines = new Map<string, string>();
  for (const parameter of sets.flatMap((set) => set.parameters)) {
    if (parameter.pipeline === 'ByValue')
      lines.set(
        parameter.name,
        `\`${parameter.type}\`: the object to send, piped to \`-${parameter.name}\`.`,
      );
    else if (parameter.pipeline === 'ByPropertyName')
      lines.set(
        parameter.name,
        `\`${parameter.type}\`: any object with a \`${parameter.name}\`${parameter.aliases.length ? ` or \`${parameter.aliases.join('`, `')}\`` : ''} property binds to \`-${parameter.name}\`.`,
      );
  }
  return lines.size ? [...lines.values()] : ['None.'];
}

function outputsFor(spec: Spec, entries: Entry[]): string[] {
  const lines = entries.flatMap(({ operation, shape }) => {
    const success = successResponse(spec, operation);
    const schema = success?.response.schema;
    if (!success || !schema) return [];
    const resolved = resolve(spec, schema);
    const itemRef = resolved.properties?.items ? refName(resolved.properties.items.items) : undefined;
    const name = itemRef ?? refName(schema) ?? 'Object';
    const link = `[\`${name}\`](../reference/${restPageId(shape.operationId)}#response-${success.code})`;
    if (itemRef) return [`${link}: one object per entry; Cortex follows \`nextLink\` for you.`];
    return [
      `${link}: ${firstSentence(success.response.description)}${shape.longRunning ? ' With `-Wait`, the same object once the work has finished.' : ''}`,
    ];
  });
  return lines.length ? [...new Set(lines)] : ['None.'];
}

function lowerFirst(text: string) {
  return text ? text[0].toLowerCase() + text.slice(1) : text;
}

function buildCmdlet(spec: Spec, name: string, tag: string, entries: Entry[], calls?: string[]): Cmdlet {
  const sets = parameterSets(entries.map((entry) => entry.shape));
  const [first, ...rest] = entries;
  const idSet =
    rest[0] && sets.find((set) => set.name.toLowerCase() === rest[0].shape.operationId.toLowerCase());
  // The get set's last path parameter (the rules make path parameters bind by property name).
  const idParameter = idSet?.parameters.filter((parameter) => parameter.pipeline === 'ByPropertyName').at(-1);
  const synopsis = [
    firstSentence(first.operation.description ?? first.operation.summary),
    ...(rest[0] && idParameter
      ? [
          `With \`-${idParameter.name}\`, ${lowerFirst(firstSentence(rest[0].operation.description ?? rest[0].operation.summary))}`,
        ]
      : []),
  ].join(' ');
  const operations: OperationRef[] = (calls ?? entries.map((entry) => entry.shape.operationId)).map(
    (operationId) => {
      const found = findOperation(spec, operationId);
      if (!found)
        throw new CortexRuleError(
          `${name}: x-cortex.calls names ${operationId}, which is not an operation of the specification`,
        );
      return {
        operationId,
        method: found.method.toUpperCase(),
        path: found.path,
        summary: found.operation.summary ?? operationId,
        page: restPageId(operationId),
      };
    },
  );
  const description =
    entries.length > 1
      ? entries
          .map(
            (entry, i) =>
              `**${sets.find((set) => set.name.toLowerCase() === entry.shape.operationId.toLowerCase())?.name ?? i}**: ${entry.operation.description ?? ''}`,
          )
          .join('\n\n')
      : (first.operation.description ?? '');
  return {
    name,
    tag,
    summary: entries.map((entry) => entry.operation.summary ?? entry.shape.operationId).join(' or '),
    synopsis,
    description,
    sets,
    examples: first.operation['x-cortex']?.examples ?? examplesFor(spec, name, entries, sets),
    inputs: inputsFor(sets),
    outputs: calls ? outputsForExtra(spec, first.operation, operations[0]) : outputsFor(spec, entries),
    notes: [...notesFor(spec, name, entries), ...(first.operation['x-cortex']?.notes ?? [])],
    operations,
  };
}

function outputsForExtra(spec: Spec, operation: Operation, call?: OperationRef): string[] {
  const success = successResponse(spec, operation);
  const name = refName(success?.response.schema);
  if (!success || !name) return ['None.'];
  const text = firstSentence(success.response.description);
  return [
    call
      ? `[\`${name}\`](../reference/${call.page}#response-${success.code}): ${text}`
      : `\`${name}\`: ${text}`,
  ];
}

function findOperation(spec: Spec, operationId: string) {
  for (const [path, item] of Object.entries(spec.paths))
    for (const [method, operation] of Object.entries(item))
      if (METHODS.includes(method) && operation.operationId === operationId)
        return { method, path, operation };
  return undefined;
}

/** Every operation without a valid `x-cortex` extension, as messages that name the operation and the fix. */
export function missingExtensions(spec: Spec, specFile: string): string[] {
  const problems: string[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const id = operation.operationId ?? `${method.toUpperCase()} ${path}`;
      const cmdlet = operation['x-cortex']?.cmdlet;
      if (cmdlet === undefined) {
        problems.push(
          `${specFile}: operation ${id} (${method.toUpperCase()} ${path}) names no Cortex cmdlet. ` +
            `Add to the operation:\n      x-cortex:\n        cmdlet: Verb-SMNoun\n  with the cmdlet that calls it (for example Get-SMCustomer).`,
        );
        continue;
      }
      const problem = cmdletNameProblem(cmdlet);
      if (problem)
        problems.push(
          `${specFile}: operation ${id} (${method.toUpperCase()} ${path}): x-cortex.cmdlet ${problem}.`,
        );
    }
  }
  return problems;
}

/**
 * The whole Cortex reference. Operations that share a cmdlet become its parameter sets, which only
 * `Get-` cmdlets may do (a list and a get); extra cmdlets come first in their own tags.
 */
export function buildReference(
  spec: Spec,
  extras: Extras,
  specFile: string,
  extrasFile: string,
): CortexReference {
  const problems = missingExtensions(spec, specFile);
  if (problems.length) throw new CortexRuleError(problems.join('\n'));
  const byCmdlet = new Map<string, Entry[]>();
  // An operation that an extra cmdlet wraps (Connect-SMService calls the token operation) is described
  // by that cmdlet's entry in the data file, which lists the operation in `x-cortex.calls`.
  const wrappedBy = new Map(
    extras.cmdlets.flatMap((extra) =>
      (extra['x-cortex']?.calls ?? []).map((call) => [call, String(extra['x-cortex']?.cmdlet)] as const),
    ),
  );
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const name = String(operation['x-cortex']?.cmdlet);
      if (operation.operationId && wrappedBy.get(operation.operationId) === name) continue;
      const entry = { method, path, operation, shape: shapeOf(spec, method, path, operation, name) };
      byCmdlet.set(name, [...(byCmdlet.get(name) ?? []), entry]);
    }
  }
  const cmdlets: Cmdlet[] = [];
  for (const [name, entries] of byCmdlet) {
    if (entries.length > 1 && (!name.startsWith('Get-') || entries.some((entry) => entry.method !== 'get')))
      throw new CortexRuleError(
        `${specFile}: ${entries.map((entry) => entry.shape.operationId).join(' and ')} all name ${name}; only Get- cmdlets may call more than one operation. Give each its own cmdlet in x-cortex.`,
      );
    // The list operation (no trailing id) comes first, the single-resource read second.
    entries.sort((a, b) => Number(/\}$/.test(a.path)) - Number(/\}$/.test(b.path)));
    cmdlets.push(buildCmdlet(spec, name, entries[0].operation.tags?.[0] ?? 'Other', entries));
  }
  for (const operation of extras.cmdlets) {
    const name = operation['x-cortex']?.cmdlet;
    const problem = cmdletNameProblem(name);
    if (problem) throw new CortexRuleError(`${extrasFile}: ${problem}.`);
    if (byCmdlet.has(String(name)))
      throw new CortexRuleError(
        `${extrasFile}: ${String(name)} is already the cmdlet of an operation in ${specFile}.`,
      );
    const positional = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
    const path = positional.map((parameter) => `/{${parameter.name}}`).join('');
    const entry: Entry = {
      method: 'get',
      path,
      operation,
      shape: shapeOf(spec, 'get', path, operation, String(name)),
    };
    cmdlets.push(
      buildCmdlet(
        spec,
        String(name),
        operation.tags?.[0] ?? 'Other',
        [entry],
        operation['x-cortex']?.calls ?? [],
      ),
    );
  }
  const tags = [...(extras.tags ?? []), ...(spec.tags ?? [])].filter((tag) =>
    cmdlets.some((cmdlet) => cmdlet.tag === tag.name),
  );
  const order = (cmdlet: Cmdlet) => tags.findIndex((tag) => tag.name === cmdlet.tag);
  return {
    cmdlets: cmdlets
      .map((cmdlet, i) => ({ cmdlet, i }))
      .sort((a, b) => order(a.cmdlet) - order(b.cmdlet) || a.i - b.i)
      .map(({ cmdlet }) => cmdlet),
    tags,
  };
}
