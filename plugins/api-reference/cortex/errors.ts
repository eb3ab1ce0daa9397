/**
 * The error table of an operation, shared by its REST reference page and its cmdlet page: one row per
 * HTTP error status with the `Error` codes the specification gives for it and when it happens. Pure.
 */
import type { MediaType, Schema } from '@services-manager-docs/core/api';

/** What the table reads of an operation (the API model's operation, or the REST page's item). */
export type ErrorOperation = {
  /** The HTTP method: a read (`get`) changes nothing, so advice about changes is left out of its rows. */
  method?: string;
  description?: string;
  parameters?: { name: string; in: string; description?: string }[];
  /** The operation takes a request body. */
  requestBody?: unknown;
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
};

export type ErrorRow = {
  status: string;
  /** The `Error` codes the response can carry, in the `Error` model's order. */
  codes: string[];
  /** The response's description, without what the operation does not take (see `forOperation`). */
  description: string;
};

/**
 * Query options whose bad values answer 400 with a code of their own. `$top` says so in its
 * description ("Values above 500 return 400 `InvalidPaging`"), and `$skip` is paging too; `$filter`'s
 * description names no code, and the 400 response gives "an unknown property in `$filter`" as a cause,
 * which the `Error` model calls `InvalidFilter`.
 */
export const QUERY_OPTION_CODES: Record<string, string> = {
  $filter: 'InvalidFilter',
  $top: 'InvalidPaging',
  $skip: 'InvalidPaging',
};

/**
 * Headers whose use answers with a code of their own: the same `Idempotency-Key` with another body
 * answers 409 `IdempotencyKeyReused` (the header's description). An operation that does not take the
 * header never answers with that code, and its table does not name the header.
 */
export const HEADER_CODES: Record<string, string[]> = { 'Idempotency-Key': ['IdempotencyKeyReused'] };

/**
 * Causes an error response names that need a part of the call the operation may not take: the shared
 * 400 response gives "a malformed body, a failed validation, an unknown property in `$filter`, or paging
 * values out of range", and an operation without a body, `$filter` or paging cannot fail for those.
 */
export const PART_CAUSES: { cause: RegExp; parts: string[] }[] = [
  { cause: /`\$filter`/, parts: ['$filter'] },
  { cause: /\bpaging\b/i, parts: ['$top', '$skip'] },
  { cause: /\bbody\b/i, parts: ['body'] },
];

/**
 * A description without the causes the operation cannot have: from an enumeration after a colon
 * ("The request is not valid: a, b, or c."), the items that name a part the operation does not take
 * (`absent`); the rest joined again ("a or c"). A description whose every cause would go stays whole.
 */
export function withoutCauses(text: string, absent: RegExp[]): string {
  if (!absent.length) return text;
  const match = /^([^:.]*: )([^.]*?)(\.(?:\s|$)[\s\S]*)?$/.exec(text);
  if (!match) return text;
  const [, head, list, rest = ''] = match;
  const items = list
    .split(/,\s*(?:or\s+)?|\s+or\s+/)
    .map((item) => item.trim())
    .filter(Boolean);
  const kept = items.filter((item) => !absent.some((cause) => cause.test(item)));
  if (kept.length === items.length || !kept.length) return text;
  const joined = kept.length < 3 ? kept.join(' or ') : `${kept.slice(0, -1).join(', ')}, or ${kept.at(-1)}`;
  return `${head}${joined}${rest}`;
}

const quoted = (text: string | undefined) =>
  [...(text ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** The error codes the `Error` model lists (its `code` property's description), in its order. */
export function errorModelCodes(schema: Schema | undefined): string[] {
  return quoted(schema?.properties?.code?.description).filter((code) => /^[A-Z][A-Za-z]+$/.test(code));
}

const jsonOf = (content: Record<string, MediaType> | undefined) =>
  content?.['application/json'] ?? Object.entries(content ?? {}).find(([type]) => type.includes('json'))?.[1];

/** The first error response's schema: the `Error` model. */
export function errorSchema(operation: ErrorOperation): Schema | undefined {
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => Number(status) >= 400)
    .map(([, response]) => jsonOf(response.content)?.schema)
    .find(Boolean);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A description without what an operation does not take: "Repeat the call later with the same
 * `Idempotency-Key`" loses "with the same `Idempotency-Key`", an enumeration loses a code the operation
 * cannot answer with ("`DuplicateName`, or `IdempotencyKeyReused`" → "or `DuplicateName`"), and a
 * sentence that still names an absent header goes.
 */
export function withoutAbsent(text: string, headers: string[], codes: string[]): string {
  let result = text;
  for (const code of codes) {
    const name = escape(`\`${code}\``);
    const last = new RegExp(`,? or ${name}`);
    if (last.test(result)) {
      // The item before it becomes the last: "A, B, or C" → "A, or B".
      const mark = '\u{2063}';
      result = result.replace(last, mark);
      result = result
        .replace(new RegExp(`, (\`[^\`]+\`(?: \\([^)]*\\))?)${mark}`), ', or $1')
        .replace(mark, '');
    } else result = result.replace(new RegExp(`${name}(?: \\([^)]*\\))?, `), '');
    // Two items left: "A, or B" → "A or B".
    result = result.replace(/^([^,]*`[^`]+`(?: \([^)]*\))?), or /, '$1 or ');
  }
  for (const header of headers) {
    const name = escape(`\`${header}\``);
    result = result.replace(new RegExp(`\\s+with the same ${name}`, 'g'), '');
    result = result
      .split(/(?<=[.!?])\s+/)
      .filter((sentence) => !new RegExp(name).test(sentence))
      .join(' ');
  }
  return result;
}

/** A read's text without the sentences about calls that change something ("A call that changes…"). */
export function withoutChangeAdvice(text: string, method?: string): string {
  if (method?.toLowerCase() !== 'get') return text;
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !/^A call that changes something\b/.test(sentence))
    .join(' ');
}

/** One row per HTTP error status of an operation, in status order. */
export function errorRows(operation: ErrorOperation): ErrorRow[] {
  const order = errorModelCodes(errorSchema(operation));
  const known = new Set(order);
  const parameters = operation.parameters ?? [];
  const takes = (name: string) => parameters.some((parameter) => parameter.name === name);
  const absentHeaders = Object.keys(HEADER_CODES).filter((header) => !takes(header));
  const absentCodes = absentHeaders.flatMap((header) => HEADER_CODES[header]);
  // The causes of an error the operation cannot have: no `$filter`, no paging, no body.
  const has = (part: string) => (part === 'body' ? operation.requestBody !== undefined : takes(part));
  const absentCauses = PART_CAUSES.filter(({ parts }) => !parts.some(has)).map(({ cause }) => cause);
  // "409 `InvalidState`" in the operation's or a parameter's description.
  const stated = [operation.description, ...parameters.map((parameter) => parameter.description)].flatMap(
    (text) => [...(text ?? '').matchAll(/\b(\d{3}) `(\w+)`/g)].map(([, status, code]) => ({ status, code })),
  );
  return Object.entries(operation.responses ?? {})
    .filter(([status]) => Number(status) >= 400)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, response]) => {
      const example = jsonOf(response.content);
      const exampleCode = (
        (example?.example ?? Object.values(example?.examples ?? {})[0]?.value) as
          { code?: unknown } | undefined
      )?.code;
      const codes = [
        ...(typeof exampleCode === 'string' ? [exampleCode] : []),
        ...quoted(response.description),
        ...stated.filter((entry) => entry.status === status).map((entry) => entry.code),
        ...(status === '400'
          ? Object.entries(QUERY_OPTION_CODES)
              .filter(([option]) => takes(option))
              .map(([, code]) => code)
          : []),
      ].filter((code) => known.has(code) && !absentCodes.includes(code));
      return {
        status,
        codes: [...new Set(codes)].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
        description: withoutChangeAdvice(
          withoutCauses(withoutAbsent(response.description ?? '', absentHeaders, absentCodes), absentCauses),
          operation.method,
        ),
      };
    });
}
