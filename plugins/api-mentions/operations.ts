/** The operations of the REST API v2 specification, and how a guide's mention of one is recognised. */
import type { Operation as ApiOperation } from '@services-manager-docs/core/api';
import { editDistance } from '@services-manager-docs/core/utils/editDistance';
import { operationPageId } from '../api-reference/pageId';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Where the generated reference pages live (the API docs instance's route plus its generated folder). */
export const REFERENCE_ROUTE = '/docs/developer/api/reference';

export type Operation = { method: string; path: string; operationId: string };

/**
 * Endpoints that guides show but that are not operations of the specification: the health checks.
 * They are recognised, never linked.
 */
export const DECLARED_ENDPOINTS: readonly { method: string; path: string; what: string }[] = [
  { method: 'GET', path: '/api/v2/health', what: 'the Api’s health endpoint (monitoring)' },
  { method: 'GET', path: '/health', what: 'each web server’s health probe (load balancers)' },
];

/** The model's operations as mentions name them: upper-case method, path without the base path. */
export function mentionable(operations: readonly ApiOperation[]): Operation[] {
  return operations
    .filter((operation) => METHODS.includes(operation.method.toUpperCase() as never))
    .map(({ method, path, operationId }) => ({ method: method.toUpperCase(), path, operationId }));
}

/** The reference page's slug: the id the reference generator gives the operation's page. */
export { operationPageId as referenceSlug };

export const referenceRoute = (operation: Operation) =>
  `${REFERENCE_ROUTE}/${operationPageId(operation.operationId)}`;

export type Mention = { method: string; host?: string; path: string; text: string };

const MENTION = new RegExp(`^(${METHODS.join('|')})\\s+((?:https?://[^/\\s]+)?/\\S*)(?:\\s.*)?$`);

/**
 * Reads inline code such as `POST /api/v2/customers`, `GET /customers/{customerId}?$top=5` or
 * `GET https://portal.example.com/api/v2/requests/c4e8…`; anything else is not a mention.
 */
export function parseMention(code: string): Mention | undefined {
  const match = MENTION.exec(code.trim());
  if (!match) return undefined;
  const host = /^https?:\/\/([^/]+)/i.exec(match[2])?.[1];
  const path = match[2].replace(/^https?:\/\/[^/]+/i, '').replace(/[?#].*$/, '');
  return { method: match[1], host, path: path.length > 1 ? path.replace(/\/+$/, '') : path, text: code };
}

/** A path under the base path written without its method (`/api/v2/oauth/token`): not a mention yet. */
export const isBarePath = (code: string, basePath: string) =>
  Boolean(basePath) && code.trim().startsWith(`${basePath}/`) && !/\s/.test(code.trim());

const segments = (path: string) => path.split('/').filter(Boolean);
const isTemplate = (segment: string) => /^\{[^}]+\}$/.test(segment);
/** A path segment that stands for an id: a template, a placeholder, or a value with a digit in it. */
const isIdLike = (segment: string) =>
  isTemplate(segment) || /^<[^>]+>$/.test(segment) || /^:\w+$/.test(segment) || /\d/.test(segment);

function pathMatches(template: string, path: string): boolean {
  const want = segments(template);
  const have = segments(path);
  return (
    want.length === have.length &&
    want.every((segment, i) => (isTemplate(segment) ? isIdLike(have[i]) : segment === have[i]))
  );
}

/** The path relative to the base path, when it was written with it. */
function relative(path: string, basePath: string): string {
  return basePath && (path === basePath || path.startsWith(`${basePath}/`))
    ? path.slice(basePath.length) || '/'
    : path;
}

export type Resolution =
  | { kind: 'operation'; operation: Operation }
  | { kind: 'declared' }
  | { kind: 'elsewhere' }
  | { kind: 'unknown'; nearest?: Operation };

/** A mention with another host than the API's (a PSA's or Microsoft's API) is not checked. */
export function resolveMention(
  mention: Mention,
  operations: Operation[],
  basePath: string,
  host?: string,
): Resolution {
  if (mention.host && host && mention.host.toLowerCase() !== host.toLowerCase()) return { kind: 'elsewhere' };
  const declared = DECLARED_ENDPOINTS.some(
    (endpoint) =>
      endpoint.method === mention.method &&
      (pathMatches(endpoint.path, mention.path) ||
        pathMatches(relative(endpoint.path, basePath), mention.path)),
  );
  if (declared) return { kind: 'declared' };
  const path = relative(mention.path, basePath);
  // A literal segment beats a template in the same place (`/workspace/items/import` over `{itemId}`).
  const candidates = operations
    .filter((operation) => operation.method === mention.method && pathMatches(operation.path, path))
    .sort((a, b) => segments(a.path).filter(isTemplate).length - segments(b.path).filter(isTemplate).length);
  if (candidates.length) return { kind: 'operation', operation: candidates[0] };
  return { kind: 'unknown', nearest: nearestOperation(mention.method, path, operations) };
}

/** Ids and templates compare as one placeholder, so only the words decide. */
const shape = (path: string) =>
  segments(path)
    .map((segment) => (isIdLike(segment) ? '{}' : segment))
    .join('/');

/** PUT and PATCH both change a resource, so one is nearer the other than GET or DELETE is. */
const methodDistance = (a: string, b: string) =>
  a === b ? 0 : [a, b].every((method) => method === 'PUT' || method === 'PATCH') ? 1 : 2;

/** The operation whose path reads most like the given one (a missing or extra segment weighs most), then whose method does. */
export function nearestOperation(
  method: string,
  path: string,
  operations: Operation[],
): Operation | undefined {
  const wanted = shape(path);
  const count = segments(path).length;
  let best: Operation | undefined;
  let bestScore = Infinity;
  for (const operation of operations) {
    const score =
      (editDistance(wanted, shape(operation.path)) + 4 * Math.abs(count - segments(operation.path).length)) *
        3 +
      methodDistance(method, operation.method);
    if (score < bestScore) [best, bestScore] = [operation, score];
  }
  return best;
}
