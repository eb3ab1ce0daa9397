/**
 * The objects the generated examples act on. An operation that the specification's `x-lifecycle`
 * restricts, to some states (`retryRequest: { states: [Failed] }`) or by a condition that names a
 * property's value ("the user has the item directly (`source` is `Direct`)"), is shown acting on an
 * object in which it is allowed; otherwise its example would answer 409 `InvalidState`. The read
 * examples (the answers of the GET operations) say which objects there are and in which state.
 */
import {
  jsonContent,
  mediaExample,
  successResponse,
  type ApiModel,
  type Operation,
  type Schema,
} from '@services-manager-docs/core/api';
import type { Lifecycle, OperationRule } from '@services-manager-docs/core/api/lifecycle';
import { exampleFor } from '../schema';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object of a read example, then the objects it is nested in (innermost first), and the read. */
export type ExampleObject = { chain: Json[]; read: string };

export type Restriction = {
  lifecycle: Lifecycle;
  rule: OperationRule;
  /** The schemas that share the lifecycle (`Request` and `RequestNode`). */
  schemas: string[];
};

/** A condition that names a property's value, in brackets: "… (`source` is `Direct`)". */
export function propertyCondition(
  condition: string | undefined,
): { property: string; value: string } | undefined {
  const match = condition ? /\(`(\w+)` is `([^`]+)`\)/.exec(condition) : null;
  return match ? { property: match[1], value: match[2] } : undefined;
}

/** The lifecycle rule that restricts an operation to some states or to a property's value, if any. */
export function restriction(model: ApiModel, operationId: string): Restriction | undefined {
  for (const lifecycle of new Set(model.lifecycles.lifecycles.values())) {
    const rule = lifecycle.operations[operationId];
    if (!rule || (!rule.states?.length && !propertyCondition(rule.condition))) continue;
    const schemas = [...model.lifecycles.lifecycles]
      .filter(([, candidate]) => candidate === lifecycle)
      .map(([name]) => name);
    return { lifecycle, rule, schemas };
  }
  return undefined;
}

/** Why an object does not allow the operation (`status is \`InProgress\``), or undefined when it does. */
export function disallowed(object: Json, rule: OperationRule): string | undefined {
  if (rule.states?.length && typeof object.status === 'string' && !rule.states.includes(object.status))
    return `status is \`${object.status}\``;
  const condition = propertyCondition(rule.condition);
  const actual = condition ? object[condition.property] : undefined;
  if (condition && actual !== undefined && actual !== condition.value)
    return `${condition.property} is \`${String(actual)}\``;
  return undefined;
}

/** When the rule allows the operation, for sentences: "when it is `Failed`". */
export function allowedWhen(rule: OperationRule): string {
  const states = rule.states ?? [];
  const list =
    states.length < 2 ? states.join('') : `${states.slice(0, -1).join('`, `')}\` or \`${states.at(-1)}`;
  return [states.length ? `when it is \`${list}\`` : '', rule.condition ? `when ${rule.condition}` : '']
    .filter(Boolean)
    .join(' and ');
}

/** Every object of the given schemas in the answers of the GET operations' examples. */
export function readObjects(model: ApiModel, schemas: string[]): ExampleObject[] {
  const objects: ExampleObject[] = [];
  for (const operation of model.operations) {
    if (operation.method !== 'get') continue;
    const media = jsonContent(successResponse(operation)?.response);
    const example = mediaExample(media);
    // The schema of each value, to tell which objects are of the lifecycle's schemas.
    const visit = (value: unknown, schema: Schema | undefined, chain: Json[]) => {
      if (!schema) return;
      if (Array.isArray(value)) {
        for (const item of value) visit(item, schema.items, chain);
        return;
      }
      if (!isObject(value)) return;
      const inner = [value, ...chain];
      if (schemas.includes(model.schemaName(schema) ?? ''))
        objects.push({ chain: inner, read: operation.operationId });
      for (const [key, item] of Object.entries(value)) visit(item, schema.properties?.[key], inner);
    };
    visit(example, media?.schema, []);
  }
  return objects;
}

const pathNames = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

/**
 * The values an object gives a path's parameters, from the last parameter to the first: a property of
 * the parameter's name on the object or one it is nested in (`itemId`), else the `id` of the next of
 * them (a request's `id` for `{requestId}`, the Workspace user's for `{userId}`).
 */
export function pathValuesOf(path: string, chain: Json[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  let next = 0;
  for (const name of pathNames(path).reverse()) {
    const owner = chain.find((object) => typeof object[name] === 'string');
    if (owner) {
      values[name] = owner[name];
      continue;
    }
    while (next < chain.length && typeof chain[next].id !== 'string') next++;
    values[name] = chain[next]?.id;
    next++;
  }
  return values;
}

/** The object a call names: every path value of the call is one the object gives. */
export const names = (path: string, chain: Json[], sent: Record<string, unknown>) => {
  const values = pathValuesOf(path, chain);
  return pathNames(path).every((name) => values[name] !== undefined && values[name] === sent[name]);
};

/** The path values of the parameters' own examples. */
export function parameterExamples(operation: Operation): Record<string, unknown> {
  return Object.fromEntries(
    operation.parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => [parameter.name, parameter.example ?? parameter.schema?.example]),
  );
}

const chosen = new WeakMap<ApiModel, Map<string, Record<string, unknown> | undefined>>();
/** By the operation's `responses` (shared with the REST page's item), for pages not handed a model. */
const byResponses = new WeakMap<object, Record<string, unknown>>();

/**
 * The path values the examples of a restricted operation use instead of its parameters' examples, when
 * the read examples show the object those name in a state the operation is not allowed in: the first
 * object of the read examples that allows it (and that no read example shows otherwise), else the object
 * the lifecycle's creating operation makes in its example (its path and body). Undefined when the
 * parameters' examples fit, or no rule restricts the operation.
 */
export function examplePath(model: ApiModel, operation: Operation): Record<string, unknown> | undefined {
  let cache = chosen.get(model);
  if (!cache) chosen.set(model, (cache = new Map()));
  if (cache.has(operation.operationId)) return cache.get(operation.operationId);
  const values = choose(model, operation);
  cache.set(operation.operationId, values);
  if (values) byResponses.set(operation.responses, values);
  return values;
}

function choose(model: ApiModel, operation: Operation): Record<string, unknown> | undefined {
  const restricted = restriction(model, operation.operationId);
  if (!restricted) return undefined;
  const { rule, lifecycle, schemas } = restricted;
  const objects = readObjects(model, schemas);
  const allowedEverywhere = (values: Record<string, unknown>) =>
    objects
      .filter((object) => names(operation.path, object.chain, values))
      .every((object) => !disallowed(object.chain[0], rule));
  if (allowedEverywhere(parameterExamples(operation))) return undefined;
  for (const object of objects) {
    if (disallowed(object.chain[0], rule)) continue;
    const values = pathValuesOf(operation.path, object.chain);
    if (Object.values(values).every((value) => typeof value === 'string') && allowedEverywhere(values))
      return values;
  }
  // The object the creating operation makes: the path values and body properties of its example.
  for (const transition of lifecycle.transitions) {
    if (transition.from || !transition.operation) continue;
    const creator = model.operation(transition.operation);
    if (!creator) continue;
    const media = jsonContent(creator.requestBody);
    const body = mediaExample(media) ?? (media?.schema ? exampleFor(media.schema) : undefined);
    const made = { ...(isObject(body) ? body : {}), ...parameterExamples(creator) };
    const values = Object.fromEntries(pathNames(operation.path).map((name) => [name, made[name]]));
    if (Object.values(values).every((value) => typeof value === 'string')) return values;
  }
  return undefined;
}

/** Chooses the example path of every operation of a model (the REST pages read them by operation). */
export function exampleTargets(model: ApiModel): void {
  for (const operation of model.operations) examplePath(model, operation);
}

/** The example path chosen for an operation of a model read with `exampleTargets`, if any. */
export function chosenExamplePath(operation: { responses?: object }): Record<string, unknown> | undefined {
  return operation.responses ? byResponses.get(operation.responses) : undefined;
}
