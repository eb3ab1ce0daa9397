/**
 * The API's `$filter` and `$orderby` syntax, read and applied to example objects: the Cortex examples
 * show only the entries a list call's filter returns, in its order, and the example check holds every
 * generated list output to the filter of its own call. Pure functions.
 *
 * Filters: `eq`, `ne`, `gt`, `ge`, `lt`, `le`, `and`, `or`, `not`, brackets, `startswith(p,'x')` and
 * `contains(p,'x')`; strings single-quoted (`''` for a quote), dates, numbers, `true`, `false` and
 * `null` bare; a property path with `/` (`target/type`).
 */

export type FilterNode =
  | { kind: 'and'; parts: FilterNode[] }
  | { kind: 'or'; parts: FilterNode[] }
  | { kind: 'not'; part: FilterNode }
  | { kind: 'compare'; property: string; op: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le'; value: unknown }
  | { kind: 'function'; property: string; fn: 'startswith' | 'contains'; value: string };

type Token = { type: 'string' | 'word' | '(' | ')' | ','; text: string };

function tokens(text: string): Token[] | undefined {
  const result: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (/\s/.test(char)) {
      i++;
    } else if (char === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) return undefined;
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += text[i++];
      }
      result.push({ type: 'string', text: value });
    } else if (char === '(' || char === ')' || char === ',') {
      result.push({ type: char, text: char });
      i++;
    } else {
      const word = /^[^\s(),']+/.exec(text.slice(i))![0];
      result.push({ type: 'word', text: word });
      i += word.length;
    }
  }
  return result;
}

const COMPARISONS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);

function bare(text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** The filter as a tree, or undefined when it is not in the syntax above. */
export function parseFilter(text: string): FilterNode | undefined {
  const list = tokens(text);
  if (!list?.length) return undefined;
  let at = 0;
  const peek = () => list[at];
  const keyword = (word: string) => peek()?.type === 'word' && peek().text.toLowerCase() === word;
  const expect = (type: Token['type']) => {
    if (peek()?.type !== type) throw new SyntaxError(type);
    return list[at++];
  };
  const joined = (kind: 'and' | 'or', next: () => FilterNode): FilterNode => {
    const parts = [next()];
    while (keyword(kind)) {
      at++;
      parts.push(next());
    }
    return parts.length === 1 ? parts[0] : ({ kind, parts } as FilterNode);
  };
  const or = (): FilterNode => joined('or', and);
  const and = (): FilterNode => joined('and', unary);
  const unary = (): FilterNode => {
    if (keyword('not')) {
      at++;
      return { kind: 'not', part: unary() };
    }
    if (peek()?.type === '(') {
      at++;
      const inner = or();
      expect(')');
      return inner;
    }
    const word = expect('word').text;
    if ((word === 'startswith' || word === 'contains') && peek()?.type === '(') {
      at++;
      const property = expect('word').text;
      expect(',');
      const value = expect('string').text;
      expect(')');
      return { kind: 'function', property, fn: word, value };
    }
    const op = expect('word').text.toLowerCase();
    if (!COMPARISONS.has(op)) throw new SyntaxError(op);
    const literal = list[at++];
    if (!literal || (literal.type !== 'string' && literal.type !== 'word')) throw new SyntaxError('value');
    return {
      kind: 'compare',
      property: word,
      op: op as 'eq',
      value: literal.type === 'string' ? literal.text : bare(literal.text),
    };
  };
  try {
    const tree = or();
    return at === list.length ? tree : undefined;
  } catch {
    return undefined;
  }
}

/** A property of an object by its filter path (`target/type`). */
export function valueAt(entry: unknown, property: string): unknown {
  return property
    .split('/')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? (value as Record<string, unknown>)[key]
          : undefined,
      entry,
    );
}

const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/** Two values in order: dates as instants, numbers as numbers, text as text; undefined when unlike. */
function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'string' && typeof b === 'string' && DATE.test(a) && DATE.test(b))
    return Date.parse(a) - Date.parse(b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return undefined;
}

/**
 * Whether an entry satisfies the filter: true, false, or undefined when the entry lacks a property the
 * answer depends on (an example shows some properties only).
 */
export function satisfies(entry: unknown, node: FilterNode): boolean | undefined {
  switch (node.kind) {
    case 'and': {
      const results = node.parts.map((part) => satisfies(entry, part));
      return results.includes(false) ? false : results.includes(undefined) ? undefined : true;
    }
    case 'or': {
      const results = node.parts.map((part) => satisfies(entry, part));
      return results.includes(true) ? true : results.includes(undefined) ? undefined : false;
    }
    case 'not': {
      const result = satisfies(entry, node.part);
      return result === undefined ? undefined : !result;
    }
    case 'function': {
      const actual = valueAt(entry, node.property);
      if (typeof actual !== 'string') return undefined;
      const [text, part] = [actual.toLowerCase(), node.value.toLowerCase()];
      return node.fn === 'startswith' ? text.startsWith(part) : text.includes(part);
    }
    case 'compare': {
      const actual = valueAt(entry, node.property);
      if (actual === undefined) return node.value === null ? node.op === 'eq' : undefined;
      if (node.op === 'eq' || node.op === 'ne') {
        const order = compare(actual, node.value);
        const equal = order === undefined ? actual === node.value : order === 0;
        return node.op === 'eq' ? equal : !equal;
      }
      const order = compare(actual, node.value);
      if (order === undefined) return undefined;
      return { gt: order > 0, ge: order >= 0, lt: order < 0, le: order <= 0 }[node.op];
    }
  }
}

/** The properties a filter reads, in order. */
export function filterProperties(node: FilterNode): string[] {
  if (node.kind === 'and' || node.kind === 'or') return [...new Set(node.parts.flatMap(filterProperties))];
  if (node.kind === 'not') return filterProperties(node.part);
  return [node.property];
}

/** `$orderby` as sort keys: `createdAt desc,name` → createdAt descending, then name. */
export function parseOrderBy(text: string): { property: string; descending: boolean }[] {
  return text
    .split(',')
    .map((key) => key.trim().split(/\s+/))
    .filter(([property]) => property)
    .map(([property, direction]) => ({ property, descending: direction?.toLowerCase() === 'desc' }));
}

/** The order of two entries under `$orderby`: negative when `a` comes first. */
export function orderOf(a: unknown, b: unknown, orderBy: string): number {
  for (const { property, descending } of parseOrderBy(orderBy)) {
    const order = compare(valueAt(a, property), valueAt(b, property)) ?? 0;
    if (order) return descending ? -order : order;
  }
  return 0;
}

/** The entries a call with this filter and order returns: those the filter does not exclude, sorted. */
export function applyQuery<T>(entries: T[], filter?: FilterNode, orderBy?: string): T[] {
  const kept = filter ? entries.filter((entry) => satisfies(entry, filter) !== false) : [...entries];
  return orderBy ? kept.sort((a, b) => orderOf(a, b, orderBy)) : kept;
}
