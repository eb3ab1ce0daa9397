/**
 * The `$filter` and `$orderby` examples of a list operation, fitted to the operation: the REST page's
 * query parameter rows, the cmdlet page's `-Filter` and `-OrderBy` rows and the calls of both examples
 * use them. An example names only properties the operation can filter on (its description lists them:
 * "Filterable properties: `level`, `source`.") with values its entries' schema allows, so that a reader
 * who copies it gets no 400 `InvalidFilter` and no filter that can never match. Pure functions.
 */
import type { MediaType, Schema } from '@services-manager-docs/core/api';
import { filterProperties, parseFilter, parseOrderBy, satisfies, valueAt } from './cortex/filter';
import { mergeAllOf, pageEntrySchema } from './schema';

/** What the examples read of an operation (the API model's operation, or the REST page's item). */
export type QueryOperation = {
  description?: string;
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { content?: Record<string, MediaType> }>;
};

export type QueryExample = { filter?: string; orderBy?: string };

/** The `$filter` (and `$orderby`) example of a list operation's description: "Example: `$filter=…&$orderby=…`". */
export function descriptionQuery(
  description: string | undefined,
): { filter: string; orderBy?: string } | undefined {
  const match = /Example: `\$filter=([^`]*?)(?:&\$orderby=([^`]*))?`/.exec(description ?? '');
  return match ? { filter: match[1], ...(match[2] ? { orderBy: match[2] } : {}) } : undefined;
}

/** The properties an operation's description says it can filter on, in its order. */
export function filterableProperties(description: string | undefined): string[] {
  const list = /Filterable properties: ((?:`[^`]+`(?:, )?)+)/.exec(description ?? '')?.[1] ?? '';
  return [...list.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
}

const takes = (operation: QueryOperation, name: string) =>
  (operation.parameters ?? []).some((parameter) => parameter.in === 'query' && parameter.name === name);

function success(operation: QueryOperation): MediaType | undefined {
  const response = Object.entries(operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status))?.[1];
  const content = response?.content ?? {};
  return content['application/json'] ?? Object.entries(content).find(([type]) => type.includes('json'))?.[1];
}

/** The entries of the operation's example answer, when it answers with a page. */
export function exampleEntries(operation: QueryOperation): Record<string, unknown>[] | undefined {
  const media = success(operation);
  const example = (media?.example ?? Object.values(media?.examples ?? {})[0]?.value) as
    { items?: unknown } | undefined;
  if (!pageEntrySchema(media?.schema) || !Array.isArray(example?.items)) return undefined;
  return example.items.filter(
    (item): item is Record<string, unknown> =>
      Boolean(item) && typeof item === 'object' && !Array.isArray(item),
  );
}

/** The schema of a property of an entry by its filter path (`target/type`). */
function propertySchema(entry: Schema | undefined, path: string): Schema | undefined {
  return path
    .split('/')
    .reduce<Schema | undefined>(
      (schema, key) => (schema ? mergeAllOf(schema).properties?.[key] : undefined),
      entry,
    );
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const isDate = (schema: Schema) => schema.format === 'date' || schema.format === 'date-time';

/** A filter of one comparison, on the first filterable property with an enumeration, a flag or a text value. */
function builtFilter(
  filterable: string[],
  entry: Schema | undefined,
  entries: Record<string, unknown>[],
): string | undefined {
  const shown = (property: string) =>
    entries.map((item) => valueAt(item, property)).find((value) => value !== undefined && value !== null);
  const candidates = filterable
    .map((property) => ({ property, schema: propertySchema(entry, property) }))
    .filter((candidate): candidate is { property: string; schema: Schema } => Boolean(candidate.schema))
    .map(({ property, schema }) => ({ property, schema: mergeAllOf(schema), value: shown(property) }));
  const enumerated = candidates.find(({ schema }) => schema.enum?.length);
  if (enumerated) {
    const values = enumerated.schema.enum!;
    const value = values.includes(enumerated.value) ? enumerated.value : values[0];
    return `${enumerated.property} eq ${typeof value === 'string' ? quote(value) : String(value)}`;
  }
  const flag = candidates.find(({ schema }) => schema.type === 'boolean');
  if (flag) return `${flag.property} eq ${flag.value === false ? 'false' : 'true'}`;
  const text = candidates.find(
    ({ schema, value }) =>
      schema.type === 'string' && !isDate(schema) && typeof (value ?? schema.example) === 'string',
  );
  if (text) return `${text.property} eq ${quote(String(text.value ?? text.schema.example))}`;
  return undefined;
}

/** A sort order: the first filterable date, newest first, then a name; else a name or the first text or enumeration. */
function builtOrderBy(filterable: string[], entry: Schema | undefined): string | undefined {
  const known = filterable.filter((property) => propertySchema(entry, property));
  const schemaOf = (property: string) => mergeAllOf(propertySchema(entry, property)!);
  const date = known.find((property) => isDate(schemaOf(property)));
  const name = known.find((property) => /^(name|displayName)$/.test(property));
  if (date) return name ? `${date} desc,${name}` : `${date} desc`;
  return name ?? known.find((property) => schemaOf(property).type === 'string');
}

/**
 * The operation's `$filter` and `$orderby` examples: its description's example when every property it
 * names is one the operation filters on, else one built from those properties and the values of its
 * entries' schema and example. None when the operation does not list what it filters on.
 */
export function queryExamples(operation: QueryOperation): QueryExample {
  const filterable = filterableProperties(operation.description);
  if (!filterable.length) return {};
  const entry = pageEntrySchema(success(operation)?.schema);
  const fits = (properties: string[]) =>
    properties.every((property) => filterable.includes(property) && propertySchema(entry, property));
  const own = descriptionQuery(operation.description);
  const parsed = own && parseFilter(own.filter);
  const ownOrder = own?.orderBy && parseOrderBy(own.orderBy).map((key) => key.property);
  const filter =
    parsed && fits(filterProperties(parsed))
      ? own!.filter
      : builtFilter(filterable, entry, exampleEntries(operation) ?? []);
  const orderBy = ownOrder && fits(ownOrder) ? own!.orderBy : builtOrderBy(filterable, entry);
  return {
    ...(filter && takes(operation, '$filter') ? { filter } : {}),
    ...(orderBy && takes(operation, '$orderby') ? { orderBy } : {}),
  };
}

/**
 * The query a list's example call sends: its description's `$filter` (and `$orderby`) when the example
 * answer is that call's result (every entry satisfies the filter), so that the call and the answer
 * tell the same story; undefined otherwise, and the call lists without a filter.
 */
export function exampleQuery(operation: QueryOperation): QueryExample | undefined {
  const own = descriptionQuery(operation.description);
  const filter = own && parseFilter(own.filter);
  const entries = exampleEntries(operation);
  if (!own || !filter || !entries?.length || !takes(operation, '$filter')) return undefined;
  if (entries.some((entry) => satisfies(entry, filter) === false)) return undefined;
  return {
    filter: own.filter,
    ...(own.orderBy && takes(operation, '$orderby') ? { orderBy: own.orderBy } : {}),
  };
}
