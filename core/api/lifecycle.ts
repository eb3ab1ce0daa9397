/**
 * The lifecycles of the API's stateful models, read from the `x-lifecycle` extension of their schemas
 * (Swagger 2 `definitions` or OpenAPI 3 `components.schemas`), and checked against the schema's
 * `status` enum and the specification's operations. Self-contained: it takes the parsed specification
 * and needs nothing else.
 *
 * ```yaml
 * x-lifecycle:
 *   initial: Provisioning                 # a state, or a list of states
 *   states:                               # exactly the schema's status enum, each with its meaning
 *     Provisioning: The `Customer.Create` request is preparing the customer.
 *   transitions:                          # no `from`: the model is created; no `to`: it is deleted
 *     - { to: Provisioning, operation: createCustomer }
 *     - { from: Provisioning, to: Active, event: the `Customer.Create` request completes }
 *     - { from: [Active, Suspended], to: Removing, operation: deleteCustomer }
 *   operations:                           # where each operation on the model is allowed
 *     retryRequest: { states: [Failed] }  # no `states`: in every state
 *     deleteCustomer: { condition: no other request for the customer is active }
 * ```
 *
 * A schema whose lifecycle is another's writes `x-lifecycle: { sameAs: Request }`; a schema without a
 * `status` enum may carry `operations` with conditions only (rules not about a state).
 */

export type OperationRule = { states?: string[]; condition?: string };
export type Transition = {
  /** Absent: the transition creates the model. */
  from?: string[];
  /** Absent: the transition deletes the model. */
  to?: string;
  operation?: string;
  event?: string;
  /** More about the cause, such as the value of a property the operation sets. */
  when?: string;
};
export type Lifecycle = {
  schema: string;
  /** The model in words, for sentences: `CustomerPlan` → "customer plan". */
  noun: string;
  /** In the enum's order. */
  states: { name: string; meaning: string }[];
  initial: string[];
  transitions: Transition[];
  operations: Record<string, OperationRule>;
};
export type SpecOperation = {
  operationId: string;
  method: string;
  path: string;
  summary?: string;
  /** The operation's description, or its own 409 response, names `InvalidState`. */
  invalidState: boolean;
};
export type LifecycleModel = {
  /** By schema name; a `sameAs` schema maps to the lifecycle it names. */
  lifecycles: Map<string, Lifecycle>;
  operations: Map<string, SpecOperation>;
};

export class LifecycleError extends Error {
  override name = 'LifecycleError';
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];
const INVALID_STATE = /`?InvalidState`?/;

/** The schemas of a Swagger 2 or OpenAPI 3 document. */
export function schemasOf(spec: unknown): Record<string, Json> {
  if (!isObject(spec)) return {};
  const schemas = spec.definitions ?? (isObject(spec.components) ? spec.components.schemas : undefined);
  return isObject(schemas) ? (schemas as Record<string, Json>) : {};
}

/**
 * Every operation with an id. The shared `Conflict` response (a `$ref`) lists every conflict code, so only
 * the operation's description and a 409 response of its own say that it can answer `InvalidState`.
 */
export function operationsOf(spec: unknown): Map<string, SpecOperation> {
  const operations = new Map<string, SpecOperation>();
  const paths = isObject(spec) && isObject(spec.paths) ? spec.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const conflict = isObject(operation.responses) ? operation.responses['409'] : undefined;
      const own = isObject(conflict) && !('$ref' in conflict) ? String(conflict.description ?? '') : '';
      operations.set(operation.operationId, {
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: typeof operation.summary === 'string' ? operation.summary : undefined,
        invalidState: INVALID_STATE.test(String(operation.description ?? '')) || INVALID_STATE.test(own),
      });
    }
  }
  return operations;
}

const nounOf = (schema: string) =>
  schema
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
const list = (value: unknown): string[] | undefined =>
  value === undefined || value === null
    ? undefined
    : (Array.isArray(value) ? value : [value]).map((item) => String(item));
const quoted = (values: string[]) => values.map((value) => `"${value}"`).join(', ');

/** The status enum of a schema, if it has one. */
function statusEnum(schema: Json): string[] | undefined {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const status = properties.status;
  return isObject(status) && Array.isArray(status.enum) ? status.enum.map(String) : undefined;
}

/**
 * Reads and checks every `x-lifecycle`. Problems are collected, each naming the schema and the state or
 * operation, and thrown together as one LifecycleError.
 */
export function readLifecycles(spec: unknown, source = 'the specification'): LifecycleModel {
  const { model, problems } = lifecycleCheck(spec);
  if (problems.length)
    throw new LifecycleError(
      `${source}: x-lifecycle: ${problems.length} problem(s):\n- ${problems.join('\n- ')}`,
    );
  return model;
}

/** A lifecycle's states (exactly the status enum, each with its meaning) and its initial states. */
function readStates(raw: Json, enumValues: string[] | undefined, problem: (text: string) => void) {
  const rawStates = raw.states;
  if (!enumValues && rawStates !== undefined)
    problem('has "states" but the schema has no status enum: a lifecycle states the status enum');
  if (enumValues && !isObject(rawStates))
    problem('needs "states": each value of the status enum with its meaning');
  const states = enumValues ?? [];
  const meanings = isObject(rawStates) ? rawStates : {};
  for (const state of states)
    if (!(state in meanings))
      problem(`state "${state}" of the status enum has no entry in "states" (give its meaning)`);
    else if (typeof meanings[state] !== 'string' || !(meanings[state] as string).trim())
      problem(`state "${state}" needs a one-line meaning`);
  for (const state of Object.keys(meanings))
    if (enumValues && !states.includes(state))
      problem(`state "${state}" in "states" is not in the status enum (${quoted(states)})`);
  const known = (state: string) => states.includes(state);

  const initial = list(raw.initial) ?? [];
  if (enumValues && !initial.length) problem('needs "initial": the state a new one starts in');
  if (!enumValues && initial.length) problem('has "initial" but the schema has no status enum');
  for (const state of initial)
    if (!known(state)) problem(`initial state "${state}" is not in the status enum (${quoted(states)})`);

  return { states, meanings, initial, known };
}

/** A lifecycle's transitions, each between known states and with one cause. */
function readTransitions(
  raw: Json,
  {
    enumValues,
    initial,
    known,
  }: { enumValues?: string[]; initial: string[]; known: (state: string) => boolean },
  operations: Map<string, SpecOperation>,
  problem: (text: string) => void,
): Transition[] {
  const transitions: Transition[] = [];
  const rawTransitions = raw.transitions ?? [];
  if (!Array.isArray(rawTransitions)) problem('"transitions" must be a list');
  else if (!enumValues && rawTransitions.length)
    problem('has "transitions" but the schema has no status enum');
  else
    rawTransitions.forEach((entry: unknown, index) => {
      const at = `transition ${index + 1}`;
      if (!isObject(entry)) return problem(`${at} must be an object with from, to and a cause`);
      const from = list(entry.from);
      const to = entry.to === undefined || entry.to === null ? undefined : String(entry.to);
      const label = `${at} (${from?.join('|') ?? 'created'} → ${to ?? 'deleted'})`;
      if (!from && !to) problem(`${at} needs "from" or "to"`);
      for (const state of [...(from ?? []), ...(to ? [to] : [])])
        if (!known(state)) problem(`${label} names state "${state}", which is not in the status enum`);
      if (!from && to && known(to) && !initial.includes(to))
        problem(`${label} creates the model in "${to}", which is not an initial state (${quoted(initial)})`);
      const operation = typeof entry.operation === 'string' ? entry.operation : undefined;
      const event = typeof entry.event === 'string' ? entry.event.trim() : undefined;
      if (Boolean(operation) === Boolean(event))
        problem(`${label} needs exactly one cause: an "operation" id or a platform "event"`);
      if (operation && !operations.has(operation))
        problem(`${label} names operation "${operation}", which is not an operation id of the specification`);
      transitions.push({
        from,
        to,
        operation,
        event,
        when: typeof entry.when === 'string' ? entry.when : undefined,
      });
    });

  return transitions;
}

/** Where each operation on the model is allowed, each rule backed by the operation's 409 `InvalidState`. */
function readRules(
  raw: Json,
  {
    enumValues,
    states,
    known,
  }: { enumValues?: string[]; states: string[]; known: (state: string) => boolean },
  operations: Map<string, SpecOperation>,
  problem: (text: string) => void,
): Record<string, OperationRule> {
  const rules: Record<string, OperationRule> = {};
  const rawRules = raw.operations ?? {};
  if (!isObject(rawRules)) problem('"operations" must map operation ids to rules');
  else
    for (const [operationId, entry] of Object.entries(rawRules)) {
      const at = `operation rule "${operationId}"`;
      const operation = operations.get(operationId);
      if (!operation) problem(`${at} names an operation that is not in the specification`);
      const rule = isObject(entry) ? entry : {};
      if (entry !== null && !isObject(entry))
        problem(`${at} must be an object with "states" and/or "condition"`);
      const allowed = list(rule.states);
      const condition = typeof rule.condition === 'string' ? rule.condition.trim() : undefined;
      if (allowed && !enumValues) problem(`${at} has "states" but the schema has no status enum`);
      if (allowed && !allowed.length) problem(`${at} allows no state at all`);
      for (const state of allowed ?? [])
        if (enumValues && !known(state))
          problem(`${at} names state "${state}", which is not in the status enum (${quoted(states)})`);
      const strict = allowed && enumValues && states.some((state) => !allowed.includes(state));
      if (operation && !operation.invalidState && strict)
        problem(
          `${at} allows only ${quoted(allowed)}, but ${operationId} documents no 409 \`InvalidState\` for the other states`,
        );
      if (operation && !operation.invalidState && condition)
        problem(`${at} has a condition, but ${operationId} documents no 409 \`InvalidState\` when it fails`);
      rules[operationId] = { states: allowed, condition };
    }

  return rules;
}

/** A `sameAs` lifecycle is the named schema's, and needs the same status enum. */
function resolveAliases(
  aliases: [string, string][],
  schemas: Record<string, Json>,
  lifecycles: Map<string, Lifecycle>,
  problems: string[],
): void {
  for (const [name, target] of aliases) {
    const lifecycle = lifecycles.get(target);
    const mine = statusEnum(schemas[name]);
    if (!lifecycle) {
      problems.push(`${name} x-lifecycle: "sameAs" names "${target}", which has no x-lifecycle of its own`);
      continue;
    }
    const theirs = lifecycle.states.map((state) => state.name);
    if (!mine || mine.join() !== theirs.join())
      problems.push(
        `${name} x-lifecycle: "sameAs: ${target}" needs the same status enum (${quoted(mine ?? [])} is not ${quoted(theirs)})`,
      );
    lifecycles.set(name, lifecycle);
  }
}

/** An operation that says it can answer InvalidState needs a rule that says when. */
function invalidStateProblems(
  lifecycles: Map<string, Lifecycle>,
  operations: Map<string, SpecOperation>,
): string[] {
  const problems: string[] = [];
  const restricted = new Set<string>();
  for (const [name, lifecycle] of lifecycles)
    if (lifecycle.schema === name)
      for (const [operationId, rule] of Object.entries(lifecycle.operations))
        if (rule.condition || (rule.states && rule.states.length < lifecycle.states.length))
          restricted.add(operationId);
  for (const operation of operations.values())
    if (operation.invalidState && !restricted.has(operation.operationId))
      problems.push(
        `operation ${operation.operationId}: documents 409 \`InvalidState\` but no x-lifecycle has a rule for it (states it is allowed in, or a condition)`,
      );

  return problems;
}

/** The lifecycles and the problems found in them (empty when the specification is consistent). */
export function lifecycleCheck(spec: unknown): { model: LifecycleModel; problems: string[] } {
  const schemas = schemasOf(spec);
  const operations = operationsOf(spec);
  const lifecycles = new Map<string, Lifecycle>();
  const problems: string[] = [];
  const aliases: [string, string][] = [];

  for (const [name, schema] of Object.entries(schemas)) {
    if (!isObject(schema) || !('x-lifecycle' in schema)) continue;
    const raw = schema['x-lifecycle'];
    const where = `${name} x-lifecycle`;
    const problem = (text: string) => problems.push(`${where}: ${text}`);
    if (!isObject(raw)) {
      problem('must be an object with "states", "initial", "transitions" and "operations"');
      continue;
    }
    const enumValues = statusEnum(schema);
    if (raw.sameAs !== undefined) {
      aliases.push([name, String(raw.sameAs)]);
      if (Object.keys(raw).length > 1) problem('"sameAs" stands alone: the lifecycle is the named schema\'s');
      continue;
    }
    const { states, meanings, initial, known } = readStates(raw, enumValues, problem);
    const transitions = readTransitions(raw, { enumValues, initial, known }, operations, problem);
    const rules = readRules(raw, { enumValues, states, known }, operations, problem);

    lifecycles.set(name, {
      schema: name,
      noun: nounOf(name),
      states: states.map((state) => ({ name: state, meaning: String(meanings[state] ?? '').trim() })),
      initial,
      transitions,
      operations: rules,
    });
  }

  resolveAliases(aliases, schemas, lifecycles, problems);
  problems.push(...invalidStateProblems(lifecycles, operations));

  return { model: { lifecycles, operations }, problems };
}

const orList = (values: string[]) =>
  values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : values[0];
const code = (value: string) => `\`${value}\``;

/**
 * When an operation is allowed, as one Markdown sentence for its reference and cmdlet pages:
 * "Allowed when the request is `Failed`; otherwise 409 `InvalidState`." Undefined when no rule restricts it.
 */
export function allowedSentence(model: LifecycleModel, operationId: string): string | undefined {
  const parts: string[] = [];
  let byState = false;
  for (const [name, lifecycle] of model.lifecycles) {
    if (lifecycle.schema !== name) continue;
    const rule = lifecycle.operations[operationId];
    if (!rule) continue;
    if (rule.states && rule.states.length < lifecycle.states.length) {
      parts.push(`the ${lifecycle.noun} is ${orList(rule.states.map(code))}`);
      byState = true;
    }
    if (rule.condition) parts.push(rule.condition);
  }
  if (!parts.length) return undefined;
  return `Allowed ${byState ? '' : 'only '}when ${parts.join(' and ')}; otherwise 409 \`InvalidState\`.`;
}

/** The sentence of every operation that has one, by operation id. */
export function operationNotes(model: LifecycleModel): Record<string, string> {
  const notes: Record<string, string> = {};
  for (const operationId of model.operations.keys()) {
    const sentence = allowedSentence(model, operationId);
    if (sentence) notes[operationId] = sentence;
  }
  return notes;
}

/** Text for a Mermaid label: no code marks and none of the characters Mermaid reads as syntax. */
const label = (text: string) =>
  text
    .replace(/`/g, '')
    .replace(/^the /, '')
    .replace(/[:;#{}<>"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The lifecycle as a Mermaid state diagram: created and deleted as the start and end marks, each arrow
 * labelled with its causes (operation ids or events).
 */
export function lifecycleMermaid(lifecycle: Lifecycle): string {
  const arrows = new Map<string, string[]>();
  for (const transition of lifecycle.transitions) {
    const cause = label(transition.operation ?? transition.event ?? '');
    for (const from of transition.from ?? ['[*]']) {
      const key = `${from} --> ${transition.to ?? '[*]'}`;
      const causes = arrows.get(key) ?? [];
      if (!causes.includes(cause)) causes.push(cause);
      arrows.set(key, causes);
    }
  }
  const names = lifecycle.states.map((state) => state.name);
  return [
    'stateDiagram-v2',
    `  accTitle: ${lifecycle.noun.charAt(0).toUpperCase()}${lifecycle.noun.slice(1)} lifecycle`,
    `  accDescr: The states of the ${lifecycle.noun} in the REST API v2 (${names.join(', ')}) and what moves it between them`,
    ...names.map((name) => `  ${name}`),
    ...[...arrows].map(([key, causes]) => `  ${key}: ${causes.join(', ')}`),
  ].join('\n');
}
