/**
 * The Cortex reference built from the REST API specification (every operation's `x-cortex` extension)
 * and the data file of cmdlets that wrap no single operation. Pure: the caller reads the files.
 */
import {
  jsonContent,
  mediaExample,
  successResponse,
  type ApiModel,
  type Operation,
  type Schema,
} from '@services-manager-docs/core/api';
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

/** `addCustomerPlan` → `add-customer-plan`: the id of the operation's generated REST page. */
export const restPageId = (operationId: string) =>
  operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

const firstSentence = (text = '') =>
  (
    text
      .replace(/\s+/g, ' ')
      .trim()
      .match(/^.*?[.!?](\s|$)/)?.[0] ?? text
  ).trim();

type Entry = { operation: Operation; shape: OperationShape };

/**
 * What the rules read of an operation of the model: its parameters flat (the schema's keys next to the
 * parameter's own), a multipart body's fields as `formData` parameters (files as `type: file`) and a
 * JSON body's schema.
 */
function shapeOf(operation: Operation, cmdlet: string): OperationShape {
  const flat = ({ schema, ...parameter }: { schema?: Schema } & Record<string, unknown>) =>
    ({ ...schema, ...parameter }) as unknown as SpecParameter;
  const form = operation.requestBody?.content?.['multipart/form-data']?.schema;
  const required = new Set(form?.required ?? []);
  const fields = Object.entries(form?.properties ?? {}).map(([name, property]) =>
    flat({
      name,
      in: 'formData',
      required: required.has(name),
      schema: { ...property, ...(property.format === 'binary' ? { type: 'file', format: undefined } : {}) },
    }),
  );
  const body = operation.requestBody && jsonContent(operation.requestBody)?.schema;
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    cmdlet,
    renames: operation['x-cortex']?.parameters,
    parameters: [...operation.parameters.map(flat), ...fields],
    body: body as SpecSchema | undefined,
    bodyRequired: body ? operation.requestBody?.required === true : undefined,
    longRunning: successResponse(operation)?.status === '202',
  };
}

/**
 * An example value for a schema: its own example, else one built from its parts. A schema inside
 * itself (a recursive one) has none.
 */
function exampleValue(schema: SpecSchema, seen = new Set<SpecSchema>()): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema['x-example'] !== undefined) return schema['x-example'];
  if (seen.has(schema)) return undefined;
  seen = new Set(seen).add(schema);
  if (schema.properties) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    // Required keys keep nested examples short; an object without any shows what has an example.
    const entries = Object.entries(schema.properties)
      .filter(
        ([key, property]) =>
          !property.readOnly && (required.size ? required.has(key) : property.example !== undefined),
      )
      .map(([key, property]) => [key, exampleValue(property, seen)] as const)
      .filter(([, value]) => value !== undefined);
    return Object.fromEntries(entries);
  }
  if (schema.type === 'array' && schema.items) {
    const item = exampleValue(schema.items, seen);
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

/** What a call prints: the response example, one object per entry for a page of results. */
function exampleOutput(operation: Operation): string | undefined {
  const success = successResponse(operation);
  const example = mediaExample(jsonContent(success?.response)) as Record<string, unknown> | undefined;
  if (!example || typeof example !== 'object') return undefined;
  const items = Array.isArray(example.items) ? (example.items as Record<string, unknown>[]) : [example];
  return items.map(formatList).join('\n\n');
}

function examplesFor(cmdlet: string, entries: Entry[], sets: ParameterSet[]): CmdletExample[] {
  const examples: CmdletExample[] = [];
  for (const entry of entries) {
    const set = sets.find(
      (candidate) => candidate.name.toLowerCase() === entry.shape.operationId.toLowerCase(),
    );
    if (!set) continue;
    const args = exampleCall(entry, set);
    const summary = entry.operation.summary || entry.shape.operationId;
    examples.push({
      title: summary,
      code: psCommand(cmdlet, args),
      output: exampleOutput(entry.operation),
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
function errorCodes(model: ApiModel): string[] {
  const description = model.schemas.Error?.properties?.code?.description ?? '';
  return [...description.matchAll(/`(\w+)`/g)].map((match) => match[1]);
}

/** One row per HTTP error status of the cmdlet's operations, with the `Error` codes each can carry. */
function errorNotes(model: ApiModel, operations: Operation[]): string[] {
  const known = new Set(errorCodes(model));
  const rows = new Map<string, { codes: Set<string>; when: string }>();
  for (const operation of operations) {
    const mentioned = [...(operation.description ?? '').matchAll(/(\d{3}) `(\w+)`/g)];
    for (const [status, response] of Object.entries(operation.responses)) {
      if (Number(status) < 400) continue;
      const example = (mediaExample(jsonContent(response)) as { code?: string } | undefined)?.code;
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

function notesFor(model: ApiModel, cmdlet: string, entries: Entry[]): string[] {
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
  if (entries.some((entry) => entry.operation.method === 'delete'))
    notes.push(
      `${cmdlet} asks for confirmation before it removes anything; add \`-Confirm:$false\` in unattended scripts.`,
    );
  return [
    ...notes,
    ...errorNotes(
      model,
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

function outputsFor(model: ApiModel, entries: Entry[]): string[] {
  const lines = entries.flatMap(({ operation, shape }) => {
    const success = successResponse(operation);
    const schema = jsonContent(success?.response)?.schema;
    if (!success || !schema) return [];
    const itemName = schema.properties?.items ? model.schemaName(schema.properties.items.items) : undefined;
    const name = itemName ?? model.schemaName(schema) ?? 'Object';
    const link = `[\`${name}\`](../reference/${restPageId(shape.operationId)}#response-${success.status})`;
    if (itemName) return [`${link}: one object per entry; Cortex follows \`nextLink\` for you.`];
    return [
      `${link}: ${firstSentence(success.response.description)}${shape.longRunning ? ' With `-Wait`, the same object once the work has finished.' : ''}`,
    ];
  });
  return lines.length ? [...new Set(lines)] : ['None.'];
}

function lowerFirst(text: string) {
  return text ? text[0].toLowerCase() + text.slice(1) : text;
}

function buildCmdlet(model: ApiModel, name: string, tag: string, entries: Entry[], calls?: string[]): Cmdlet {
  const sets = parameterSets(entries.map((entry) => entry.shape));
  const [first, ...rest] = entries;
  const idSet =
    rest[0] && sets.find((set) => set.name.toLowerCase() === rest[0].shape.operationId.toLowerCase());
  // The get set's last path parameter (the rules make path parameters bind by property name).
  const idParameter = idSet?.parameters.filter((parameter) => parameter.pipeline === 'ByPropertyName').at(-1);
  const synopsis = [
    firstSentence(first.operation.description || first.operation.summary),
    ...(rest[0] && idParameter
      ? [
          `With \`-${idParameter.name}\`, ${lowerFirst(firstSentence(rest[0].operation.description || rest[0].operation.summary))}`,
        ]
      : []),
  ].join(' ');
  const operations: OperationRef[] = (calls ?? entries.map((entry) => entry.shape.operationId)).map(
    (operationId) => {
      const found = model.operation(operationId);
      if (!found)
        throw new CortexRuleError(
          `${name}: x-cortex.calls names ${operationId}, which is not an operation of the specification`,
        );
      return {
        operationId,
        method: found.method.toUpperCase(),
        path: found.path,
        summary: found.summary || operationId,
        page: restPageId(operationId),
      };
    },
  );
  const description =
    entries.length > 1
      ? entries
          .map(
            (entry, i) =>
              `**${sets.find((set) => set.name.toLowerCase() === entry.shape.operationId.toLowerCase())?.name ?? i}**: ${entry.operation.description}`,
          )
          .join('\n\n')
      : first.operation.description;
  return {
    name,
    tag,
    summary: entries.map((entry) => entry.operation.summary || entry.shape.operationId).join(' or '),
    synopsis,
    description,
    sets,
    examples: first.operation['x-cortex']?.examples ?? examplesFor(name, entries, sets),
    inputs: inputsFor(sets),
    outputs: calls ? outputsForExtra(model, first.operation, operations[0]) : outputsFor(model, entries),
    notes: [...notesFor(model, name, entries), ...(first.operation['x-cortex']?.notes ?? [])],
    operations,
  };
}

function outputsForExtra(model: ApiModel, operation: Operation, call?: OperationRef): string[] {
  const success = successResponse(operation);
  const name = model.schemaName(jsonContent(success?.response)?.schema);
  if (!success || !name) return ['None.'];
  const text = firstSentence(success.response.description);
  return [
    call
      ? `[\`${name}\`](../reference/${call.page}#response-${success.status}): ${text}`
      : `\`${name}\`: ${text}`,
  ];
}

/** Every operation without a valid `x-cortex` extension, as messages that name the operation and the fix. */
export function missingExtensions(model: ApiModel): string[] {
  const problems: string[] = [];
  for (const operation of model.operations) {
    const where = `${operation.method.toUpperCase()} ${operation.path}`;
    const id =
      operation.operationId === `${operation.method} ${operation.path}` ? where : operation.operationId;
    const cmdlet = operation['x-cortex']?.cmdlet;
    if (cmdlet === undefined) {
      problems.push(
        `${model.source}: operation ${id} (${where}) names no Cortex cmdlet. ` +
          `Add to the operation:\n      x-cortex:\n        cmdlet: Verb-SMNoun\n  with the cmdlet that calls it (for example Get-SMCustomer).`,
      );
      continue;
    }
    const problem = cmdletNameProblem(cmdlet);
    if (problem) problems.push(`${model.source}: operation ${id} (${where}): x-cortex.cmdlet ${problem}.`);
  }
  return problems;
}

/**
 * The whole Cortex reference from the model's cmdlets. Operations that share a cmdlet become its
 * parameter sets, which only `Get-` cmdlets may do (a list and a get); the cmdlets file's come first in
 * their own tags.
 */
export function buildReference(model: ApiModel): CortexReference {
  const problems = missingExtensions(model);
  if (problems.length) throw new CortexRuleError(problems.join('\n'));
  const names = new Set(model.cmdlets.filter((cmdlet) => !cmdlet.entry).map((cmdlet) => cmdlet.name));
  const cmdlets: Cmdlet[] = [];
  for (const { name, operations, entry } of model.cmdlets) {
    if (entry) {
      const problem = cmdletNameProblem(entry['x-cortex']?.cmdlet);
      if (problem) throw new CortexRuleError(`${model.cmdletsFile}: ${problem}.`);
      if (names.has(name))
        throw new CortexRuleError(
          `${model.cmdletsFile}: ${name} is already the cmdlet of an operation in ${model.source}.`,
        );
      cmdlets.push(
        buildCmdlet(
          model,
          name,
          entry.tags[0] ?? 'Other',
          [{ operation: entry, shape: shapeOf(entry, name) }],
          entry['x-cortex']?.calls ?? [],
        ),
      );
      continue;
    }
    const entries = operations.map((operation) => ({ operation, shape: shapeOf(operation, name) }));
    if (
      entries.length > 1 &&
      (!name.startsWith('Get-') || operations.some((operation) => operation.method !== 'get'))
    )
      throw new CortexRuleError(
        `${model.source}: ${entries.map((entry) => entry.shape.operationId).join(' and ')} all name ${name}; only Get- cmdlets may call more than one operation. Give each its own cmdlet in x-cortex.`,
      );
    // The list operation (no trailing id) comes first, the single-resource read second.
    entries.sort((a, b) => Number(/\}$/.test(a.operation.path)) - Number(/\}$/.test(b.operation.path)));
    cmdlets.push(buildCmdlet(model, name, entries[0].operation.tags[0] ?? 'Other', entries));
  }
  const tags = [...model.cmdletTags, ...model.tags].filter((tag) =>
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
