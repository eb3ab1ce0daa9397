import type { Schema } from '@services-manager-docs/core/api';

export type { Schema };

export type SchemaRow = { name: string; type: string; required: boolean; description: string };

const MAX_DEPTH = 6;

/** allOf parts merged into one object schema, so inherited properties show as the schema's own. */
export function mergeAllOf(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(mergeAllOf);
  const { allOf: _allOf, ...rest } = schema;
  return parts.reduce<Schema>(
    (merged, part) => ({
      ...part,
      ...merged,
      properties: { ...part.properties, ...merged.properties },
      required: [...new Set([...(merged.required ?? []), ...(part.required ?? [])])],
    }),
    rest,
  );
}

/** A short type label: `string (uuid)`, `array of object`, `integer (int32)`. */
export function typeLabel(input: Schema): string {
  const schema = mergeAllOf(input);
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array' || (!type && schema.items)) return `array of ${typeLabel(schema.items ?? {})}`;
  if (schema.oneOf || schema.anyOf) return (schema.oneOf ?? schema.anyOf ?? []).map(typeLabel).join(' | ');
  const base = type ?? (schema.properties ? 'object' : 'any');
  return schema.format ? `${base} (${schema.format})` : base;
}

const inline = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

/** Constraints a writer of a client needs, appended to the description. */
export function constraints(schema: Schema): string[] {
  const notes: string[] = [];
  if (schema.enum) notes.push(`One of: ${schema.enum.map(inline).join(', ')}.`);
  if (schema.default !== undefined) notes.push(`Default: ${inline(schema.default)}.`);
  if (schema.minimum !== undefined) notes.push(`Minimum: ${schema.minimum}.`);
  if (schema.maximum !== undefined) notes.push(`Maximum: ${schema.maximum}.`);
  if (schema.minLength !== undefined) notes.push(`Minimum length: ${schema.minLength}.`);
  if (schema.maxLength !== undefined) notes.push(`Maximum length: ${schema.maxLength}.`);
  if (schema.pattern) notes.push(`Pattern: ${inline(schema.pattern)}.`);
  if (schema.readOnly) notes.push('Read-only.');
  if (schema.nullable) notes.push('May be null.');
  return notes;
}

/**
 * One row per property, nested properties flattened with dotted names (`target.id`, `lines[].amount`),
 * so a whole schema reads as one table.
 */
export function schemaRows(input: Schema, prefix = '', depth = 0, seen = new Set<Schema>()): SchemaRow[] {
  const schema = mergeAllOf(input);
  if (depth > MAX_DEPTH || seen.has(input)) return [];
  const nextSeen = new Set(seen).add(input);
  if (schema.type === 'array' && schema.items)
    return schemaRows(schema.items, `${prefix}[].`, depth + 1, nextSeen);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && !schema.properties) {
    return variants.flatMap((variant, i) =>
      schemaRows(variant, `${prefix}${variant.title ?? `option ${i + 1}`} → `, depth + 1, nextSeen),
    );
  }
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, raw]) => {
    const property = mergeAllOf(raw);
    const name = `${prefix}${key}`;
    const description = [property.description?.trim(), ...constraints(property)].filter(Boolean).join(' ');
    const row: SchemaRow = { name, type: typeLabel(property), required: required.has(key), description };
    const item = property.items ? mergeAllOf(property.items) : undefined;
    const children = property.properties
      ? schemaRows(property, `${name}.`, depth + 1, nextSeen)
      : item?.properties
        ? schemaRows(item, `${name}[].`, depth + 1, nextSeen)
        : [];
    return [row, ...children];
  });
}

/** Whether a schema, or a part of it, gives an example value (its own, an enumeration or a default). */
function hasExample(input: Schema, depth = 0): boolean {
  const schema = mergeAllOf(input);
  if (schema.example !== undefined || schema.enum?.length || schema.default !== undefined) return true;
  if (depth > MAX_DEPTH) return false;
  return Object.values(schema.properties ?? {})
    .concat(schema.items ? [schema.items] : [])
    .some((part) => hasExample(part, depth + 1));
}

/**
 * An example value: the schema's own example, else one built from its properties and types. An object
 * shows its required properties and those with an example (an optional property without one would only
 * be a placeholder, and a request example that sends it would claim a value nobody chose); an id
 * (`format: uuid`) without an example is the nil UUID, so that every id is in the API's format.
 */
export function exampleFor(input: Schema, depth = 0): unknown {
  const schema = mergeAllOf(input);
  if (schema.example !== undefined) return schema.example;
  if (depth > MAX_DEPTH) return undefined;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.type === 'array' || schema.items) return [exampleFor(schema.items ?? {}, depth + 1)];
  if (schema.properties) {
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties)
        .filter(([key, value]) => required.has(key) || hasExample(value))
        .map(([key, value]) => [key, exampleFor(value, depth + 1)]),
    );
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants?.length) return exampleFor(variants[0], depth + 1);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'string':
      return schema.format === 'date-time'
        ? '2025-06-01T09:00:00Z'
        : schema.format === 'date'
          ? '2025-06-01'
          : schema.format === 'uuid'
            ? '00000000-0000-0000-0000-000000000000'
            : 'string';
    default:
      return {};
  }
}

/** The properties a page has besides its `items`: how many match, and where the next page is. */
export const PAGE_PROPERTIES = ['totalCount', 'nextLink'];

/**
 * Whether a response is the paged list the API's list operations answer with: an object of `items` (an
 * array) and paging properties only (`totalCount`, `nextLink`). Other objects can have an `items` array
 * of their own (a Workspace list's items) and are one object.
 */
export function isPage(input: Schema | undefined): boolean {
  if (!input) return false;
  const properties = mergeAllOf(input).properties ?? {};
  const items = properties.items && mergeAllOf(properties.items);
  return Boolean(
    items &&
    (items.type === 'array' || items.items) &&
    Object.keys(properties).every((key) => key === 'items' || PAGE_PROPERTIES.includes(key)),
  );
}

/** The schema of a page's entries, or undefined when the schema is not a page. */
export function pageEntrySchema(input: Schema | undefined): Schema | undefined {
  return input && isPage(input) ? mergeAllOf(mergeAllOf(input).properties!.items).items : undefined;
}
