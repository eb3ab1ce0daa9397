/**
 * Where the REST API specification comes from, and its validation: a missing file, an unreachable URL
 * or an invalid document is a SpecError naming the source and the first problem.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** The specification in this repository. */
export const DEFAULT_SPEC = 'openapi/services-manager-v2.yaml';
const FETCH_TIMEOUT_MS = 20_000;

export type SpecSource = { kind: 'file' | 'url'; location: string };

/** DOCS_OPENAPI_SPEC (a path or an http(s) URL) when set, else the specification in this repository. */
export function apiSpecSource(value = process.env.DOCS_OPENAPI_SPEC): SpecSource {
  const location = value?.trim() || DEFAULT_SPEC;
  return { kind: /^https?:\/\//i.test(location) ? 'url' : 'file', location };
}

export class SpecError extends Error {
  override name = 'SpecError';
}

/** Reads the specification's text; a missing file or an unreachable URL is a SpecError naming it. */
export async function readSpec(source: SpecSource, cwd = process.cwd()): Promise<string> {
  if (source.kind === 'file') {
    const file = path.resolve(cwd, source.location);
    try {
      return await fs.readFile(file, 'utf8');
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message;
      throw new SpecError(`OpenAPI specification ${source.location}: ${reason}`);
    }
  }
  let response: Response;
  try {
    response = await fetch(source.location, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new SpecError(
      `OpenAPI specification ${source.location}: could not be fetched (${cause?.code ?? cause?.message ?? (error as Error).message})`,
    );
  }
  if (!response.ok) {
    throw new SpecError(
      `OpenAPI specification ${source.location}: the server answered HTTP ${response.status}`,
    );
  }
  return response.text();
}

/**
 * Validates the text as a Swagger 2.0 or OpenAPI 3 document and returns it parsed; throws a SpecError
 * naming the source, the first problem and where it is.
 */
export async function validateSpec(text: string, location: string): Promise<Record<string, unknown>> {
  const { createConfig, lintFromString, detectSpec, parseYaml, getLineColLocation } =
    await import('@redocly/openapi-core');
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    throw new SpecError(`OpenAPI specification ${location}: not valid YAML or JSON: ${message}`);
  }
  if (typeof parsed !== 'object' || parsed === null) {
    throw new SpecError(`OpenAPI specification ${location}: expected a YAML or JSON object at the top level`);
  }
  try {
    detectSpec(parsed as Record<string, unknown>);
  } catch (error) {
    throw new SpecError(`OpenAPI specification ${location}: ${(error as Error).message}`);
  }
  if (!('swagger' in parsed) && !('openapi' in parsed)) {
    throw new SpecError(
      `OpenAPI specification ${location}: missing the "swagger: '2.0'" or "openapi: 3.x" field`,
    );
  }
  const config = await createConfig({
    rules: { struct: 'error', 'no-unresolved-refs': 'error', 'operation-operationId-unique': 'error' },
  });
  const problems = await lintFromString({ source: text, absoluteRef: path.resolve(location), config });
  const first = problems.find((problem) => problem.severity === 'error');
  if (first) {
    const where = first.location[0];
    const line = where ? getLineColLocation(where).start.line : undefined;
    const pointer = where?.pointer?.replace(/^#/, '') || '/';
    throw new SpecError(
      `OpenAPI specification ${location}${line ? `:${line}` : ''}: ${first.message} (at ${pointer})` +
        (problems.length > 1 ? ` — and ${problems.length - 1} more problem(s)` : ''),
    );
  }
  return parsed as Record<string, unknown>;
}
