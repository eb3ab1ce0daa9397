/**
 * The rules that turn a REST operation of the specification into a Cortex cmdlet: parameter names,
 * types, positions, pipeline input, parameter sets and the parameters Cortex adds. Pure functions; the
 * Cortex overview page documents the same rules for readers.
 */
import type { CmdletParameter, ParameterSet } from './model';

/** A Swagger 2.0 schema or parameter, with `$ref`s already resolved. */
export type SpecSchema = {
  $ref?: string;
  type?: string;
  format?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  'x-example'?: unknown;
  /** A PowerShell type the schema cannot express (`PSCredential`), in the data file of extra cmdlets. */
  'x-cortex-type'?: string;
  readOnly?: boolean;
  required?: string[] | boolean;
  properties?: Record<string, SpecSchema>;
  items?: SpecSchema;
  additionalProperties?: boolean | SpecSchema;
  schema?: SpecSchema;
  minimum?: number;
  maximum?: number;
};
export type SpecParameter = Omit<SpecSchema, 'required'> & { name: string; in: string; required?: boolean };

/** What the rules need to know about one operation. */
export type OperationShape = {
  operationId: string;
  method: string;
  path: string;
  cmdlet: string;
  /** `x-cortex.parameters`: a parameter or body property name → the cmdlet parameter name to use instead. */
  renames?: Record<string, string>;
  parameters: SpecParameter[];
  /** The body schema, when the operation takes a JSON body. */
  body?: SpecSchema;
  bodyRequired?: boolean;
  /** The operation answers 202 Accepted: the work continues after the call returns. */
  longRunning: boolean;
  /** What a 202 answer hands back to wait for, when the specification says. */
  awaited?: AwaitedObject;
  /** The `$filter` and `$orderby` examples that fit the operation (../queryExamples.ts). */
  queryExamples?: { filter?: string; orderBy?: string };
};

export class CortexRuleError extends Error {
  override name = 'CortexRuleError';
}

/**
 * The paging and query options of list operations, and the `Get-` parameters they become. A
 * description takes the operation's own example (`OperationShape.queryExamples`), or none.
 */
export const QUERY_OPTIONS: Record<
  string,
  {
    name: string;
    type: string;
    description: string | ((example?: string) => string);
    example?: 'filter' | 'orderBy';
    default?: string;
  }
> = {
  $filter: {
    name: 'Filter',
    type: 'String',
    example: 'filter',
    description: (example) =>
      `Filter expression with the syntax of \`$filter\`${example ? `, for example \`${example}\`` : ''}. The operation's description lists the properties you can filter on.`,
  },
  $orderby: {
    name: 'OrderBy',
    type: 'String',
    example: 'orderBy',
    description: (example) =>
      `Sort keys with the syntax of \`$orderby\`${example ? `, for example \`${example}\`` : ''}.`,
  },
  $top: {
    name: 'First',
    type: 'Int32',
    description:
      'Returns at most this many entries. Cortex reads pages of up to 500 entries and follows `nextLink` until it has them.',
    default: 'All entries',
  },
  $skip: {
    name: 'Skip',
    type: 'Int32',
    description: 'Skips this many entries before the first one returned.',
    default: '0',
  },
};

/**
 * What an operation that answers 202 Accepted hands back to wait for: a queued request, or another
 * object with states of its own (a billing run). Read from the response's schema and its `x-lifecycle`.
 */
export type AwaitedObject = {
  /** How pages name it: `request`, `billing run`. */
  noun: string;
  /** The states where waiting ends: those no platform event moves on (`Completed`, `Failed` …). */
  final: string[];
  /** The final states `-Wait` writes as an error. */
  failed: string[];
  /** The object carries an `error` (a request's `error.code`). */
  hasError: boolean;
  /** The cmdlets that wait for it or read it later: `Wait-SMRequest`, `Get-SMRequest`. */
  follow: string[];
  /** The operation `-Wait` polls it with (`GET /requests/{requestId}`) and the scopes that takes. */
  read?: { method: string; path: string; scopes: string[] };
};

/** `a`, `a or b`, `a, b or c`. */
export const orList = (values: string[]) =>
  values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
const code = (value: string) => `\`${value}\``;

/** The parameters Cortex adds to cmdlets whose operation answers 202 Accepted: `-Wait` and its timeout. */
export function waitParameters(awaited?: AwaitedObject): CmdletParameter[] {
  const noun = awaited?.noun ?? 'work';
  const final = awaited?.final.length ? ` (${orList(awaited.final.map(code))})` : '';
  const failed = awaited?.failed.length
    ? ` A ${noun} that ends ${orList(awaited.failed.map(code))} is written as an error${awaited.hasError ? ' with its `error.code`' : ''}.`
    : '';
  const follow = awaited?.follow.length ? `; follow it with ${orList(awaited.follow.map(code))}` : '';
  return [
    {
      name: 'Wait',
      type: 'SwitchParameter',
      description: `Waits until the ${noun} the call started reaches a final state${final} and returns it instead of the accepted one.${failed}`,
      required: false,
      aliases: [],
      default: 'False',
    },
    {
      name: 'TimeoutSeconds',
      type: 'Int32',
      description: `With \`-Wait\`: how long to wait before giving up with an error. The ${noun} itself continues${follow}.`,
      required: false,
      aliases: [],
      default: '600',
    },
  ];
}

/** Parameters of every cmdlet that changes data (`SupportsShouldProcess`). */
export const SHOULD_PROCESS_PARAMETERS: CmdletParameter[] = [
  {
    name: 'WhatIf',
    type: 'SwitchParameter',
    description: 'Shows what the cmdlet would do without calling the API.',
    required: false,
    aliases: ['wi'],
    default: 'False',
  },
  {
    name: 'Confirm',
    type: 'SwitchParameter',
    description: 'Asks for confirmation before calling the API.',
    required: false,
    aliases: ['cf'],
    default: 'False',
  },
];

/** PowerShell's common parameters: every cmdlet has them, so no page lists them one by one. */
export const COMMON_PARAMETERS = [
  'Debug',
  'ErrorAction',
  'ErrorVariable',
  'InformationAction',
  'InformationVariable',
  'OutBuffer',
  'OutVariable',
  'PipelineVariable',
  'ProgressAction',
  'Verbose',
  'WarningAction',
  'WarningVariable',
  'WhatIf',
  'Confirm',
];

/** PowerShell's approved verbs (Get-Verb) that Cortex uses or may use. */
const APPROVED_VERBS = new Set(
  (
    'Add Clear Close Copy Enter Exit Find Format Get Hide Join Lock Move New Open Optimize Pop Push Redo Remove ' +
    'Rename Reset Resize Search Select Set Show Skip Split Step Switch Undo Unlock Watch Connect Disconnect Read ' +
    'Receive Send Write Backup Checkpoint Compare Compress Convert ConvertFrom ConvertTo Dismount Edit Expand ' +
    'Export Group Import Initialize Limit Merge Mount Out Publish Restore Save Sync Unpublish Update Approve ' +
    'Assert Build Complete Confirm Deny Deploy Disable Enable Install Invoke Register Request Restart Resume ' +
    'Start Stop Submit Suspend Uninstall Unregister Wait Debug Measure Ping Repair Resolve Test Trace Block ' +
    'Grant Protect Revoke Unblock Unprotect Use'
  ).split(' '),
);

/** `Verb-SMNoun` with an approved verb, or a message saying what is wrong with the name. */
export function cmdletNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || !/^[A-Z][A-Za-z]+-SM[A-Z][A-Za-z0-9]*$/.test(name))
    return `"${String(name)}" is not a cmdlet name of the form Verb-SMNoun (for example Get-SMCustomer)`;
  const verb = name.split('-')[0];
  if (!APPROVED_VERBS.has(verb))
    return `"${verb}" in ${name} is not an approved PowerShell verb (see Get-Verb)`;
  return undefined;
}

/** `customerId` → `CustomerId`, `include_children` → `IncludeChildren`, `$filter` → `Filter`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** The cmdlet parameter a specification parameter or body property becomes. */
export function parameterName(specName: string, renames: Record<string, string> = {}): string {
  return renames[specName] ?? QUERY_OPTIONS[specName]?.name ?? pascalCase(specName);
}

/** The .NET type PowerShell shows for a schema. */
export function powerShellType(schema: SpecSchema): string {
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return 'Guid';
      if (schema.format === 'date' || schema.format === 'date-time') return 'DateTime';
      return 'String';
    case 'file':
      return 'String';
    case 'integer':
      return schema.format === 'int64' ? 'Int64' : 'Int32';
    case 'number':
      return 'Double';
    case 'boolean':
      // A switch is off unless given; a flag that is on by default is a Boolean you set to $false.
      return schema.default === true ? 'Boolean' : 'SwitchParameter';
    case 'array': {
      const item = schema.items ?? {};
      return item.type === 'object' || item.properties ? 'PSObject[]' : `${powerShellType(item)}[]`;
    }
    case 'object':
      return 'Hashtable';
    default:
      return schema.properties ? 'Hashtable' : 'Object';
  }
}

function describe(schema: SpecSchema): string {
  const parts = [schema.description?.trim() ?? ''];
  if (schema.type === 'file') parts.unshift('Path of the file to upload.');
  if (schema.properties && (schema.type === 'object' || !schema.type)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const keys = Object.entries(schema.properties)
      .filter(([, property]) => !property.readOnly)
      .map(([key]) => `\`${key}\`${required.has(key) ? ' (required)' : ''}`);
    parts.push(`A hashtable with the keys ${keys.join(', ')}.`);
  }
  return parts.filter(Boolean).join(' ');
}

const formatDefault = (value: unknown) =>
  value === undefined
    ? undefined
    : typeof value === 'boolean'
      ? value
        ? 'True'
        : 'False'
      : Array.isArray(value)
        ? value.join(', ')
        : String(value);

function fromSchema(name: string, schema: SpecSchema, required: boolean): CmdletParameter {
  const type = schema['x-cortex-type'] ?? powerShellType(schema);
  const values = (schema.enum ?? schema.items?.enum)?.map(String);
  return {
    name,
    type,
    description: describe(schema),
    required,
    aliases: [],
    ...(values ? { values } : {}),
    default: formatDefault(schema.default) ?? (type === 'SwitchParameter' ? 'False' : undefined),
  };
}

/** The last path parameter: the resource an operation acts on, which takes the alias `Id`. */
function lastPathParameter(operation: OperationShape): string | undefined {
  return [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).at(-1);
}

/**
 * The parameter sets of a cmdlet from the operations it calls (one for most cmdlets; a list and a get
 * operation for `Get-` cmdlets that do both):
 * - path parameters are mandatory, positional in path order and bind from the pipeline by property name;
 * - `$filter`, `$orderby`, `$top` and `$skip` become `-Filter`, `-OrderBy`, `-First` and `-Skip`; other
 *   query parameters keep their name in PascalCase; header parameters are Cortex's own business
 *   (it sends an `Idempotency-Key` to every operation that takes one) and are not parameters;
 * - each property of a JSON body becomes a parameter (objects as hashtables, read-only properties left
 *   out), and a second set takes the whole body as `-InputObject` (from the pipeline when there is no path
 *   parameter); an upload's fields (`formData` parameters, ./reference.ts) are parameters only, with no
 *   `-InputObject` set, since its file is read from a path (`Import-SMWorkspaceIcon -Path`);
 * - operations that answer 202 get `-Wait` and `-TimeoutSeconds`; changing operations `-WhatIf`/`-Confirm`;
 * - the last path parameter, when it is an id, gets the alias `Id`, so objects piped from a `Get-` cmdlet
 *   bind to it; when two operations of one cmdlet would give the alias to different parameters, the
 *   operation whose path ends with its parameter (the one that reads a single resource) keeps it, unless
 *   the other lists under a parent the read does not take: then the parent keeps it (`Get-SMUser`:
 *   `-CustomerId`, so that a piped customer lists its users);
 * - a path parameter whose position another set gives to a different parameter is named only, so that a
 *   positional call always has exactly one set (`Get-SMUser -UserId`);
 * - `-InputObject` is mandatory in its own set, so that a call without it never fits two sets.
 */
export function parameterSets(operations: OperationShape[]): ParameterSet[] {
  const idCandidates = operations
    .map((operation) => ({ name: lastPathParameter(operation), operation }))
    .filter((candidate): candidate is { name: string; operation: OperationShape } => Boolean(candidate.name));
  // A list nested under a parent that the single-resource read does not take (users of a customer, a
  // user by its own id): the parent takes the alias, so that `Get-SMCustomer | Get-SMUser` lists.
  const parentOwner = idCandidates.find(
    (candidate) =>
      !candidate.operation.path.endsWith(`{${candidate.name}}`) &&
      idCandidates.some(
        (other) => other !== candidate && !other.operation.path.includes(`{${candidate.name}}`),
      ),
  );
  const idOwner =
    parentOwner ??
    idCandidates.find((candidate) => candidate.operation.path.endsWith(`{${candidate.name}}`)) ??
    idCandidates[0];
  const idParameter = idOwner ? parameterName(idOwner.name, idOwner.operation.renames) : undefined;
  // Parameters another set already holds at a position: a different one there would leave a positional
  // call without a set, so it is named only.
  const taken = new Map<number, string>();

  return operations.flatMap((operation) => {
    const renames = operation.renames ?? {};
    const known = new Set([
      ...operation.parameters.map((parameter) => parameter.name),
      ...Object.keys(operation.body?.properties ?? {}),
    ]);
    for (const key of Object.keys(renames)) {
      if (!known.has(key))
        throw new CortexRuleError(
          `${operation.operationId}: x-cortex.parameters renames "${key}", which is neither a parameter nor a body property of the operation`,
        );
    }
    const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    const fixed: CmdletParameter[] = [];
    for (const parameter of operation.parameters) {
      if (parameter.in === 'header' || parameter.in === 'body') continue;
      const name = parameterName(parameter.name, renames);
      const option = QUERY_OPTIONS[parameter.name];
      if (option) {
        const example = option.example ? operation.queryExamples?.[option.example] : undefined;
        fixed.push({
          name,
          type: option.type,
          description:
            typeof option.description === 'function' ? option.description(example) : option.description,
          required: false,
          aliases: [],
          ...(option.default ? { default: option.default } : {}),
        });
        continue;
      }
      const param = fromSchema(name, parameter, Boolean(parameter.required));
      if (parameter.in === 'path') {
        const position = pathNames.indexOf(parameter.name);
        const holder = taken.get(position);
        if (holder === undefined || holder === name) {
          param.position = position;
          taken.set(position, name);
        }
        param.pipeline = 'ByPropertyName';
        if (name === idParameter && /Id$/.test(name) && name !== 'Id') param.aliases = ['Id'];
      }
      fixed.push(param);
    }
    fixed.sort((a, b) => (a.position ?? Infinity) - (b.position ?? Infinity));
    const changing = operation.method.toLowerCase() !== 'get';
    const trailing = [
      ...(operation.longRunning ? waitParameters(operation.awaited) : []),
      ...(changing ? SHOULD_PROCESS_PARAMETERS : []),
    ];
    const setName = pascalCase(operation.operationId);
    const body = operation.body;
    if (!body) return [checked(operation, { name: setName, parameters: [...fixed, ...trailing] })];
    const requiredKeys = new Set(Array.isArray(body.required) ? body.required : []);
    const properties = Object.entries(body.properties ?? {})
      .filter(([, schema]) => !schema.readOnly)
      .map(([key, schema]) =>
        fromSchema(
          parameterName(key, renames),
          schema,
          Boolean(operation.bodyRequired) && requiredKeys.has(key),
        ),
      );
    const inputObject: CmdletParameter = {
      name: 'InputObject',
      type: 'PSObject',
      description:
        'The whole request body as one object (a hashtable or an object with the same properties).',
      // Mandatory in its own set even when the body is optional: otherwise a call without it fits both
      // sets and PowerShell cannot choose one.
      required: true,
      aliases: [],
      // Piped objects bind to the path parameters when there are any, so only a body alone comes by value.
      ...(pathNames.length ? {} : { pipeline: 'ByValue' as const }),
    };
    return [
      checked(operation, { name: setName, parameters: [...fixed, ...properties, ...trailing] }),
      checked(operation, { name: `${setName}InputObject`, parameters: [...fixed, inputObject, ...trailing] }),
    ];
  });
}

/** A set whose parameter names collide with each other or with common parameters is ambiguous. */
function checked(operation: OperationShape, set: ParameterSet): ParameterSet {
  const seen = new Set<string>();
  const reserved = new Set(COMMON_PARAMETERS.filter((name) => name !== 'WhatIf' && name !== 'Confirm'));
  for (const parameter of set.parameters) {
    const key = parameter.name.toLowerCase();
    if (seen.has(key) || reserved.has(parameter.name)) {
      throw new CortexRuleError(
        `${operation.operationId}: two parameters of ${operation.cmdlet} would be named -${parameter.name}. ` +
          `Rename one in the operation's x-cortex extension, for example "parameters: {<name in the specification>: <CmdletName>}"`,
      );
    }
    seen.add(key);
  }
  return set;
}
