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
import { exampleFor, isPage, pageEntrySchema } from '../schema';
import { examplePageSize, SAMPLE_UPLOAD } from '../codeSamples';
import { descriptionQuery, queryExamples } from '../queryExamples';
import { errorModelCodes, errorRows, errorSchema } from './errors';
import { applyQuery, parseFilter, type FilterNode } from './filter';
import { formatList, psCommand, psLiteral, psLiteralLines } from './powershell';
import { examplePath, exampleTargets } from './targets';
import {
  CortexRuleError,
  cmdletNameProblem,
  orList,
  parameterName,
  parameterSets,
  type AwaitedObject,
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

/** An operation of a cmdlet; `path`: the path values its examples use when not its parameters' (./targets.ts). */
type Entry = { operation: Operation; shape: OperationShape; path?: Record<string, unknown> };

/**
 * What the rules read of an operation of the model: its parameters flat (the schema's keys next to the
 * parameter's own), a multipart body's fields as `formData` parameters (files as `type: file`) and a
 * JSON body's schema.
 */
function shapeOf(operation: Operation, cmdlet: string, awaited?: AwaitedObject): OperationShape {
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
    queryExamples: queryExamples(operation),
    ...(awaited ? { awaited } : {}),
  };
}

type Lifecycle = {
  states?: Record<string, unknown>;
  transitions?: { from?: string | string[]; to?: string; event?: string; operation?: string }[];
  sameAs?: string;
};

/** `BillingRun` → `billing run`. */
const noun = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * What a 202 answer of the operation hands back to wait for: its response schema, the states where
 * waiting ends (those no platform `event` moves on, from the schema's `x-lifecycle`), the cmdlets that
 * wait for it (a `Wait-` cmdlet of the data file that calls the operation reading it) or read it (the
 * `Get-` cmdlet of that operation).
 */
export function awaitedObject(model: ApiModel, operation: Operation): AwaitedObject | undefined {
  const success = successResponse(operation);
  if (success?.status !== '202') return undefined;
  const schema = jsonContent(success.response)?.schema;
  const name = model.schemaName(schema);
  if (!schema || !name) return undefined;
  let lifecycle = (schema as Record<string, unknown>)['x-lifecycle'] as Lifecycle | undefined;
  if (lifecycle?.sameAs)
    lifecycle = (model.schemas[lifecycle.sameAs] as Record<string, unknown> | undefined)?.['x-lifecycle'] as
      Lifecycle | undefined;
  const states = Object.keys(lifecycle?.states ?? {});
  const moved = new Set(
    (lifecycle?.transitions ?? [])
      .filter((transition) => transition.event)
      .flatMap((transition) => [transition.from ?? []].flat()),
  );
  const final = states.filter((state) => !moved.has(state));
  // Read by a get operation whose answer is this schema; waited for by a cmdlet that calls that operation.
  const reads = model.operations.filter(
    (candidate) =>
      candidate.method === 'get' &&
      /\}$/.test(candidate.path) &&
      model.schemaName(jsonContent(successResponse(candidate)?.response)?.schema) === name,
  );
  const readIds = new Set(reads.map((read) => read.operationId));
  const waiters = model.cmdlets
    .filter(
      (cmdlet) =>
        cmdlet.entry &&
        cmdlet.name.startsWith('Wait-') &&
        (cmdlet.entry['x-cortex']?.calls ?? []).some((call) => readIds.has(call)),
    )
    .map((cmdlet) => cmdlet.name);
  const getters = reads
    .map((read) => read['x-cortex']?.cmdlet)
    .filter((cmdlet): cmdlet is string => typeof cmdlet === 'string');
  const read = reads[0];
  return {
    noun: noun(name),
    final,
    failed: final.filter((state) => state !== 'Completed'),
    hasError: Boolean(schema.properties?.error),
    follow: [...new Set([...waiters, ...getters])],
    ...(read
      ? { read: { method: read.method.toUpperCase(), path: read.path, scopes: scopesOf([read]) } }
      : {}),
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
  if (parameter.type === 'SwitchParameter') {
    // A switch that is off is the default; one that is off while the API's default is on says so.
    if (value) return `-${parameter.name}`;
    return parameter.default === 'False' ? undefined : `-${parameter.name}:$false`;
  }
  const literal = psLiteral(value);
  // A list of objects too long for a line: one object a line.
  if (literal.length > 80 && Array.isArray(value) && value.every((item) => item && typeof item === 'object'))
    return `-${parameter.name} ${psLiteralLines(value)}`;
  return `-${parameter.name} ${literal}`;
}

/** The request body the operation's REST page shows: the body's example, else one built from its schema. */
export function requestBodyExample(operation: Operation): unknown {
  const media = jsonContent(operation.requestBody);
  if (!media) return undefined;
  return mediaExample(media) ?? (media.schema ? exampleFor(media.schema) : undefined);
}

type ExampleCall = { args: string[]; filter?: FilterNode; orderBy?: string };

/**
 * The arguments of one operation's example call: path and required query parameters, the description's
 * filter and order for a list whose example has entries that filter returns, and the body the REST page
 * sends, property by property (so that the output, the API's answer to that body, shows what was sent).
 */
function exampleCall(entry: Entry, set: ParameterSet): ExampleCall {
  const { shape, operation } = entry;
  const byName = new Map(set.parameters.map((parameter) => [parameter.name, parameter]));
  const args: string[] = [];
  for (const parameter of shape.parameters) {
    if (parameter.in === 'header') continue;
    const cmdletParameter = byName.get(parameterName(parameter.name, shape.renames));
    if (!cmdletParameter) continue;
    if (parameter.in === 'path' || parameter.required) {
      const value =
        (parameter.in === 'path' ? entry.path?.[parameter.name] : undefined) ??
        parameter['x-example'] ??
        exampleValue(parameter);
      const arg = argument(cmdletParameter, parameter.type === 'file' ? `./${SAMPLE_UPLOAD}` : value);
      if (arg) args.push(arg);
    }
  }
  const call: ExampleCall = { args };
  const query = descriptionQuery(operation.description);
  const filter = query && parseFilter(query.filter);
  const entries = responseEntries(operation);
  if (query && filter && byName.has('Filter') && entries && applyQuery(entries, filter).length) {
    args.push(`-Filter "${query.filter.replace(/"/g, '`"')}"`);
    call.filter = filter;
    if (query.orderBy && byName.has('OrderBy')) {
      args.push(`-OrderBy ${psLiteral(query.orderBy)}`);
      call.orderBy = query.orderBy;
    }
  } else if (byName.has('First'))
    // A page of several in the example answer: ask for as many entries as it shows.
    args.push(`-First ${examplePageSize(responseExample(operation)) ?? 10}`);
  const body = requestBodyExample(operation);
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const cmdletParameter = byName.get(parameterName(key, shape.renames));
      const arg = cmdletParameter && argument(cmdletParameter, value);
      if (arg) args.push(arg);
    }
  }
  return call;
}

/** The success response's example. */
function responseExample(operation: Operation): unknown {
  return mediaExample(jsonContent(successResponse(operation)?.response));
}

/** The entries of a list operation's example page, or undefined when its answer is not a page. */
function responseEntries(operation: Operation): Record<string, unknown>[] | undefined {
  const schema = jsonContent(successResponse(operation)?.response)?.schema;
  const example = responseExample(operation) as { items?: unknown } | undefined;
  if (!isPage(schema) || !Array.isArray(example?.items)) return undefined;
  return example.items.filter(
    (item): item is Record<string, unknown> => Boolean(item) && typeof item === 'object',
  );
}

/**
 * What a call prints: the response example as one object, or for a page of results one object per entry
 * the call's filter returns, in its order.
 */
function exampleOutput(operation: Operation, call: ExampleCall): string | undefined {
  const entries = responseEntries(operation);
  if (entries) {
    const shown = applyQuery(entries, call.filter, call.orderBy);
    return shown.length ? shown.map(formatList).join('\n\n') : undefined;
  }
  const example = responseExample(operation);
  if (!example || typeof example !== 'object' || Array.isArray(example)) return undefined;
  return formatList(example as Record<string, unknown>);
}

function examplesFor(cmdlet: string, entries: Entry[], sets: ParameterSet[]): CmdletExample[] {
  const examples: CmdletExample[] = [];
  for (const entry of entries) {
    const set = sets.find(
      (candidate) => candidate.name.toLowerCase() === entry.shape.operationId.toLowerCase(),
    );
    if (!set) continue;
    const call = exampleCall(entry, set);
    const summary = entry.operation.summary || entry.shape.operationId;
    examples.push({
      title: summary,
      code: psCommand(cmdlet, call.args),
      output: exampleOutput(entry.operation, call),
    });
    if (entry.shape.longRunning) {
      const awaited = entry.shape.awaited;
      const noun = awaited?.noun ?? 'work';
      examples.push({
        title: `${summary} and wait until it has finished`,
        code: psCommand(cmdlet, [...call.args, '-Wait', '-TimeoutSeconds 900']),
        remarks: `The cmdlet polls the ${noun} it started and returns it in its final state${
          awaited?.failed.length
            ? `; a ${noun} that ends ${orList(awaited.failed.map((state) => `\`${state}\``))} is written as an error`
            : ''
        }.`,
      });
    }
  }
  return examples;
}

/**
 * One row per HTTP error status of the cmdlet's operations, with the `Error` codes each can carry (the
 * same as the REST pages' error tables, ./errors.ts) and when it happens.
 */
function errorNotes(operations: Operation[]): string[] {
  const rows = new Map<string, { codes: Set<string>; when: string }>();
  for (const operation of operations)
    for (const { status, codes, description } of errorRows(operation)) {
      const row = rows.get(status) ?? { codes: new Set<string>(), when: firstSentence(description) };
      codes.forEach((code) => row.codes.add(code));
      rows.set(status, row);
    }
  const order = errorModelCodes(operations.map(errorSchema).find(Boolean));
  const lines = [...rows]
    .filter(([, row]) => row.codes.size)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(
      ([status, row]) =>
        `| ${status} | ${[...row.codes]
          .sort((a, b) => order.indexOf(a) - order.indexOf(b))
          .map((code) => `\`${code}\``)
          .join(', ')} | ${row.when.replace(/\|/g, '\\|')} |`,
    );
  if (!lines.length) return [];
  return [
    "Errors are written as PowerShell errors whose `FullyQualifiedErrorId` starts with the API's error `code`:",
    ['| HTTP status | Codes | When |', '| --- | --- | --- |', ...lines].join('\n'),
  ];
}

/** The OAuth 2.0 scopes the operations need (any one of an operation's). */
const scopesOf = (operations: Operation[]) => [
  ...new Set(operations.flatMap((operation) => (operation.security ?? []).flatMap((s) => s.oauth2 ?? []))),
];

const scopeList = (scopes: string[]) => scopes.map((scope) => `\`${scope}\``).join(' or ');

function notesFor(cmdlet: string, entries: Entry[], calls: Operation[]): string[] {
  const scopes = scopesOf(calls);
  const longRunning = entries.find((entry) => entry.shape.longRunning);
  // `-Wait` reads what the call started with another operation, which may need another scope.
  const poll = longRunning?.shape.awaited?.read;
  const waitScopes =
    poll?.scopes.length && !poll.scopes.some((scope) => scopes.includes(scope)) ? poll.scopes : [];
  const notes: string[] = [];
  if (scopes.length)
    notes.push(
      `Needs a connection with the scope ${scopeList(scopes)} (\`Connect-SMService -Scope\`).${
        waitScopes.length
          ? ` With \`-Wait\` it also needs ${scopeList(waitScopes)}: it polls the ${longRunning?.shape.awaited?.noun} with \`${poll!.method} ${poll!.path}\`.`
          : ''
      }`,
    );
  if (longRunning) {
    const awaited = longRunning.shape.awaited;
    const noun = awaited?.noun ?? 'object';
    const follow = awaited?.follow[0];
    const later = follow
      ? `, and \`${follow}\` ${follow.startsWith('Wait-') ? 'waits for it' : 'reads it'} later`
      : '';
    notes.push(
      `Asynchronous: the API answers 202 Accepted as soon as the platform has recorded the change, and the work continues after the call returns. ${cmdlet} returns the accepted ${noun} at once; with \`-Wait\` it returns the ${noun} once it is ${awaited?.final.length ? orList(awaited.final.map((state) => `\`${state}\``)) : 'finished'}${later}.`,
    );
  }
  if (entries.some((entry) => entry.operation.method === 'delete'))
    notes.push(
      `${cmdlet} asks for confirmation before it removes anything; add \`-Confirm:$false\` in unattended scripts.`,
    );
  return [...notes, ...errorNotes(calls)];
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

/**
 * One line per output type: for a list operation (its answer is a page: `items`, `totalCount`,
 * `nextLink`) the entries' type, one object each; otherwise the response's one object.
 */
function outputsFor(model: ApiModel, entries: Entry[]): string[] {
  const lines = entries.flatMap(({ operation, shape }) => {
    const success = successResponse(operation);
    const schema = jsonContent(success?.response)?.schema;
    if (!success || !schema) return [];
    const entry = pageEntrySchema(schema);
    const itemName = entry ? (model.schemaName(entry) ?? 'Object') : undefined;
    const name = itemName ?? model.schemaName(schema) ?? 'Object';
    const link = `[\`${name}\`](../reference/${restPageId(shape.operationId)}#response-${success.status})`;
    if (itemName) return [`${link}: one object per entry; Cortex follows \`nextLink\` for you.`];
    const awaited = shape.awaited;
    const wait = shape.longRunning
      ? ` With \`-Wait\`, the same ${awaited?.noun ?? 'object'} once it is ${awaited?.final.length ? orList(awaited.final.map((state) => `\`${state}\``)) : 'finished'}.`
      : '';
    return [`${link}: ${firstSentence(success.response.description)}${wait}`];
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
    // A cmdlet of the data file needs the scopes and answers with the errors of the operations it calls
    // (the token operation's for Connect-SMService, getRequest's for Wait-SMRequest).
    notes: [
      ...notesFor(
        name,
        entries,
        calls
          ? model.operations.filter((operation) => calls.includes(operation.operationId))
          : entries.map((entry) => entry.operation),
      ),
      ...(first.operation['x-cortex']?.notes ?? []),
    ],
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
  // The objects the examples act on, for these pages and the REST pages.
  exampleTargets(model);
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
          [{ operation: entry, shape: shapeOf(entry, name, awaitedObject(model, entry)) }],
          entry['x-cortex']?.calls ?? [],
        ),
      );
      continue;
    }
    const entries = operations.map((operation) => ({
      operation,
      shape: shapeOf(operation, name, awaitedObject(model, operation)),
      path: examplePath(model, operation),
    }));
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
