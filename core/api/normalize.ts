/** A Swagger 2.0 or OpenAPI 3 document in the OpenAPI 3.0 shape, and the same with its `$ref`s resolved. */
import { convertObj } from 'swagger2openapi';
import { SpecError } from './source';
import type { ApiModel, OpenApiDocument } from './types';

export function formatOf(document: Record<string, unknown>): ApiModel['format'] {
  if (document.swagger !== undefined) return 'swagger-2.0';
  return String(document.openapi).startsWith('3.1') ? 'openapi-3.1' : 'openapi-3.0';
}

/**
 * The document in the OpenAPI 3 shape: a Swagger 2.0 document converted with swagger2openapi (the
 * converter docusaurus-plugin-openapi-docs uses, with its options), an OpenAPI 3 document as it is.
 */
export async function toOpenApi3(
  document: Record<string, unknown>,
  source: string,
): Promise<OpenApiDocument> {
  if (formatOf(document) !== 'swagger-2.0') return structuredClone(document) as OpenApiDocument;
  try {
    const { openapi } = await convertObj(structuredClone(document), {
      patch: true,
      warnOnly: true,
      anchors: true,
      text: '{}',
    });
    return openapi as OpenApiDocument;
  } catch (error) {
    throw new SpecError(
      `OpenAPI specification ${source}: cannot be converted to OpenAPI 3: ${(error as Error).message}`,
    );
  }
}

/** Keys whose values are data, never references: examples, defaults and enum values. */
const LITERAL_KEYS = new Set(['example', 'x-example', 'value', 'default', 'enum', 'const']);
/** Maps whose keys are names, so a property or schema may be called `example` or `default`. */
const NAME_MAPS = new Set([
  'paths',
  'properties',
  'patternProperties',
  'definitions',
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'content',
  'examples',
  'securitySchemes',
  'links',
  'callbacks',
]);

const unescape = (segment: string) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * A copy of the document with every local `$ref` replaced by the object it points to, so two uses of a
 * schema are one object and a recursive schema contains itself. Returns the copy and the name of each
 * named schema (`components.schemas`). A reference to nothing, or outside the document, is a SpecError.
 */
export function dereference(
  document: OpenApiDocument,
  source: string,
): { resolved: OpenApiDocument; names: Map<object, string> } {
  const root = structuredClone(document);
  const names = new Map<object, string>();
  for (const [name, schema] of Object.entries(root.components?.schemas ?? {}))
    if (schema && typeof schema === 'object') names.set(schema, name);
  const target = (ref: string, seen: Set<string>): unknown => {
    if (!ref.startsWith('#/'))
      throw new SpecError(`OpenAPI specification ${source}: the reference ${ref} is outside the document`);
    if (seen.has(ref))
      throw new SpecError(`OpenAPI specification ${source}: the reference ${ref} refers to itself`);
    let node: unknown = root;
    for (const segment of ref.slice(2).split('/'))
      node =
        node && typeof node === 'object' ? (node as Record<string, unknown>)[unescape(segment)] : undefined;
    if (node === undefined)
      throw new SpecError(`OpenAPI specification ${source}: unresolved reference ${ref}`);
    const next = (node as { $ref?: unknown }).$ref;
    return typeof next === 'string' ? target(next, new Set(seen).add(ref)) : node;
  };
  const visited = new Set<object>();
  // `named`: the node is a map whose keys are names (`properties`, `schemas` …), not keywords.
  const walk = (node: unknown, named: boolean) => {
    if (!node || typeof node !== 'object' || visited.has(node)) return;
    visited.add(node);
    const entries = Array.isArray(node) ? node.entries() : Object.entries(node);
    for (const [key, value] of entries) {
      if (!named && LITERAL_KEYS.has(String(key))) continue;
      const ref = (value as { $ref?: unknown } | null)?.$ref;
      const replacement = typeof ref === 'string' ? target(ref, new Set()) : value;
      if (replacement !== value) (node as Record<string | number, unknown>)[key] = replacement;
      walk(replacement, !named && NAME_MAPS.has(String(key)));
    }
  };
  walk(root, false);
  return { resolved: root, names };
}
