/** PowerShell text: literals for example calls, and objects as `Format-List` shows them. */

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A value written as a PowerShell literal: `'text'`, `42`, `$true`, `'a', 'b'`, `@{ key = 'value' }`. */
export function psLiteral(value: unknown): string {
  if (value === null || value === undefined) return '$null';
  if (typeof value === 'boolean') return value ? '$true' : '$false';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (Array.isArray(value)) {
    const items = value.map(psLiteral);
    return value.some((item) => item !== null && typeof item === 'object')
      ? `@(${items.join(', ')})`
      : items.join(', ');
  }
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([key, item]) => `${IDENTIFIER.test(key) ? key : psLiteral(key)} = ${psLiteral(item)}`,
  );
  return entries.length ? `@{ ${entries.join('; ')} }` : '@{}';
}

/**
 * A list of objects as a literal with one object a line, for an argument too long for one line:
 * `@(` on the parameter's line, each `@{ … }` indented below it and `)` on a line of its own (PowerShell
 * needs no backticks inside brackets).
 */
export function psLiteralLines(value: unknown[], indent = ''): string {
  return ['@(', ...value.map((item) => `${indent}    ${psLiteral(item)}`), `${indent})`].join('\n');
}

/**
 * A command and its arguments, wrapped with backticks when the line would be longer than `width`. An
 * argument of several lines (`psLiteralLines`) continues the line it starts on, and the arguments after
 * it follow its last line.
 */
export function psCommand(name: string, args: string[], width = 100): string {
  const lines: string[] = [name];
  for (const arg of args) {
    const [head, ...rest] = arg.split('\n');
    const last = lines.length - 1;
    if (`${lines[last]} ${head}`.length <= width || lines[last].trim() === '' || /^\s*\)$/.test(lines[last]))
      lines[last] += ` ${head}`;
    else {
      lines[last] += ' `';
      lines.push(`    ${head}`);
    }
    lines.push(...rest);
  }
  return lines.join('\n');
}

function listValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `{${value.map(listValue).join(', ')}}`;
  if (typeof value === 'object')
    return `@{${Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${key}=${listValue(item)}`)
      .join('; ')}}`;
  return String(value);
}

/** An object as PowerShell's default list view prints it: one `name : value` line per property. */
export function formatList(value: Record<string, unknown>): string {
  const keys = Object.keys(value);
  const width = Math.max(0, ...keys.map((key) => key.length));
  return keys.map((key) => `${key.padEnd(width)} : ${listValue(value[key])}`.trimEnd()).join('\n');
}

/* ---------------------------------------------------------------------------------------------- */
/* Reading PowerShell back: the example check reads the calls and outputs the pages show.        */
/* ---------------------------------------------------------------------------------------------- */

/** A variable in a call (`$request.id`): its value is not known from the text. */
export type PsVariable = { variable: string };

export const isPsVariable = (value: unknown): value is PsVariable =>
  Boolean(value) && typeof value === 'object' && typeof (value as PsVariable).variable === 'string';

/** One cmdlet call: its name, its arguments by parameter name (a switch is `true`), piped or not. */
export type PsInvocation = { name: string; args: Record<string, unknown>; piped: boolean };

/** A literal as `psLiteral` writes it (and the forms a hand-written example uses), from `text[at]` on. */
function readValue(text: string, start: number): [unknown, number] {
  let at = start;
  const one = (): unknown => {
    const char = text[at];
    if (char === "'") {
      let value = '';
      at++;
      while (at < text.length) {
        if (text[at] === "'" && text[at + 1] === "'") {
          value += "'";
          at += 2;
        } else if (text[at] === "'") {
          at++;
          break;
        } else value += text[at++];
      }
      return value;
    }
    if (char === '"') {
      let value = '';
      at++;
      while (at < text.length && text[at] !== '"') {
        if (text[at] === '`' && at + 1 < text.length) at++;
        value += text[at++];
      }
      at++;
      return value;
    }
    if (text.startsWith('@{', at)) {
      at += 2;
      const object: Record<string, unknown> = {};
      for (;;) {
        while (/[\s;]/.test(text[at] ?? '')) at++;
        if (at >= text.length || text[at] === '}') break;
        const [key, afterKey] = readValue(text, at);
        at = afterKey;
        while (/\s/.test(text[at] ?? '')) at++;
        if (text[at] !== '=') break;
        at++;
        while (/\s/.test(text[at] ?? '')) at++;
        const [value, afterValue] = readValue(text, at);
        object[String(key)] = value;
        at = afterValue;
      }
      at++;
      return object;
    }
    if (text.startsWith('@(', at)) {
      at += 2;
      const list: unknown[] = [];
      for (;;) {
        while (/[\s,]/.test(text[at] ?? '')) at++;
        if (at >= text.length || text[at] === ')') break;
        const [value, after] = readValue(text, at);
        list.push(...(Array.isArray(value) ? value : [value]));
        at = after;
      }
      at++;
      return list;
    }
    const word = /^[^\s,;)}|]+/.exec(text.slice(at))?.[0] ?? '';
    at += word.length;
    if (/^\$(true|false|null)$/i.test(word))
      return word.toLowerCase() === '$null' ? null : word.toLowerCase() === '$true';
    if (word.startsWith('$')) return { variable: word };
    return /^-?\d+(\.\d+)?$/.test(word) ? Number(word) : word;
  };
  const first = one();
  // `'a', 'b'`: a list without @( ).
  const list = [first];
  for (;;) {
    const comma = /^\s*,\s*/.exec(text.slice(at));
    if (!comma) break;
    at += comma[0].length;
    list.push(one());
  }
  return [list.length > 1 ? list : first, at];
}

/** The arguments after a cmdlet name, up to the end of its pipeline segment. */
function readArguments(text: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  let at = 0;
  for (;;) {
    while (/\s/.test(text[at] ?? '')) at++;
    if (at >= text.length) break;
    const name = /^-([A-Za-z]\w*)(:?)/.exec(text.slice(at));
    if (!name) {
      // A positional value: kept under its position.
      const [value, after] = readValue(text, at);
      args[`#${Object.keys(args).filter((key) => key.startsWith('#')).length}`] = value;
      at = Math.max(after, at + 1);
      continue;
    }
    at += name[0].length;
    while (!name[2] && /\s/.test(text[at] ?? '')) at++;
    if (at >= text.length || (!name[2] && /^-[A-Za-z]/.test(text.slice(at)))) {
      args[name[1]] = true;
      continue;
    }
    const [value, after] = readValue(text, at);
    args[name[1]] = value;
    at = after;
  }
  return args;
}

/** A script's statements a line each: a line break inside quotes or brackets continues the statement. */
function logicalLines(code: string): string[] {
  const lines: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let current = '';
  for (const char of code) {
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '{' || char === '(') depth++;
    else if (char === '}' || char === ')') depth--;
    else if (char === '\n' && depth <= 0) {
      lines.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  return [...lines, current];
}

/** Where a pipeline segment ends: a `|`, `;` or line end outside quotes and brackets. */
function segments(line: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '{' || char === '(') depth++;
    else if (char === '}' || char === ')') depth--;
    else if ((char === '|' || char === ';') && depth === 0) {
      parts.push(line.slice(start, i) + (char === '|' ? '\u0001' : ''));
      start = i + 1;
    }
  }
  parts.push(line.slice(start));
  return parts;
}

/** Every call of a `Verb-SMNoun` cmdlet in an example's code, in order. */
export function readInvocations(code: string): PsInvocation[] {
  const invocations: PsInvocation[] = [];
  const lines = logicalLines(code.replace(/ `\r?\n\s*/g, ' ').replace(/\|\s*\r?\n\s*/g, '| '));
  for (const line of lines) {
    let piped = false;
    for (const segment of segments(line)) {
      const pipes = segment.endsWith('\u0001');
      const text = pipes ? segment.slice(0, -1) : segment;
      const match = /^\s*(?:\$[\w.]+\s*=\s*)?([A-Z][a-z]+-SM[A-Za-z0-9]+)\b(.*)$/s.exec(text);
      if (match) invocations.push({ name: match[1], args: readArguments(match[2]), piped });
      piped = pipes;
    }
  }
  return invocations;
}

/** Splits `a, b` or `k=v; k2=v2` at the separator outside braces. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}') depth--;
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part !== '');
}

type ListSchema = {
  type?: string | string[];
  properties?: Record<string, ListSchema>;
  additionalProperties?: boolean | ListSchema;
  items?: ListSchema;
};

/** A value as the list view prints it, read back with the schema's types. */
export function readListValue(text: string, schema: ListSchema = {}): unknown {
  if (text === '') return undefined;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (text.startsWith('@{') && text.endsWith('}')) {
    const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {};
    return Object.fromEntries(
      splitTop(text.slice(2, -1), '; ').map((pair) => {
        const [key, ...rest] = pair.split('=');
        return [key, readListValue(rest.join('='), schema.properties?.[key] ?? extra)];
      }),
    );
  }
  if (type === 'array' || (text.startsWith('{') && text.endsWith('}'))) {
    const inner = text.startsWith('{') && text.endsWith('}') ? text.slice(1, -1) : text;
    return splitTop(inner, ', ').map((item) => readListValue(item, schema.items ?? {}));
  }
  if (type === 'boolean') return text === 'True' ? true : text === 'False' ? false : text;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** An output in PowerShell's list view, read back: one object per block, typed by the schema. */
export function readListOutput(output: string, schema: ListSchema = {}): Record<string, unknown>[] {
  return output
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      Object.fromEntries(
        block.split(/\r?\n/).flatMap((line) => {
          const match = /^(\S+)\s*:(?: (.*))?$/.exec(line);
          return match
            ? [[match[1], readListValue(match[2] ?? '', schema.properties?.[match[1]] ?? {})]]
            : [];
        }),
      ),
    );
}
